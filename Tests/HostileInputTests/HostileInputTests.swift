import Diagnostics
import Foundation
import MatrixFormat
import Testing
import YAMLDecoding

@testable import QAPassCLI

/// The hostile inputs of bench/hostile/run.sh that are cheap in-process (issue "Hardening"): each must end
/// with a documented exit code and a located message, never a crash or a hang.
struct HostileInputTests {
  /// Nine levels of ten aliases: 10^9 nodes if expanded.
  static let aliasBomb =
    "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    + (1...9).map { i in
      "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
    }
    .joined()

  /// Six dimensions of ten values: 10^6 combinations.
  static let millionCells = (0..<6).map { "d\($0): [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]\n" }.joined()

  @Test(arguments: ["lint", "expand"])
  func `an alias bomb stops at the alias-expansion limit`(command: String) throws {
    let scratch = try Scratch()
    try scratch.write("bomb.yaml", Self.aliasBomb)
    let run = scratch.qapass(command, "bomb.yaml")
    #expect(run.code == .dataError)
    #expect(
      run.firstErrorLine
        == "bomb.yaml:5:45: error: aliases expand to more than 100000 nodes (YAMLLimits.maxAliasExpansion)")
    #expect(run.out.isEmpty)
  }

  @Test(arguments: ["lint", "expand"])
  func `a hundred thousand nested brackets stop at the depth limit`(command: String) throws {
    let scratch = try Scratch()
    try scratch.write("nested.yaml", String(repeating: "[", count: 100_000) + "\n")
    let run = scratch.qapass(command, "nested.yaml")
    #expect(run.code == .dataError)
    #expect(
      run.firstErrorLine
        == "nested.yaml:1:65: error: nesting depth exceeds the limit of 64 (YAMLLimits.maxDepth)")
    // The excerpt shows 200 brackets and an ellipsis, not the 100,000-character line.
    #expect(run.err.utf8.count < 1000)
  }

  // bench/hostile/run.sh feeds the command line a real 100 MB file; in-process, a small limit shows the
  // same refusal without reading 64 MiB through a debug build.
  @Test func `a file over the input limit is refused with the limit named`() throws {
    let limits = YAMLLimits(maxInputBytes: 1024)
    let bytes = Array(repeating: UInt8(ascii: "#"), count: 1025)
    let error = try #require(throws: DiagnosticList.self) {
      try MatrixDocument.load(path: "big.yaml", bytes: bytes, limits: limits)
    }
    #expect(
      error.diagnostics.map(\.description) == [
        "big.yaml:1:1: error: input size exceeds the limit of 1024 bytes (YAMLLimits.maxInputBytes)"
      ])
  }

  @Test(arguments: ["lint", "expand"])
  func `a matrix over the combination limit is refused before it is expanded`(command: String) throws {
    let scratch = try Scratch()
    try scratch.write("cells.yaml", Self.millionCells)
    let run = scratch.qapass(command, "cells.yaml")
    #expect(run.code == .dataError)
    #expect(
      run.firstErrorLine
        == "cells.yaml:1:1: error: the matrix expands to 1000000 combinations, over the limit of 100000; split the "
        + "matrix, exclude more, or raise the limit with --max-combinations")
    #expect(run.out.isEmpty)
  }

  @Test func `--max-combinations raises the combination limit`() throws {
    let scratch = try Scratch()
    try scratch.write("cells.yaml", Self.millionCells)
    let run = scratch.qapass("lint", "cells.yaml", "--max-combinations", "1000000")
    #expect(run.code == .success)
    #expect(run.out == "cells.yaml: a GitHub-style matrix: 6 dimensions, 1000000 combinations (0 excluded)\n")
    #expect(run.err.isEmpty)
  }

  @Test func `a 300,000-character line is read as one value`() throws {
    let scratch = try Scratch()
    try scratch.write("long.yaml", "os: [" + String(repeating: "a", count: 300_000) + "]\n")
    let run = scratch.qapass("lint", "long.yaml")
    #expect(run.code == .success)
    #expect(run.out == "long.yaml: a GitHub-style matrix: 1 dimensions, 1 combinations (0 excluded)\n")
  }

  // Regression (issue "Hardening", bench/hostile): an error at the end of a 10 MB line printed a caret
  // padded with ten million spaces; the excerpt is now a window around the column.
  @Test func `an error at the end of a long line prints a bounded excerpt`() throws {
    let scratch = try Scratch()
    try scratch.write("long.yaml", "os: [" + String(repeating: "a", count: 300_000) + "]]\n")
    let run = scratch.qapass("lint", "long.yaml")
    #expect(run.code == .dataError)
    #expect(
      run.firstErrorLine
        == "long.yaml:1:300007: error: expected a key of the mapping that starts at 1:1, found ']'")
    #expect(run.err.utf8.count < 1000)
  }

  @Test func `invalid UTF-8 is located at the bad byte`() throws {
    let scratch = try Scratch()
    try scratch.write("latin1.yaml", Array("os: [caf".utf8) + [0xE9] + Array("]\n".utf8))
    let run = scratch.qapass("lint", "latin1.yaml")
    #expect(run.code == .dataError)
    #expect(
      run.firstErrorLine
        == "latin1.yaml:1:9: error: invalid UTF-8 byte sequence; YAML files must be UTF-8 text")
  }

  @Test func `a NUL byte is located and escaped in the excerpt`() throws {
    let scratch = try Scratch()
    try scratch.write("nul.yaml", Array("os: [a".utf8) + [0] + Array("b]\n".utf8))
    let run = scratch.qapass("expand", "nul.yaml")
    #expect(run.code == .dataError)
    #expect(
      run.err == """
        nul.yaml:1:7: error: control character U+0000 is not allowed in YAML; is this a binary or UTF-16 file?
        1 | os: [a\\u{0}b]
          |       ^

        """)
  }

  @Test(arguments: ["lint", "expand"])
  func `a directory is an unreadable input`(command: String) throws {
    let scratch = try Scratch()
    try FileManager.default.createDirectory(
      atPath: scratch.path("dir.yaml"), withIntermediateDirectories: false)
    let run = scratch.qapass(command, "dir.yaml")
    #expect(run.code == .noInput)
    #expect(run.err == "dir.yaml: error: is a directory, not a file\n")
  }

  // Workflow.read refuses anything but a regular file before opening it: /dev/zero would never
  // end and a FIFO without a writer would block forever.
  @Test func `a symlink to dev zero is refused, not read forever`() throws {
    let scratch = try Scratch()
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("zero.yaml"), withDestinationPath: "/dev/zero")
    let run = scratch.qapass("lint", "zero.yaml")
    #expect(run.code == .noInput)
    #expect(run.err == "zero.yaml: error: is not a regular file (a device, FIFO or socket)\n")
  }

  @Test func `a FIFO without a writer is refused, not waited on`() throws {
    let scratch = try Scratch()
    try #require(mkfifo(scratch.path("fifo"), 0o600) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("fifo.yaml"), withDestinationPath: scratch.path("fifo"))
    let run = scratch.qapass("expand", "fifo.yaml")
    #expect(run.code == .noInput)
    #expect(run.err == "fifo.yaml: error: is not a regular file (a device, FIFO or socket)\n")
  }

  // Root reads any file, so this runs only unprivileged; bench/hostile/run.sh covers it as `nobody`.
  @Test(.enabled(if: geteuid() != 0, "root ignores file permissions"))
  func `an unreadable file is an unreadable input`() throws {
    let scratch = try Scratch()
    let name = try scratch.write("locked.yaml", "os: [a]\n")
    try #require(chmod(scratch.path(name), 0) == 0)
    let run = scratch.qapass("lint", name)
    #expect(run.code == .noInput)
    #expect(run.err == "locked.yaml: error: cannot be read (permission denied?)\n")
  }
}
