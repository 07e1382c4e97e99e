import Effects
import Foundation
import TestSupport
import Testing

@testable import QAPassCLI

/// Output paths and standard output (issue "Every mistake caught early; no output ever destroys a file",
/// parts 1, 2 and 7): no output replaces a link, FIFO or device; `-` is standard output; missing folders
/// are made only when asked; a failed write to standard output exits 74.
struct OutputPathTests {
  static let matrix = try! String(
    contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("matrices/default.yaml"), encoding: .utf8)

  /// A working folder `/w` with the default matrix, in memory, plus `entries`.
  static func files(_ entries: [String: InMemoryFileSystem.Entry] = [:]) -> InMemoryFileSystem {
    var all: [String: InMemoryFileSystem.Entry] = [
      "/w": .folder, "/w/m.yaml": .file(Array(matrix.utf8)), "/dev": .folder,
      "/dev/full": .device(full: true), "/dev/null": .device(full: false), "/dev/sda": .blockDevice,
    ]
    all.merge(entries) { $1 }
    return InMemoryFileSystem(all)
  }

  static func run(_ files: InMemoryFileSystem, _ arguments: String..., outFailure: Int32? = nil) -> ToolRun {
    run(files, arguments, outFailure: outFailure)
  }

  /// The same run, its arguments as an array.
  static func run(_ files: InMemoryFileSystem, _ arguments: [String], outFailure: Int32? = nil) -> ToolRun {
    final class Box: @unchecked Sendable {
      var out = ""
      var err = ""
    }
    let box = Box()
    let console = Console(
      currentDirectory: "/w", out: { box.out += $0 }, err: { box.err += $0 }, outFailure: { outFailure })
    let code = Tool.run(arguments: arguments, console: console, files: files)
    return ToolRun(code: code, out: box.out, err: box.err)
  }

  struct Refusal: Sendable, CustomTestStringConvertible {
    var path: String
    var entry: InMemoryFileSystem.Entry?
    var message: String
    var testDescription: String { path }
  }

  @Test(arguments: [
    Refusal(
      path: "/dev/sda", entry: nil,
      message:
        "/dev/sda: error: cannot write: is a block device; qapass writes only regular files, FIFOs and character devices"
    ),
    Refusal(
      path: "/dev/full", entry: nil, message: "/dev/full: error: cannot write: No space left on device"),
    Refusal(
      path: "out.xml", entry: .link(to: "/w/gone.xml"),
      message:
        "out.xml: error: cannot write: is a symbolic link to 'gone.xml'; qapass never follows a link it did not create (remove it, or pass --follow-output-links to write to its target)"
    ),
    Refusal(
      path: "out.xml", entry: .link(to: "/dev/sda"),
      message:
        "out.xml: error: cannot write: is a symbolic link to '/dev/sda'; qapass never follows a link it did not create (remove it, or pass --follow-output-links to write to its target)"
    ),
    Refusal(
      path: "out.xml", entry: .fifo(hasReader: false),
      message: "out.xml: error: cannot write: is a FIFO that no process is reading"),
    Refusal(
      path: "out.xml", entry: .folder, message: "out.xml: error: cannot write: is a folder; give a file name"),
    Refusal(
      path: "no/such/out.xml", entry: nil,
      message:
        "no/such/out.xml: error: cannot write: folder 'no/such' does not exist; create it, or pass --create-folders"
    ),
  ])
  func `run --junit refuses what it must not replace, exit 73, and leaves it as it was`(_ c: Refusal) {
    let target = c.path.hasPrefix("/") ? c.path : "/w/\(c.path)"
    let files = Self.files(c.entry.map { [target: $0] } ?? [:])
    let before = files[target]
    let run = Self.run(files, "run", "m.yaml", "--junit", c.path)
    #expect(run.code == .cannotCreate)
    #expect(run.err == c.message + "\n")
    #expect(files[target] == before)
  }

