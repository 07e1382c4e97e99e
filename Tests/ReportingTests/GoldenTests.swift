import Foundation
import ScenarioEngine
import TestSupport
import Testing

@testable import Reporting

/// Golden files for every artefact of the default matrix with fixed ingested manual outcomes.
struct GoldenTests {
  @Test(.needsEngines) func `checklist of the iPhone 16e on iOS 26 matches its golden file`() throws {
    let checklists = Checklists.render(
      plan: try Fixture.defaultPlan.get(), file: try Fixture.defaultFile.get())
    let checklist = try #require(checklists.first { $0.fileName == "iphone-16e.26.x.md" })
    assertSnapshot(checklist.markdown, named: "checklist-iphone-16e.26.x.md")
  }

  @Test(.needsEngines) func `simulator checklist matches its golden file`() throws {
    let checklists = Checklists.render(
      plan: try Fixture.defaultPlan.get(), file: try Fixture.defaultFile.get())
    let checklist = try #require(checklists.first { $0.fileName == "sim-iphone-16e.18.x.md" })
    assertSnapshot(checklist.markdown, named: "checklist-sim-iphone-16e.18.x.md")
  }

  /// The small matrix run against the naive negative controls: automated failures with traces.
  static func naiveReport() throws -> AcceptanceReport {
    let plan = try SmallCase.plan()
    return AcceptanceReport.make(
      plan: plan, run: AutomatedRun.run(plan, subject: .naive), manual: SmallCase.statuses(plan, .pass),
      generatedAt: "2026-11-29T12:00:00Z")
  }

  @Test(.needsEngines) func `a report of automated failures with traces matches its golden file`() throws {
    let report = try Self.naiveReport()
    #expect(report.verdict == .rejected)
    #expect(report.items.contains { !$0.steps.isEmpty })
    // Three failures in detail, then the rest by id: the golden stays small and shows the capping.
    let limits = MarkdownLimits(listed: 5, detailed: 3, traces: true, maxBytes: 1_048_576)
    assertSnapshot(MarkdownReportWriter.markdown(report, limits: limits), named: "report-naive-small.md")
  }

  @Test(.needsEngines) func `every writer's files for the tiny case match their golden files`() throws {
    let report = try TinyCase.report()
    #expect(report.verdict == .rejected)
    for writer in ReportWriters.all {
      for file in writer.init().write(report) {
        let reviewed = file.path == "report.json" ? try Self.firstItems(file.contents, report) : file.contents
        assertSnapshot(reviewed, named: "tiny/" + file.path)
        #expect(reviewed.split(separator: "\n").count <= 500, "\(file.path) is too long to review")
      }
    }
  }

  /// report.json as written, its `items` and `checks` arrays cut after the first two: a person reviews
  /// each section's shape in the golden file, and every item's and check's id is checked here against the
  /// report.
  static func firstItems(_ json: String, _ report: AcceptanceReport) throws -> String {
    let decoded = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let items = try #require(decoded["items"] as? [[String: Any]])
    #expect(items.compactMap { $0["id"] as? String } == report.items.map(\.id.rawValue))
    let checks = try #require(decoded["checks"] as? [[String: Any]])
    #expect(checks.compactMap { $0["id"] as? String } == report.checks.map(\.id.rawValue))
    var lines = json.split(separator: "\n", omittingEmptySubsequences: false)
    for (key, noun, count) in [("checks", "checks", checks.count), ("items", "items", items.count)] {
      let start = try #require(lines.firstIndex(of: "  \"\(key)\": ["))
      let end = try #require(lines[start...].firstIndex { $0 == "  ]," || $0 == "  ]" })
      let ends = lines[start..<end].indices.filter { lines[$0] == "    }," }
      guard ends.count > 2 else { continue }
      let kept = ["    … \(count - 2) more \(noun), their ids checked by the test"]
      lines.replaceSubrange((ends[1] + 1)..<end, with: kept.map { Substring($0) })
    }
    return lines.joined(separator: "\n")
  }

  @Test func `the since-the-last-pass section matches its golden file`() throws {
    let report = try TinyCase.report()
    let changes = try #require(report.changes)
    #expect(changes.newlyFailing.map(\.id) == TinyCase.automated)
    #expect(changes.fixed.map(\.id) == [TinyCase.manual[1]])
    #expect(changes.stillFailing.map(\.id) == [TinyCase.manual[0]])
    #expect(changes.newlyUntested.count == 1)
    #expect(changes.removedItems == 1)
    assertSnapshot(
      MarkdownReportWriter.sinceLastPass(changes, limits: .full), named: "since-last-pass.md")
  }
}
