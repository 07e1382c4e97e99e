import QAModel

@testable import Reporting
@testable import ScenarioEngine

/// The small matrix re-planned (issue 34 point 6): the Korean keyboard renamed with `renamed_from:` and
/// Phone B dropped, compared with the report of the first plan, where a Korean item and a Phone B item
/// failed.
enum ReplannedCase {
  static let yaml = SmallCase.yaml.replacingOccurrences(of: "ko-2set", with: "ko-dubeolsik")
    .replacingOccurrences(of: "    expect: 김진우\n", with: "    expect: 김진우\n    renamed_from: [ko-2set]\n")
    .replacingOccurrences(
      of: "  - {id: phone-b, name: Phone B, kind: device, haptics: true, os: {min: \"18.0\"}}\n", with: ""
    )
    .replacingOccurrences(of: "device: [phone-a, phone-b]", with: "device: [phone-a]")

  /// The item failing in both reports, under its id then and now, and the failure of the dropped phone.
  static let renamed: (before: ItemID, after: ItemID) = (
    "manual.ime.m1.phone-a.26.x.ko-2set.name", "manual.ime.m1.phone-a.26.x.ko-dubeolsik.name"
  )
  static let dropped: ItemID = "manual.ime.m1.phone-b.26.x.ko-2set.name"

  /// The report of the first plan, as the second reads it back.
  static func previous() throws -> PreviousReport {
    let first = try SmallCase.plan()
    let earlier = SmallCase.report(
      first, run: SmallCase.run(first),
      manual: SmallCase.statuses(first, .pass, overrides: [renamed.before: .fail, dropped: .fail]))
    return try PreviousReport.parse(
      Array(JSONReportWriter.json(earlier).rendered().utf8), path: "reports/report.json")
  }

  static func report() throws -> AcceptanceReport {
    let plan = try Plan.make(file: try Fixture.file(yaml: yaml, path: "small.yaml"))
    let manual = SmallCase.statuses(plan, .pass, overrides: [renamed.after: .fail])
    return AcceptanceReport.make(
      plan: plan, run: SmallCase.run(plan), manual: manual, generatedAt: "2026-11-30T12:00:00Z",
      previous: try previous())
  }
}
