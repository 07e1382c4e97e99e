import Effects
import Foundation
import Testing

@testable import Observations

struct AtomicFileTests {
  @Test func `write replaces a file and keeps its permissions`() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("report.md")
    try AtomicFile.write("old\n", to: path)
    chmod(path, 0o600)
    try AtomicFile.write("new 中文\n", to: path)
    #expect(directory.read("report.md") == "new 中文\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    #expect(directory.names == ["report.md"])
  }

  @Test func `a missing directory gives a clear error`() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("missing/report.md")
    let error = try #require(throws: FileSystemError.self) { try AtomicFile.write("x", to: path) }
    #expect(error.operation == .write)
    #expect(error.description == "cannot write '\(path)': No such file or directory")
    #expect(
      error.diagnostic.description == "\(path): error: cannot write the file: No such file or directory")
  }

  @Test(
    .enabled(
      if: ReadOnlyDirectory.canMake,
      "running as root, which ignores permission bits, without 'chattr +i': no folder can be read-only here"))
  func `a directory that cannot be written leaves the old file intact`() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("sheet.yaml")
    try AtomicFile.write("tester: mei\n", to: path)
    try #require(ReadOnlyDirectory.make(directory.path), "the folder could not be made read-only")
    defer { ReadOnlyDirectory.undo(directory.path) }
    let error = try #require(throws: FileSystemError.self) { try AtomicFile.write("tester: ken\n", to: path) }
    #expect(error.operation == .write)
    #expect([EACCES, EPERM].contains(error.code))
    #expect(directory.read("sheet.yaml") == "tester: mei\n")
  }

  @Test func `the target being a directory fails and leaves no temporary file`() throws {
    let directory = TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: directory.file("out"), withIntermediateDirectories: false)
    try FileManager.default.createDirectory(
      atPath: directory.file("out/keep"), withIntermediateDirectories: false)
    let error = try #require(throws: FileSystemError.self) {
      try AtomicFile.write("x", to: directory.file("out"))
    }
    #expect([EISDIR, ENOTEMPTY, EEXIST].contains(error.code))
    #expect(directory.names == ["out"])
  }
}

/// Makes a directory unwritable even for root: permission bits, and `chattr +i` when running as root.
enum ReadOnlyDirectory {
  /// Whether a folder can be made read-only here (tried once on a scratch folder).
  static let canMake: Bool = {
    let scratch = TemporaryDirectory()
    defer { undo(scratch.path) }
    return make(scratch.path)
  }()

  static func make(_ path: String) -> Bool {
    chmod(path, 0o555)
    if access(path, W_OK) != 0 { return true }
    guard run("/usr/bin/chattr", ["+i", path]) else { return false }
    let probe = "\(path)/.probe"
    let fd = open(probe, O_WRONLY | O_CREAT, 0o644)
    if fd >= 0 {
      close(fd)
      unlink(probe)
      undo(path)
      return false
    }
    return true
  }

  static func undo(_ path: String) {
    _ = run("/usr/bin/chattr", ["-i", path])
    chmod(path, 0o755)
  }

  private static func run(_ executable: String, _ arguments: [String]) -> Bool {
    guard FileManager.default.isExecutableFile(atPath: executable) else { return false }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
