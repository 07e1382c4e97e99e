import Effects
import Foundation
import TestSupport
import Testing

@testable import QAPassCLI

/// What a QA lead decides about a pass's results without a text editor (issue 36): retire, waive,
/// defects, carry-forward and the audit log, on a pass that was re-planned and had its build bumped.
struct DecisionTests {
  static func matrix(build: String = "2.0 (20)", methods: String = "[zh-pinyin, ko-2set]") -> String {
    """
    version: 1
    name: Decided pass
    build: "\(build)"
    input_methods:
      - {id: zh-pinyin, label: Pinyin, keyboard: zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic, recipe: zhang1wei3, expect: 张伟}
      - {id: ko-2set, label: Korean, keyboard: ko_KR@sw=Korean;hw=Automatic, recipe: rlawlsdn, expect: 김진우}
    devices:
      - {id: phone-a, name: Phone A, kind: device, haptics: true, os: {min: "26.0"}}
    fields:
      - {id: name, label: Name, rules: [required]}
    haptics:
      confirmation:
        - {type: transient, time: 0, intensity: 1.0, sharpness: 0.5}
    decisions:
      defect_url: "https://tracker.example.com/browse/{id}"
      unwaivable: [h2]
    matrix:
      os: ["26.x"]
      input_method: \(methods)
      device: [phone-a]

    """
  }

  /// 2026-12-01T10:00:00Z, plus `minutes`.
  static func run(_ files: InMemoryFileSystem, minutes: Int64 = 0, _ arguments: String...) -> ToolRun {
    run(files, minutes: minutes, arguments)
  }

  /// The same run, its arguments as an array.
  static func run(_ files: InMemoryFileSystem, minutes: Int64 = 0, _ arguments: [String]) -> ToolRun {
    qapass(
      arguments, in: "/w", environment: ["QAPASS_TESTER": "mei"], files: files,
      clock: FixedWallClock(secondsSince1970: 1_796_119_200 + minutes * 60))
  }

  static let pinyinM2 = "manual.ime.m2.phone-a.26.x.zh-pinyin.name"
  static let pinyinM1 = "manual.ime.m1.phone-a.26.x.zh-pinyin.name"
  static let koreanM1 = "manual.ime.m1.phone-a.26.x.ko-2set.name"
  static let hapticH2 = "manual.haptic.h2.phone-a.26.x"

  /// Every item of the session recorded on build 2.0 (pinyin M2 and Korean M1 fail), then the pass
  /// re-planned without Korean and bumped to build 2.1.
  static func replannedAndBumped() throws -> InMemoryFileSystem {
    let files = InMemoryFileSystem(["/w": .folder, "/w/m.yaml": .file(Array(matrix().utf8))])
    #expect(run(files, "checklist", "m.yaml").code == .success)
    for number in 1...11 {
      let result = [2, 4].contains(number) ? "fail" : "pass"
      let recorded = run(
        files,
        exactOS(
          "record", String(number), "--session", "phone-a.26.x", "--result", result, "--matrix", "m.yaml")
      )
      #expect(recorded.code == .success, "\(recorded.err)")
    }
    try files.writeAtomically(
      Array(matrix(build: "2.1 (21)", methods: "[zh-pinyin]").utf8), to: "/w/m.yaml")
    return files
  }

