import Effects
import Foundation
import QAPassWorkflow
import TestSupport
import Testing

/// issue 22 point 8: a retest that fixed a failure read as a "conflict" in report.json. A later pass after
/// a fail of the same item is its current result and the report says it was fixed; a real disagreement
/// stays a conflict.
struct RetestReportTests {
  typealias Fixture = UseCaseTests.Fixture

  static func record(
    _ fixture: Fixture, _ id: String, _ result: String, at time: String, by tester: String = "mei"
  ) throws {
    var inputs = Workflow.RecordInputs(source: UseCaseTests.source, item: id)
    inputs.result = .init(rawValue: result)
    inputs.time = time
    inputs.tester = tester
    inputs.os = ExactOS.release(in: id)
    _ = try fixture.workflow.record(inputs)
  }

  /// The items of `reports/report.json` by id, and its `since_previous`.
  static func report(_ fixture: Fixture) throws -> (items: [String: [String: Any]], since: [String: Any]?) {
    let text = try #require(fixture.files.text("/w/reports/report.json"))
    let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let items = try #require(json["items"] as? [[String: Any]])
    return (
      Dictionary(uniqueKeysWithValues: items.map { ($0["id"] as? String ?? "", $0) }),
      json["since_previous"] as? [String: Any]
    )
  }

  @Test(.needsEngines) func `a retest after a failure reads as fixed in report.json and report.md`() throws {
    let fixture = Fixture()
    let (m1, m2) = (UseCaseTests.manualItems[0], UseCaseTests.manualItems[1])
    try Self.record(fixture, m1, "fail", at: "2026-12-01T09:00:00Z")
    try Self.record(fixture, m2, "fail", at: "2026-12-01T09:00:00Z")
    let first = try fixture.workflow.report(.init(source: UseCaseTests.source))
    #expect(first.value.verdict == .rejected)
    #expect(try Self.report(fixture).items[m1]?["outcome"] as? String == "fail")

    // m1 retested by the same tester half an hour later; m2 contradicted by another tester two minutes on.
    try Self.record(fixture, m1, "pass", at: "2026-12-01T09:30:00Z")
    try Self.record(fixture, m2, "pass", at: "2026-12-01T09:02:00Z", by: "ken")
    _ = try fixture.workflow.report(.init(source: UseCaseTests.source))
    let (items, since) = try Self.report(fixture)
    // Where the first (failing) entry of each item starts in the records file.
    let lines = try #require(fixture.files.text("/w/observations/records.yaml")).split(
      separator: "\n", omittingEmptySubsequences: false)
    func line(_ id: String) -> Int { (lines.firstIndex { $0.hasSuffix("- id: \(id)") } ?? -1) + 1 }
    let fixed = try #require(items[m1])
    #expect(fixed["outcome"] as? String == "pass")
    #expect(fixed["fixed_on_retest"] as? Bool == true)
    #expect(fixed["conflicts"] == nil)
    #expect(
      fixed["superseded"] as? [String] == [
        "mei recorded fail at 2026-12-01T09:00:00Z (observations/records.yaml:\(line(m1)))"
      ])
    // Since the last pass, m1 is fixed; m2, whose pass is disputed, is not.
    let fixedSince = try #require(since?["fixed"] as? [[String: Any]])
    #expect(fixedSince.map { $0["id"] as? String } == [m1])

    // Negative control: two testers two minutes apart is a conflict, not a retest.
    let conflicting = try #require(items[m2])
    #expect(conflicting["outcome"] as? String == "pass")
    #expect(conflicting["fixed_on_retest"] == nil)
    #expect(conflicting["superseded"] == nil)
    #expect(
      conflicting["conflicts"] as? [String]
        == ["mei recorded fail at 2026-12-01T09:00:00Z (observations/records.yaml:\(line(m2)))"])

    let markdown = try #require(fixture.files.text("/w/reports/report.md"))
    #expect(markdown.contains("## Fixed on retest\n"))
    #expect(
      markdown.contains(
        "| `\(m1)` | mei recorded fail at 2026-12-01T09:00:00Z (observations/records.yaml:\(line(m1))) | mei recorded "
          + "pass at "
          + "2026-12-01T09:30:00Z |"))
    #expect(!markdown.contains("| `\(m2)` | mei recorded fail"))
  }
}
