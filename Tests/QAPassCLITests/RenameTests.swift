import Foundation
import TestSupport
import Testing

/// Renames keep history (issue 22, point 5): renaming an input method id turned records.yaml and the
/// sheets into errors and took a real Korean device failure out of the verdict, with no did-you-mean;
/// changing a keyboard identifier kept old passes.
struct RenameTests {
  static let renamed = TeamMatrix.text.replacingOccurrences(of: "ko-2set", with: "ko-dubeolsik")
  static let declared = renamed.replacingOccurrences(
    of: "  - id: ko-dubeolsik\n", with: "  - id: ko-dubeolsik\n    renamed_from: [ko-2set]\n")
  static let newM1 = "manual.ime.m1.phone-a.26.x.ko-dubeolsik.given-name"

  /// A workspace where minji recorded a failure of M1 under the old id, and hana a pass of M2 in the
  /// session's sheet.
  static func failureRecorded() throws -> Workspace {
    let ws = try TeamMatrix.workspace()
    #expect(ws.run("checklist", TeamMatrix.path).code == .success)
    let record = ws.run(
      exactOS(
        "record", "1", "--session", TeamMatrix.session, "--result", "fail", "--tester", "minji", "--note",
        "an error while composing"))
    #expect(record.code == .success, "\(record.err)")
    let sheet = "checklists/phone-a.26.x.observations.yaml"
    let id = "manual.ime.m2.phone-a.26.x.ko-2set.given-name"
    let text = try ws.text(sheet).replacingOccurrences(
      of: "- id: \(id)\n    result: untested\n    tester:\n    time:\n",
      with: "- id: \(id)\n    result: pass\n    tester: hana\n    time: \"2026-11-29T09:00:00Z\"\n")
    #expect(text.contains("tester: hana"))
    try ws.write(text, to: sheet)
    return ws
  }

  @Test func `an undeclared rename keeps the failure out of ACCEPTED, says why and suggests renamed_from`()
    throws
  {
    let ws = try Self.failureRecorded()
    defer { ws.remove() }
    try ws.write(Self.renamed, to: TeamMatrix.path)
    // The checklists numbered the old item (checklists/ledger.yaml): a keyboard dropped and another added
    // looks the same, so the failure is listed with the rename to declare, and the exit code is the verdict.
    let pass = ws.run("pass", TeamMatrix.path)
    #expect(pass.code == .incomplete)
    // The messages are built from typed parts: a chain of `+` over interpolations inside `#expect` took
    // the type checker seconds.
    let suggestion: String =
      "did you mean '\(Self.newM1)'? (input method 'ko-2set' is not in the plan; if it was renamed "
      + "'ko-dubeolsik', add 'renamed_from: [ko-2set]' to input method 'ko-dubeolsik' in the matrix)\n"
    let dropped: String =
      "observations/records.yaml:6:9: warning: '\(TeamMatrix.m1)' failed, and a re-plan dropped it (it was "
      + "item 1 of the checklist of session 'phone-a.26.x'): not counted as a failure, it keeps the verdict "
      + "from ACCEPTED until the matrix declares the rename ('renamed_from:') or it is retired "
      + "(qapass retire \(TeamMatrix.m1) --reason …); " + suggestion
    #expect(pass.err.contains(dropped))
    #expect(
      pass.out.contains("verdict: INCOMPLETE\n  - 1 failure is recorded for an item the plan does not have"))
    let report = try ws.text("reports/report.md")
    #expect(report.contains("## Results for items the plan does not have"))
    #expect(report.contains("| `\(TeamMatrix.m1)` | fail | minji | `observations/records.yaml:6` |"))
    let json =
      try JSONSerialization.jsonObject(with: Data(try ws.text("reports/report.json").utf8)) as? [String: Any]
    let unplanned = try #require(json?["unplanned_observations"] as? [[String: Any]])
    #expect(unplanned.compactMap { $0["id"] as? String }.contains(TeamMatrix.m1))
    // The sheet's pass is a result too: the regenerated sheet keeps it (a pass of an item no longer
    // planned is retired), the record's failure stays in records.yaml untouched.
    #expect(try ws.text("checklists/phone-a.26.x.observations.yaml").contains("tester: hana"))

