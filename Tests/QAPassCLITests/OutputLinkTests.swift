import Foundation
import TestSupport
import Testing

@testable import QAPassCLI

/// qapass never follows a link it did not create (issue 32, finding 2): a link planted as the records
/// file's lock made `record` overwrite the file it pointed at, and a link committed into `checklists/`
/// or `reports/` made `checklist` and `pass` write outside the repository.
struct OutputLinkTests {
  static let item = "manual.haptic.h1.iphone-16e.26.x"

  /// A fresh path in the temporary folder, outside the workspace.
  static func outside() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("qapass-outside-\(UUID())").path
  }

  /// What qapass says of an output link at `path` pointing at `target`.
  static func refusal(_ path: String, _ target: String, _ doing: String = "write") -> String {
    "\(path): error: cannot \(doing): is a symbolic link to '\(target)'; qapass never follows a link it did "
      + "not create (remove it, or pass --follow-output-links to write to its target)\n"
  }

  /// Creates a symbolic link at `path` in the workspace pointing at `target`.
  static func link(_ ws: Workspace, _ path: String, to target: String) throws {
    try FileManager.default.createSymbolicLink(
      atPath: ws.url.appendingPathComponent(path).path, withDestinationPath: target)
  }

  @Test func `record refuses a lock file planted as a link, and the linked file stays intact`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    let victim = "struct ToolTests {}\n"
    try ws.write(victim, to: "Tests/ToolTests.swift")
    try ws.write("", to: "observations/.keep")
    let target = ws.url.appendingPathComponent("Tests/ToolTests.swift").path
    try Self.link(ws, "observations/.records.yaml.lock", to: target)
    let run = ws.run(exactOS("record", Self.item, "--result", "pass"))
    #expect(run.code == .cannotCreate)
    #expect(
      run.err
        == "observations/.records.yaml.lock: error: cannot lock: is a symbolic link to 'Tests/ToolTests.swift'; qapass never follows a link it did not create (remove it)\n"
    )
    #expect(try ws.text("Tests/ToolTests.swift") == victim)
    #expect(
      !FileManager.default.fileExists(atPath: ws.url.appendingPathComponent("observations/records.yaml").path)
    )
  }

  @Test func `record refuses a dangling lock link and never creates its target`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    try ws.write("", to: "observations/.keep")
    let target = ws.url.appendingPathComponent("planted.txt").path
    try Self.link(ws, "observations/.records.yaml.lock", to: target)
    let run = ws.run(exactOS("record", Self.item, "--result", "pass"))
    #expect(run.code == .cannotCreate)
    #expect(run.err.contains("is a symbolic link to 'planted.txt'"))
    #expect(!FileManager.default.fileExists(atPath: target))
  }

  @Test func `a records file that is a link is refused unless links are followed`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    try ws.write("version: 1\nobservations: []\n", to: "shared/records.yaml")
    try ws.write("", to: "observations/.keep")
    try Self.link(ws, "observations/records.yaml", to: "../shared/records.yaml")
    let refused = ws.run(exactOS("record", Self.item, "--result", "pass"))
    #expect(refused.code == .cannotCreate)
    #expect(refused.err == Self.refusal("observations/records.yaml", "../shared/records.yaml"))
    #expect(try ws.text("shared/records.yaml") == "version: 1\nobservations: []\n")
    let followed = ws.run(exactOS("record", Self.item, "--result", "pass", "--follow-output-links"))
    #expect(followed.code == .success, "\(followed.err)")
    #expect(try ws.text("shared/records.yaml").contains(Self.item))
  }

  @Test func `checklist refuses a checklist committed as a link, naming it and its target`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist").code == .success)
    let outside = Self.outside()
    try "outside\n".write(toFile: outside, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: outside) }
    try FileManager.default.removeItem(at: ws.url.appendingPathComponent("checklists/iphone-16e.26.x.md"))
    try Self.link(ws, "checklists/iphone-16e.26.x.md", to: outside)
    let run = ws.run("checklist")
    #expect(run.code == .cannotCreate)
    #expect(run.err.hasSuffix(Self.refusal("checklists/iphone-16e.26.x.md", outside)))
    #expect(try String(contentsOfFile: outside, encoding: .utf8) == "outside\n")
    let followed = ws.run("checklist", "--follow-output-links")
    #expect(followed.code == .success, "\(followed.err)")
    #expect(try String(contentsOfFile: outside, encoding: .utf8).hasPrefix("#"))
  }

  @Test func `pass refuses a report committed as a link and a reports folder that is a link`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    let outside = Self.outside()
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: outside) }
    try ws.write("", to: "reports/.keep")
    try Self.link(ws, "reports/report.md", to: outside + "/report.md")
    let file = ws.run("pass")
    #expect(file.code == .cannotCreate)
    #expect(file.err.contains(Self.refusal("reports/report.md", outside + "/report.md")))
    #expect(!FileManager.default.fileExists(atPath: outside + "/report.md"))

    try FileManager.default.removeItem(at: ws.url.appendingPathComponent("reports"))
    try Self.link(ws, "reports", to: outside)
    let folder = ws.run("pass")
    #expect(folder.code == .cannotCreate)
    #expect(folder.err.contains(Self.refusal("reports", outside, "write into it")))
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
  }
}
