import Foundation
import MatrixFormat
import Testing

@testable import Reporting
@testable import ScenarioEngine

/// `plan --assign --format markdown` and `json` (issue 23: `--assign` ignored `--format`), read by
/// cmark-gfm and JSONSerialization.
struct AssignmentWriterTests {
  static func plan() throws -> Plan {
    let yaml = SmallCase.yaml.replacingOccurrences(
      of: "haptics:\n  confirmation:",
      with: """
        testers:
          - {name: "ana|b", devices: [phone-a], time_zone: Europe/Lisbon}
          - {name: "*kim*", devices: [phone-b]}
        haptics:
          confirmation:
        """)
    return try Plan.make(file: try Fixture.file(yaml: yaml, path: "small.yaml"), engines: nil)
  }

  @Test func `the registry has the plan's format names`() {
    #expect(Writers.assignment.identifiers.sorted() == Writers.plan.identifiers.sorted())
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: WriterTests.cmark),
      "cmark-gfm is not installed (Debian package cmark-gfm); GitHub rendering not checked"))
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
}