    // An id no checklist numbered (here: the ledger is gone) is an error of its file, with the same
    // suggestion.
    try FileManager.default.removeItem(at: ws.url.appendingPathComponent("checklists/ledger.yaml"))
    let unknown = ws.run("pass", TeamMatrix.path)
    #expect(unknown.code == .dataError)
    let unknownID: String =
      "observations/records.yaml:6:9: error: unknown item id '\(TeamMatrix.m1)'; " + suggestion
    #expect(unknown.err.contains(unknownID))
    #expect(try ws.text("reports/report.md").contains("### Results for items the plan does not have"))
  }

  @Test func `a declared rename: records and sheets follow the new id, and the failure rejects`() throws {
    let ws = try Self.failureRecorded()
    defer { ws.remove() }
    try ws.write(Self.declared, to: TeamMatrix.path)
    let pass = ws.run("pass", TeamMatrix.path)
    #expect(pass.code == .failure, "\(pass.err)")
    #expect(pass.out.contains("verdict: REJECTED\n  - 1 manual item failed on devices: \(Self.newM1)."))
    let json = try ws.text("reports/report.json")
    #expect(json.contains("\"unplanned_observations\": []"))
    // The sheet's pass stays with its item under the old id, never retired, and counts.
    let sheet = try ws.text("checklists/phone-a.26.x.observations.yaml")
    #expect(sheet.contains("- id: manual.ime.m2.phone-a.26.x.ko-2set.given-name\n    result: pass\n"))
    #expect(!sheet.contains("\n    retired: true"))
    let report = try ws.text("reports/report.md")
    #expect(report.contains("(2 of 8 done)"), "\(report)")
  }

  @Test func `a renamed device keeps its observations`() throws {
    let ws = try TeamMatrix.workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist", TeamMatrix.path).code == .success)
    #expect(
      ws.run(exactOS("record", TeamMatrix.h1, "--result", "fail", "--tester", "minji")).code == .success)
    let renamed = TeamMatrix.text.replacingOccurrences(of: "phone-a", with: "iphone-15-blue")
      .replacingOccurrences(of: "{id: iphone-15-blue, ", with: "{id: iphone-15-blue, renamed_from: phone-a, ")
    try ws.write(renamed, to: TeamMatrix.path)
    let report = ws.run("report", TeamMatrix.path)
    #expect(report.code == .failure, "\(report.err)")
    #expect(report.out.contains("1 manual item failed on devices: manual.haptic.h1.iphone-15-blue.26.x."))
  }

  @Test
  func `a changed keyboard identifier makes earlier observations of that keyboard stale, with the reason`()
    throws
  {
    let ws = try TeamMatrix.workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist", TeamMatrix.path).code == .success)
    #expect(
      ws.run(exactOS("record", "1", "--session", TeamMatrix.session, "--result", "pass", "--tester", "minji"))
        .code
        == .success)
    #expect(try ws.text("observations/records.yaml").contains("keyboard: \(TeamMatrix.keyboard)\n"))
    _ = ws.run("report", TeamMatrix.path)
    #expect(try ws.text("reports/report.json").contains("\"stale\": 0"))
    let other = "ko_KR@sw=Korean10Key;hw=Automatic"
    try ws.write(
      TeamMatrix.text.replacingOccurrences(of: TeamMatrix.keyboard, with: other), to: TeamMatrix.path)
    _ = ws.run("report", TeamMatrix.path)
    let report = try ws.text("reports/report.md")
    // report.md escapes the identifiers' underscores.
    let md = { (text: String) in text.replacingOccurrences(of: "_", with: "\\_") }
    #expect(
      report.contains(
        "| `\(TeamMatrix.m1)` | pass | keyboard '\(md(TeamMatrix.keyboard))' was tested; the item's keyboard is now "
          + "'\(md(other))' |"))
  }
}
