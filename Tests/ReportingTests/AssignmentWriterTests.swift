import Foundation
import MatrixFormat
import QAModel
import Testing

@testable import Reporting
@testable import ScenarioEngine

/// `plan --assign --format markdown` and `json` (issue 23: `--assign` ignored `--format`), read by
/// cmark-gfm and JSONSerialization.
struct AssignmentWriterTests {
  static func plan() throws -> Plan {
    try Plan.make(file: try Fixture.file(yaml: yaml(), path: "small.yaml"), engines: nil)
  }

  static func yaml() -> String {
    SmallCase.yaml.replacingOccurrences(
      of: "haptics:\n  confirmation:",
      with: """
        testers:
          - {name: "ana|b", devices: [phone-a], time_zone: Europe/Lisbon}
          - {name: "*kim*", devices: [phone-b]}
        haptics:
          confirmation:
        """)
  }

  @Test func `the registry has the plan's format names`() {
    #expect(Writers.assignment.identifiers.sorted() == Writers.plan.identifiers.sorted())
  }

  @Test(.needsCmarkGFM)
  func `the Markdown renders on GitHub as a heading and two tables, names as written`() throws {
    let plan = try Self.plan()
    #expect(plan.assignments.count == 3)
    let html = try WriterTests.render(try Writers.assignment.text(plan, format: "markdown"))
    #expect(html.contains("<h1>Assignment: Small form</h1>"))
    #expect(html.components(separatedBy: "<table>").count - 1 == 2)
    #expect(html.contains("<td>ana|b</td>"), "a | in a name stays in its cell")
    #expect(html.contains("<td>*kim*</td>"), "a name is not emphasis")
    #expect(html.contains("<td><code>phone-b.18.x</code></td>"))
    #expect(WriterTests.strayTableRows(html).isEmpty)
  }

  @Test(.needsCmarkGFM) func `the changes render on GitHub as a list under their heading`() throws {
    let html = try WriterTests.render(try Writers.assignment.text(try Self.replanned(), format: "markdown"))
    #expect(
      html.contains(
        "<h2>Changes since the checklists were written</h2>\n<ul>\n<li>\(Self.change)</li>\n</ul>"))
  }

  @Test func `the JSON names every session and its tester`() throws {
    let plan = try Self.plan()
    let text = try Writers.assignment.text(plan, format: "json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let sessions = try #require(object["sessions"] as? [[String: Any]])
    #expect(sessions.map { $0["session"] as? String } == plan.assignments.map(\.session.description))
    #expect(sessions.map { $0["tester"] as? String } == plan.assignments.map(\.tester))
    let testers = try #require(object["testers"] as? [[String: Any]])
    #expect(testers.map { $0["name"] as? String } == ["ana|b", "*kim*"])
    #expect(testers.first?["time_zone"] as? String == "Europe/Lisbon")
    #expect(testers.last?["time_zone"] is NSNull)
    #expect(try Writers.assignment.text(plan, format: "json") == text, "deterministic")
  }

  /// The plan made again after the checklists were written for a session it no longer has.
  static func replanned() throws -> Plan {
    var previous: [SessionID: String?] = [:]
    for assignment in try plan().assignments { previous[assignment.session] = .some(assignment.tester) }
    previous[SessionID(device: "phone-c", os: "26.x")] = .some("ana|b")
    return try Plan.make(
      file: try Fixture.file(yaml: yaml(), path: "small.yaml"), engines: nil, assignedBefore: previous)
  }
  static let change = "ana|b lost phone-c.26.x: the plan no longer has the session"

  // Issue 22, point 3: the plan lists every change of the assignment, in every format.
  @Test func `every format lists the changes since the checklists were written`() throws {
    let first = try Self.plan()
    let plan = try Self.replanned()
    let change = Self.change
    #expect(plan.assignmentChanges.map(\.description) == [change])
    #expect(try Writers.assignment.text(plan, format: "table").hasSuffix("(1):\n- \(change)\n"))
    #expect(try Writers.assignment.text(plan, format: "markdown").contains("## Changes since the checklists"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(try Writers.assignment.text(plan, format: "json").utf8))
        as? [String: Any])
    let changes = try #require(object["changes"] as? [[String: Any]])
    #expect(changes.count == 1)
    #expect(changes.first?["reason"] as? String == "session_gone")
    #expect(changes.first?["from"] as? String == "ana|b")
    #expect(changes.first?["to"] is NSNull)
    // Without a previous assignment there is nothing to list.
    #expect(
      (try JSONSerialization.jsonObject(with: Data(try Writers.assignment.text(first, format: "json").utf8))
        as? [String: Any])?["changes"] as? [Any] != nil)
    #expect(!(try Writers.assignment.text(first, format: "markdown")).contains("## Changes"))
  }
}
