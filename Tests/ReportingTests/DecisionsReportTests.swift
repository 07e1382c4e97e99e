import Diagnostics
import Foundation
import MatrixFormat
import Observations
import QAModel
import Testing

@testable import Reporting

/// What the QA lead's decisions do to a report (issue 36): a waiver that holds keeps a failure from
/// rejecting and is listed under the verdict; retired observations, defects, carried results and
/// evidence files are shown in every format.
enum DecidedCase {
  static let time = "2026-11-29T11:00:00Z"

  static func decisions(today: String = "2026-11-30", build: String? = "1.0 (1)") throws -> ReportDecisions {
    let at = try Timestamp.parse(time)
    let m2 = TinyCase.manual[0]
    var decisions = ReportDecisions()
    decisions.file = DecisionFile(entries: [
      .init(
        decision: Decision(
          action: .waive, itemID: m2, by: "lead", time: at, reason: "iOS keyboard bug FB123", approver: "kim",
          expiry: .date("2026-12-24")), path: "observations/decisions.yaml",
        location: TextPosition(line: 5, column: 5)),
      .init(
        decision: Decision(action: .defect, itemID: m2, by: "lead", time: at, defects: ["JIRA-12", "#7"]),
        path: "observations/decisions.yaml", location: TextPosition(line: 11, column: 5)),
    ])
    decisions.retired = [
      RetiredObservation(
        id: "manual.ime.m1.phone-a.26.x.ko-2set.name", result: .fail, tester: "mei",
        path: "observations/records.yaml", location: TextPosition(line: 40, column: 5),
        retirement: Decision(
          action: .retire, itemID: "manual.ime.m1.phone-a.26.x.ko-2set.name", by: "lead", time: at,
          reason: "Korean left the plan"))
    ]
    decisions.policy.defectURL = "https://tracker.example.com/browse/{id}"
    decisions.today = today
    decisions.build = build
    decisions.attachmentLinks = [
      "evidence/\(String(repeating: "a", count: 64)).png": "../observations/evidence/a.png"
    ]
    return decisions
  }

  /// The tiny case with no automated failure, its failure waived and tied to defects, the passing
  /// haptic item carried from an earlier build with a stored screenshot.
  static func report(today: String = "2026-11-30") throws -> AcceptanceReport {
    let plan = try TinyCase.plan()
    var statuses = TinyCase.statuses(plan)
    var carried = statuses[1]
    carried.deciding?.observation.carried = Observation.Carry(
      fromBuild: "0.9 (7)", by: "lead", time: try Timestamp.parse(time), reason: "haptics untouched")
    carried.deciding?.observation.attachments = ["evidence/\(String(repeating: "a", count: 64)).png"]
    statuses[1] = carried
    return AcceptanceReport.make(
      plan: plan, run: SmallCase.run(plan, failing: []), manual: statuses,
      generatedAt: "2026-11-29T12:00:00Z",
      checklists: "checklists", decisions: try decisions(today: today))
  }
}

struct DecisionsReportTests {
  @Test func `a waiver that holds keeps the failure from rejecting and is listed under the verdict`() throws {
    let report = try DecidedCase.report()
    #expect(
      report.verdict == .incomplete, "blocked and stale items remain; the waived failure does not reject")
    #expect(
      report.reasons.contains(
        "Waived failure \(TinyCase.manual[0]): waived, approved by kim (waived by lead at 2026-11-29T11:00:00Z), "
          + "until 2026-12-24: iOS keyboard bug FB123."))
    // Negative control: without the decisions the same failure rejects.
    let plan = try TinyCase.plan()
    let undecided = AcceptanceReport.make(
      plan: plan, run: SmallCase.run(plan, failing: []), manual: TinyCase.statuses(plan), generatedAt: nil)
    #expect(undecided.verdict == .rejected)
    // Past its day it rejects again.
    let expired = try DecidedCase.report(today: "2026-12-25")
    #expect(expired.verdict == .rejected)
    #expect(expired.reasons.contains { $0.hasPrefix("Not waived: \(TinyCase.manual[0]): waiver expired") })
  }

  @Test func `report.md, the summary, report.json and junit.xml show the decisions`() throws {
    let report = try DecidedCase.report()
    let md = MarkdownReportWriter.markdown(report)
    #expect(md.contains("## Decisions"))
    #expect(
      md.contains(
        "| `manual.ime.m1.phone-a.26.x.ko-2set.name` | fail | mei | `observations/records.yaml:40` | lead at "
          + "2026-11-29T11:00:00Z | Korean left the plan |"))
    let links =
      "[JIRA-12](<https://tracker.example.com/browse/JIRA-12>), [\\#7](<https://tracker.example.com/browse/%237>)"
    #expect(md.contains("- Defects: \(links)"))
    #expect(
      md.contains(
        "- **Carried results:** 1 of the 3 manual results were carried from earlier builds (1 pass)"))
    #expect(MarkdownReportWriter.markdown(report, limits: .summary).contains(links))
    let json = JSONReportWriter.json(report).rendered(trailingNewline: true)
    #expect(json.contains("\"url\": \"https://tracker.example.com/browse/%237\""))
    #expect(json.contains("\"attachment_links\": [\n        \"../observations/evidence/a.png\""))
    let junit = JUnitReportWriter().write(report).map(\.contents).joined()
    #expect(junit.contains("defect: JIRA-12 https://tracker.example.com/browse/JIRA-12"))
    #expect(junit.contains("carried_from_build: 0.9 (7)"))
  }
}
