import Foundation
import MatrixFormat
import Observations
import Reporting
import ScenarioEngine
import TestSupport
import Testing

/// `qapass record --session S` driven through a real terminal: the built `qapass` runs under
/// util-linux `script`, which gives it a pseudo-terminal (issue 13, part 4).
struct InteractiveRecordTests {
  /// The `qapass` executable built beside this test bundle.
  static var executable: URL {
    let me =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    var folder = URL(fileURLWithPath: me).deletingLastPathComponent()
    while folder.pathComponents.count > 1 {
      let candidate = folder.appendingPathComponent("qapass")
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        return candidate
      }
      folder = folder.deletingLastPathComponent()
    }
    return repositoryRoot.appendingPathComponent(".build/debug/qapass")
  }

  /// A `qapass` child on a pseudo-terminal; answers are written one line at a time.
  final class TerminalSession {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()

    init(_ command: String, in directory: URL) throws {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
      process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
      process.currentDirectoryURL = directory
      process.environment = ["PATH": "/usr/bin:/bin", "TERM": "dumb", "HOME": directory.path]
      process.standardInput = input
      process.standardOutput = output
      process.standardError = output
      try process.run()
    }

    var text: String { String(decoding: buffer, as: UTF8.self) }

    /// Reads until `marker` has appeared `count` times (or output ends).
    func wait(for marker: String, count: Int = 1) {
      while text.components(separatedBy: marker).count - 1 < count {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { return }
        buffer += chunk
      }
    }

    func send(_ line: String) {
      input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    func kill() {
      _ = Foundation.kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }

    /// The processes `script` started, children first: the shell running the command, then `qapass`.
    var descendants: [pid_t] {
      var found: [pid_t] = []
      var next = [process.processIdentifier]
      while let pid = next.popLast() {
        let children =
          (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8))?
          .split(separator: " ").compactMap { pid_t($0) } ?? []
        found += children
        next += children
      }
      return found
    }

    /// Sends SIGKILL to `executable` itself (not to `script`), as a crash or `kill -9` would, and waits
    /// until the terminal is gone; `false` when no such process was found.
    func kill(executable: URL) -> Bool {
      let target = descendants.first {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\($0)/exe")) == executable.path
      }
      guard let target, Foundation.kill(target, SIGKILL) == 0 else { return false }
      process.waitUntilExit()
      return true
    }
  }

  @Test func `a walk on a terminal records each answer as given, and an interrupted walk keeps them`() throws
  {
    try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"))
    let qapass = Self.executable
    try #require(FileManager.default.isExecutableFile(atPath: qapass.path), "build qapass first")
    let ws = try Workspace()
    defer { ws.remove() }
    let session = try TerminalSession(
      "\(qapass.path) record --session iphone-16e.26.x --tester mei --os 26.4", in: ws.url)
    session.wait(for: "Result [p/f/b/s")
    #expect(session.text.contains("[1/17] #1 M1 · "))
    #expect(session.text.contains("Steps:\r\n  1. Open the form"))
    #expect(session.text.contains("Expected:\r\n  - No error message appears"))
    // Notes a hand-written sheet would break on: ': ', '#', quotes, a leading '-'.
    let note = "- stayed: red # after \"张伟\" and 'Return'"
    session.send("p")
    session.send(note)
    session.send("https://qa.example.com/1.png")
    session.wait(for: "Recorded pass for #1")
    session.send("")  // leave #2 untested
    session.wait(for: "Result [p/f/b/s", count: 3)
    session.send("b")
    session.send("")  // a blocked item needs its reason: asked again
    session.send("the test phone is being restored")
    session.send("")
    session.send("")
    session.wait(for: "Recorded blocked for #3")
    session.wait(for: "Result [p/f/b/s", count: 4)
    // The tester's terminal goes away in the middle of the walk.
    session.kill()

    let records = ObservationFile(
      path: "records.yaml", bytes: Array(try ws.text("observations/records.yaml").utf8))
    let matrix = try MatrixDocument.load(
      path: "default.yaml", bytes: Array(try ws.text("matrices/default.yaml").utf8)
    ).document
    guard case .qapass(let file) = matrix else { throw CocoaError(.fileReadCorruptFile) }
    let ingest = Ingest.run(files: [records], catalog: ObservableCatalog(plan: try Plan.make(file: file)))
    #expect(ingest.diagnostics.isEmpty)
    // Each answer is recorded as soon as its result is given, then completed by a second record of
    // the same result and time (note, links): one answer per item, the completed one deciding.
    #expect(ingest.items.map(\.observations.count).reduce(0, +) == 3)
    #expect(ingest.items.allSatisfy { $0.conflicts.isEmpty })
    let observations = ingest.items.compactMap(\.deciding).map(\.observation).sorted {
      $0.itemID < $1.itemID
    }
    #expect(
      observations.map(\.itemID) == [
        "manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name",
        "manual.ime.m3.iphone-16e.26.x.zh-pinyin.full-name",
      ])
    #expect(observations.map(\.result) == [.pass, .blocked])
    #expect(observations.map(\.note) == [note, "the test phone is being restored"])
    #expect(observations.first?.evidence == ["https://qa.example.com/1.png"])
    #expect(
      observations.allSatisfy { $0.tester == "mei" && $0.device == "iphone-16e" && $0.textVersion == 2 })

    // The next walk starts with what is still untested: #2, then #4.
    let again = try TerminalSession(
      "\(qapass.path) record --session iphone-16e.26.x --tester mei --os 26.4", in: ws.url)
    again.wait(for: "Result [p/f/b/s")
    #expect(again.text.contains("15 items without a result"))
    #expect(again.text.contains("[1/15] #2 M2 · "))
    again.send("q")
    again.wait(for: "answers are in")
    again.process.waitUntilExit()
    #expect(again.process.terminationStatus == 0)
  }

  @Test func `numbers from the checklist name items, and a walk needs a terminal`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    let run = ws.run(exactOS("record", "3", "--session", "iphone-16e.26.x", "--result", "pass"))
    #expect(run.code == .success)
    #expect(
      run.out.hasPrefix("recorded pass for manual.ime.m3.iphone-16e.26.x.zh-pinyin.full-name by qa-bot"))
    let beyond = ws.run(exactOS("record", "99", "--session", "iphone-16e.26.x", "--result", "pass"))
    #expect(beyond.code == .usage)
    #expect(beyond.err.hasPrefix("Error: session 'iphone-16e.26.x' has items 1 to 17; there is no item 99"))
    let unknown = ws.run(exactOS("record", "1", "--session", "iphone-16e.26x", "--result", "pass"))
    #expect(unknown.err.hasPrefix("Error: unknown session 'iphone-16e.26x'; did you mean 'iphone-16e.26.x'?"))
    let walk = ws.run("record", "--session", "iphone-16e.26.x")
    #expect(walk.code == .usage)
    #expect(walk.err.hasPrefix("Error: walking a session needs a terminal"))
  }

  @Test func `checklists name their assignee and the report shows each tester's progress`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("matrices/new-user.yaml"),
      to: ws.url.appendingPathComponent("matrices/new-user.yaml"))
    let assign = ws.run("plan", "matrices/new-user.yaml", "--assign")
    #expect(assign.out.contains("yuki    Asia/Tokyo     4         68\n"))
    #expect(ws.run("checklist", "matrices/new-user.yaml").code == .success)
    #expect(try ws.text("checklists/iphone-se-3.26.x.md").contains("| Assigned to | yuki (Asia/Tokyo) |"))
    let record = ws.run(
      exactOS(
        "record", "2", "--session", "iphone-se-3.26.x", "--result", "pass", "--matrix",
        "matrices/new-user.yaml",
        "--tester", "yuki"))
    #expect(record.code == .success)
    _ = ws.run("report", "matrices/new-user.yaml")
    let report = try ws.text("reports/report.md")
    #expect(report.contains("| Tester | Done | Outcomes | Sessions | Assigned | Time |\n"))
    let yuki = try #require(report.split(separator: "\n").first { $0.hasPrefix("| yuki |") })
    #expect(yuki.contains("| 1/68 done in 4 sessions |"))
    let mei = try #require(report.split(separator: "\n").first { $0.hasPrefix("| mei |") })
    #expect(mei.contains("| 0/53 done in 4 sessions |"))
  }

  static let hostileNotes = [
    "stayed: red", "# not a comment", "\"quoted\" and 'single'", "two\nlines", "- starts with a dash",
    "-stayed: red # after \"张伟\"", "  padded  ", "key: value\n- item\n  nested: x",
  ]

  /// Issue 13: a note that would break a hand-written sheet is written quoted and comes back intact.
  @Test(arguments: hostileNotes)
  func `any note text survives record and ingest`(_ note: String) throws {
    let ws = try Workspace()
    defer { ws.remove() }
    let record = ws.run(
      exactOS("record", "manual.haptic.h1.iphone-16e.26.x", "--result", "fail", "--note", note))
    #expect(record.code == .success, "\(record.err)")
    _ = ws.run("report", "matrices/default.yaml")
    let json = try JSONSerialization.jsonObject(with: Data(try ws.text("reports/report.json").utf8))
    func strings(_ value: Any) -> [String] {
      if let text = value as? String { return [text] }
      if let list = value as? [Any] { return list.flatMap(strings) }
      if let object = value as? [String: Any] { return object.values.flatMap(strings) }
      return []
    }
    #expect(strings(json).contains(note))
  }
}