  @Test func `an output never replaces an input of the same command`() {
    let files = Self.files(["/w/latest.yaml": .link(to: "/w/m.yaml")])
    // A link is refused as a link first; followed, it still names the input.
    for path in ["m.yaml", "latest.yaml"] {
      let run = Self.run(files, "run", "m.yaml", "--junit", path, "--follow-output-links")
      #expect(run.code == .cannotCreate)
      #expect(
        run.err
          == "\(path): error: cannot write: this command reads it; qapass never writes an output over an input\n"
      )
    }
    #expect(files.text("/w/m.yaml") == Self.matrix)
  }

  @Test(.needsEngines) func `a FIFO with a reader and a character device are written through`() {
    let files = Self.files(["/w/pipe": .fifo(hasReader: true)])
    let run = Self.run(files, "run", "m.yaml", "--junit", "pipe", "--json", "/dev/null")
    #expect(run.code == .success)
    #expect(files["/w/pipe"] == .fifo(hasReader: true))
    #expect(String(decoding: files.received("/w/pipe"), as: UTF8.self).hasPrefix("<?xml"))
    #expect(files["/dev/null"] == .device(full: false))
    #expect(files.received("/dev/null").count > 1000)
  }

  @Test func `followed links are refused for what they point at`() {
    for (entry, message) in [
      (
        "/w/gone.xml",
        "out.xml: error: cannot write: is a symbolic link to nothing; qapass never replaces a link (remove it or point it at a file)"
      ),
      (
        "/dev/sda",
        "out.xml: error: cannot write: is a symbolic link to a block device; qapass writes only regular files, FIFOs and character devices"
      ),
    ] {
      let files = Self.files(["/w/out.xml": .link(to: entry)])
      let run = Self.run(files, "run", "m.yaml", "--junit", "out.xml", "--follow-output-links")
      #expect(run.code == .cannotCreate)
      #expect(run.err == message + "\n")
    }
  }

  @Test(.needsEngines) func `a followed symbolic link keeps pointing at the report it names`() {
    let files = Self.files(["/w/latest.xml": .link(to: "/w/r1.xml"), "/w/r1.xml": .file([])])
    #expect(Self.run(files, "run", "m.yaml", "--junit", "latest.xml").code == .cannotCreate)
    #expect(files.text("/w/r1.xml") == "")
    #expect(
      Self.run(files, "run", "m.yaml", "--junit", "latest.xml", "--follow-output-links").code == .success)
    #expect(files["/w/latest.xml"] == .link(to: "/w/r1.xml"))
    #expect(files.text("/w/r1.xml")?.hasPrefix("<?xml") == true)
  }

  @Test(.needsEngines, arguments: ["-", "/dev/stdout"])
  func `- and /dev/stdout mean standard output, and the summary moves to stderr`(path: String) {
    let files = Self.files()
    let run = Self.run(files, "run", "m.yaml", "--junit", path)
    #expect(run.code == .success)
    #expect(run.out.hasPrefix("<?xml"))
    #expect(run.err.contains("items: 121, passed: 121"))
    #expect(files["/w/-"] == nil)
  }

  @Test(.needsEngines) func `missing folders are made with --create-folders only`() {
    let files = Self.files()
    #expect(Self.run(files, "run", "m.yaml", "--json", "a/b/r.json").code == .cannotCreate)
    #expect(files["/w/a"] == nil)
    #expect(Self.run(files, "run", "m.yaml", "--json", "a/b/r.json", "--create-folders").code == .success)
    #expect(files.text("/w/a/b/r.json")?.hasPrefix("{") == true)
  }

  @Test func `report --out - prints the report; --out in a missing folder is refused`() {
    let files = Self.files()
    let run = Self.run(files, "report", "m.yaml", "--out", "-", "--format", "junit")
    #expect(run.code == .incomplete)
    #expect(run.out.hasPrefix("<?xml"))
    #expect(run.err.hasPrefix("verdict: INCOMPLETE\n"))
    let missing = Self.run(files, "report", "m.yaml", "--out", "no/reports")
    #expect(missing.code == .cannotCreate)
    #expect(
      missing.err
        == "no/reports: error: cannot create the folder: 'no' does not exist; create it, or pass --create-folders\n"
    )
    #expect(Self.run(files, "report", "m.yaml", "--out", "reports").code == .incomplete)
    #expect(files.text("/w/reports/report.md") != nil)
  }

  @Test func `record refuses - and a FIFO as its records file`() {
    let files = Self.files(["/w/pipe": .fifo(hasReader: true)])
    let item = "manual.haptic.h1.iphone-16e.26.x"
    let dash = Self.run(
      files,
      exactOS("record", item, "--result", "pass", "--tester", "mei", "--matrix", "m.yaml", "--file", "-"))
    #expect(dash.code == .cannotCreate)
    #expect(
      dash.err == "-: error: records are read back and appended to, so '-' cannot be one; name a file\n")
    let fifo = Self.run(
      files,
      exactOS("record", item, "--result", "pass", "--tester", "mei", "--matrix", "m.yaml", "--file", "pipe"))
    #expect(fifo.code == .cannotCreate)
    #expect(
      fifo.err
        == "pipe: error: cannot append: records are rewritten atomically, so they need a regular file\n")
    #expect(files["/w/pipe"] == .fifo(hasReader: true))
  }

  @Test func `a failed write to standard output exits 74 with a message; a closed pager is quiet`() {
    let full = Self.run(Self.files(), "plan", "m.yaml", outFailure: ENOSPC)
    #expect(full.code == .ioError)
    #expect(full.err == "qapass: error: cannot write to standard output: No space left on device\n")
    let pager = Self.run(Self.files(), "plan", "m.yaml", outFailure: EPIPE)
    #expect(pager.code == .success)
    #expect(pager.err.isEmpty)
  }

  @Test func `help help and help --help describe help`() {
    for arguments in [["help", "help"], ["help", "--help"]] {
      let run = Self.run(Self.files(), arguments[0], arguments[1])
      #expect(run.code == .success)
      #expect(run.out.hasPrefix("OVERVIEW: Show the help of qapass or of one subcommand.\n"))
    }
  }

  /// Issue 33: a matrix of physical devices only made the plan job fail (exit 65); it is an empty
  /// matrix the workflow skips, and standard error says so.
  @Test func `a github-matrix without simulator sessions is empty, exit 0`() {
    let phones = Self.matrix.replacingOccurrences(of: "kind: simulator", with: "kind: device")
    let files = Self.files(["/w/phones.yaml": .file(Array(phones.utf8))])
    let run = Self.run(files, "plan", "phones.yaml", "--format", "github-matrix")
    #expect(run.code == .success)
    #expect(run.out == "{\"include\":[]}\n")
    #expect(
      run.err
        == "no simulator sessions: the matrix is empty ({\"include\":[]}), so skip the simulator jobs when it "
        + "has no row\n")
    let jobs = Self.run(files, "plan", "phones.yaml", "--format", "simulator-jobs")
    #expect(jobs.code == .success && jobs.out.isEmpty)
  }
}