  static func report(_ files: InMemoryFileSystem) throws -> (md: String, json: [String: Any]) {
    let md = try #require(files.text("/w/reports/report.md"))
    let data = Data(try #require(files.text("/w/reports/report.json")).utf8)
    return (md, try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
  }

  static func item(_ json: [String: Any], _ id: String) -> [String: Any]? {
    (json["items"] as? [[String: Any]])?.first { $0["id"] as? String == id }
  }

  @Test func `retire, carry, defect and waive from the command line turn the verdict and show in the report`()
    throws
  {
    let files = try Self.replannedAndBumped()
    // Before any decision: the dropped Korean failure is listed, everything else is stale on 2.1.
    let before = Self.run(files, minutes: 10, "pass", "m.yaml")
    #expect(before.code == .incomplete, "\(before.err)")
    #expect(before.out.contains("1 failure is recorded for an item the plan does not have"))
    #expect(before.out.contains("qapass retire \(Self.koreanM1) --reason"))
    #expect(before.out.contains("8 manual items stale."))

    // Retire: the failure leaves the verdict, and the report says who retired it and why.
    let retired = Self.run(
      files, minutes: 11, "retire", Self.koreanM1, "--reason", "Korean left the plan", "--by", "lead")
    #expect(retired.code == .success, "\(retired.err)")
    // Carry: the build changes the settings screen only; the carried failure stays a failure.
    let carried = Self.run(
      files, minutes: 12, "carry", "--from-build", "2.0 (20)", "--device", "phone-a", "--reason",
      "2.1 changes the settings screen only", "--by", "lead")
    #expect(carried.code == .success, "\(carried.err)")
    #expect(
      carried.out.hasPrefix(
        "carried 8 of 8 items chosen from build 2.0 (20) to build 2.1 (21) (7 pass, 1 fail) in observations/records.yaml"
      ))
    let rejected = Self.run(files, minutes: 13, "pass", "m.yaml")
    #expect(rejected.code == .failure, "\(rejected.err)")
    #expect(rejected.out.contains("1 manual item failed on devices: \(Self.pinyinM2)."))
    #expect(!rejected.out.contains("does not have"), "the retired failure no longer counts")
    #expect(before.err.contains("failed, and a re-plan dropped it"))
    #expect(!rejected.err.contains("failed, and a re-plan dropped it"), "its warning is not repeated either")
    var (md, json) = try Self.report(files)
    #expect(md.contains("### Retired observations"))
    let row = try #require(md.split(separator: "\n").first { $0.hasPrefix("| `\(Self.koreanM1)` |") })
    #expect(row.hasPrefix("| `\(Self.koreanM1)` | fail | mei | `observations/records.yaml:"))
    #expect(row.hasSuffix("| lead at 2026-12-01T10:11:00Z | Korean left the plan |"))
    #expect(
      md.contains(
        "- **Carried results:** 8 of the 8 manual results were carried from earlier builds (7 pass, 1 fail); "
          + "0 were tested on this build"))
    #expect(
      md.contains("- Carried from build 2.0 (20) by lead at 2026-12-01T10:12:00Z: 2.1 changes the settings"))
    let retiredJSON = try #require((json["retired_observations"] as? [[String: Any]])?.first)
    #expect(
      retiredJSON["retired_by"] as? String == "lead"
        && retiredJSON["reason"] as? String == "Korean left the plan")
    let counts = try #require(json["counts"] as? [String: Any])
    #expect((counts["manual_carried"] as? [String: Any])?["fail"] as? Int == 1)
    #expect((counts["manual_carried"] as? [String: Any])?["total"] as? Int == 8)
    #expect(
      ((Self.item(json, Self.pinyinM2)?["observation"] as? [String: Any])?["carried"] as? [String: Any])?[
        "from_build"] as? String == "2.0 (20)")

    // Defects: linked through the matrix's template in report.md, the summary, report.json and junit.xml.
    let defect = Self.run(files, minutes: 14, "defect", Self.pinyinM2, "JIRA-12", "#7", "--by", "lead")
    #expect(defect.code == .success, "\(defect.err)")
    // Waivers: an unwaivable check, an item that passes and a past day are refused.
    let unwaivable = Self.run(
      files, minutes: 15, "waive", Self.hapticH2, "--reason", "r", "--approver", "kim", "--expires",
      "2026-12-24")
    #expect(unwaivable.code == .usage)
    #expect(
      unwaivable.err.contains("the matrix forbids waivers of check h2 ('decisions: unwaivable' in m.yaml)"))
    let passing = Self.run(
      files, minutes: 15, "waive", Self.pinyinM1, "--reason", "r", "--approver", "kim", "--expires",
      "2026-12-24")
    #expect(passing.err.contains("'\(Self.pinyinM1)' has no current failure to waive (it is pass)"))
    let past = Self.run(
      files, minutes: 15, "waive", Self.pinyinM2, "--reason", "r", "--approver", "kim", "--expires",
      "2026-11-30")
    #expect(past.err.contains("'--expires 2026-11-30' has passed (today is 2026-12-01, UTC)"))
    let waived = Self.run(
      files, minutes: 16, "waive", Self.pinyinM2, "--reason", "iOS keyboard bug FB123", "--approver", "kim",
      "--expires", "2026-12-24", "--by", "lead")
    #expect(waived.code == .success, "\(waived.err)")
    let accepted = Self.run(files, minutes: 17, "pass", "m.yaml")
    #expect(accepted.code == .success, "\(accepted.out)\(accepted.err)")
    #expect(
      accepted.out.contains(
        "Waived failure \(Self.pinyinM2): waived, approved by kim (waived by lead at 2026-12-01T10:16:00Z), "
          + "until 2026-12-24: iOS keyboard bug FB123."))
    (md, json) = try Self.report(files)
    #expect(md.contains("## Verdict: ACCEPTED"))
    #expect(
      md.contains(
        "| `\(Self.pinyinM2)` | holds | iOS keyboard bug FB123 | kim | 2026-12-24 | lead at 2026-12-01T10:16:00Z |"
      ))
    let links =
      "[JIRA-12](<https://tracker.example.com/browse/JIRA-12>), [\\#7](<https://tracker.example.com/browse/%237>)"
    #expect(md.contains("- Defects: \(links)"))
    #expect(files.text("/w/reports/report-summary.md")?.contains(links) == true)
    let m2 = try #require(Self.item(json, Self.pinyinM2))
    #expect((m2["waiver"] as? [String: Any])?["status"] as? String == "holds")
    #expect(
      (m2["defects"] as? [[String: Any]])?.map { $0["url"] as? String } == [
        "https://tracker.example.com/browse/JIRA-12", "https://tracker.example.com/browse/%237",
      ])
    #expect((json["counts"] as? [String: Any])?["waived"] as? Int == 1)
    let junit = try #require(files.text("/w/reports/junit.xml"))
    #expect(junit.contains("defect: JIRA-12 https://tracker.example.com/browse/JIRA-12"))

    // The next pass compares with this one: the failure is still tied to its defects.
    let again = Self.run(files, minutes: 17, "pass", "m.yaml")
    #expect(again.out.contains("0 newly untested or stale; defects still open: JIRA-12, #7"), "\(again.out)")
    #expect(!accepted.out.contains("defects still open"), "the previous report tied no defect")
    let open = try #require(try Self.report(files).json["since_previous"] as? [String: Any])
    #expect(open["defects_still_open"] as? [String] == ["JIRA-12", "#7"])

    // The audit log has every change, with who and from which command; history tells the item's story.
    let audit = try #require(files.text("/w/observations/audit.log"))
    let lines = audit.split(separator: "\n")
    #expect(lines.count == 11 + 1 + 8 + 1 + 1, "11 records, 1 retirement, 8 carried, 1 defect, 1 waiver")
    #expect(
      lines.contains(
        #"{"action":"waive","by":"lead","detail":"reason: iOS keyboard bug FB123; approver: kim; expires: 2026-12-24","item":"manual.ime.m2.phone-a.26.x.zh-pinyin.name","origin":"qapass waive","time":"2026-12-01T10:16:00Z"}"#
      ))
    let history = Self.run(files, minutes: 18, "history", Self.pinyinM2)
    #expect(history.code == .success, "\(history.err)")
    let story = history.out.split(separator: "\n").map(String.init)
    #expect(story.first == "history of \(Self.pinyinM2): 8 events")
    #expect(story.contains { $0.hasPrefix("2026-12-01T10:00:00Z  observed  mei  fail, build 2.0 (20)") })
    #expect(
      story.contains {
        $0.contains("carried from build 2.0 (20) by lead") && $0.contains("decides the item (fail)")
      })
    #expect(
      story.contains { $0.hasPrefix("2026-12-01T10:16:00Z  waive  lead  reason: iOS keyboard bug FB123") })
    #expect(story.last?.hasPrefix("2026-12-01T10:16:00Z  audit: waive  lead") == true)
  }

  @Test func `a waiver that expires, or a failure anew, turns the verdict back to REJECTED`() throws {
    let files = try Self.replannedAndBumped()
    #expect(Self.run(files, minutes: 11, "retire", Self.koreanM1, "--reason", "dropped").code == .success)
    #expect(
      Self.run(
        files, minutes: 12, "carry", "--from-build", "2.0 (20)", "--device", "phone-a", "--reason", "r"
      )
      .code == .success)
    #expect(
      Self.run(
        files, minutes: 16, "waive", Self.pinyinM2, "--reason", "known", "--approver", "kim", "--expires",
        "2026-12-02"
      ).code == .success)
    #expect(Self.run(files, minutes: 17, "pass", "m.yaml").code == .success)
    // The next day the waiver still holds (through 2026-12-02, UTC); the day after it does not.
    #expect(Self.run(files, minutes: 24 * 60, "pass", "m.yaml").code == .success)
    let expired = Self.run(files, minutes: 2 * 24 * 60, "pass", "m.yaml")
    #expect(expired.code == .failure)
    #expect(expired.out.contains("1 manual item failed on devices: \(Self.pinyinM2)."))
    #expect(expired.out.contains("Not waived: \(Self.pinyinM2): waiver expired, approved by kim"))
    let json = try Self.report(files).json
    #expect((Self.item(json, Self.pinyinM2)?["waiver"] as? [String: Any])?["status"] as? String == "expired")

    // A waiver at a build ends once that build is under test.
    #expect(
      Self.run(
        files, minutes: 20, "waive", Self.pinyinM2, "--reason", "known", "--approver", "kim", "--expires",
        "2.2 (22)"
      ).code == .success)
    #expect(Self.run(files, minutes: 2 * 24 * 60, "pass", "m.yaml").code == .success)
    try files.writeAtomically(
      Array(Self.matrix(build: "2.2 (22)", methods: "[zh-pinyin]").utf8), to: "/w/m.yaml")
    #expect(
      Self.run(
        files, minutes: 2 * 24 * 60 + 1, "carry", "--from-build", "2.1 (21)", "--ids", Self.pinyinM2,
        "--reason", "r"
      )
      .code == .success)
    let atBuild = Self.run(files, minutes: 2 * 24 * 60 + 2, "pass", "m.yaml")
    #expect(atBuild.out.contains("Not waived: \(Self.pinyinM2): waiver expired"), "\(atBuild.out)")

    // Back on 2.1 with a fresh waiver, a failure recorded after it is one anew: it rejects.
    try files.writeAtomically(
      Array(Self.matrix(build: "2.1 (21)", methods: "[zh-pinyin]").utf8), to: "/w/m.yaml")
    #expect(
      Self.run(
        files, minutes: 2 * 24 * 60 + 3, "waive", Self.pinyinM2, "--reason", "known", "--approver", "kim",
        "--expires", "2026-12-24"
      ).code == .success)
    #expect(Self.run(files, minutes: 2 * 24 * 60 + 4, "pass", "m.yaml").code == .success)
    #expect(
      Self.run(
        files, minutes: 2 * 24 * 60 + 5,
        exactOS("record", Self.pinyinM2, "--result", "fail", "--note", "again")
      )
      .code == .success)
    let anew = Self.run(files, minutes: 2 * 24 * 60 + 6, "pass", "m.yaml")
    #expect(anew.code == .failure)
    #expect(anew.out.contains("Not waived: \(Self.pinyinM2): failed anew after its waiver"))
  }
}
