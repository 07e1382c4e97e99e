import Foundation
import Observations
import QAModel

@testable import Reporting
@testable import ScenarioEngine

/// A release-sized pass, generated in memory (issue 23): 12 devices × 6 OS versions × 8 input methods
/// × 2 appearances (a free dimension, with an `include` that adds a second one to some cells) and 6
/// fields, about 12,000 manual items; a third of them blocked, one in fifty failed, a few passed.
enum ScaleCase {
  static let systems = ["17.x", "18.x", "26.x", "27.x", "28.x", "29.x"]

  /// The matrix: `devices` devices (every fourth a simulator, haptics on the others but every third).
  static func yaml(devices: Int = 12) -> String {
    var yaml = """
      version: 1
      name: Scale matrix — every keyboard on every device
      build: "9.9 (999)"
      input_methods:
        - {id: zh-pinyin, keyboard: "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic", engine: "m17n:zh-py", recipe: zhang3wei7, expect: 张伟}
        - {id: zh-zhuyin, keyboard: "zh_Hant-Zhuyin@sw=Zhuyin", engine: "m17n:zh-zhuyin", recipe: "5;{space}2jo33", expect: 張偉}
        - {id: zh-handwriting, keyboard: "zh_Hans-HWR@sw=HWR-Simplified", recipe: 张伟, expect: 张伟}
        - {id: ja-romaji, keyboard: "ja_JP-Romaji@sw=QWERTY-Japanese;hw=Automatic", engine: anthy, recipe: "yamada{space}{Return}", expect: 山田}
        - {id: ja-kana, keyboard: "ja_JP-Kana@sw=Kana;hw=Automatic", engine: anthy, recipe: "やまだ{space}{Return}", expect: 山田}
        - {id: ja-kana-flick, keyboard: "ja_JP-Kana@sw=Kana;hw=Automatic", recipe: やまだ, expect: 山田}
        - {id: ko-2set, keyboard: "ko_KR@sw=Korean;hw=Automatic", engine: "hangul:2", recipe: rlawlsdn, expect: 김진우}
        - {id: ko-10key, keyboard: "ko_KR@sw=Korean10Key;hw=Automatic", recipe: 김진우, expect: 김진우}
      devices:

      """
    for index in 1...devices {
      let kind = index % 4 == 0 ? "simulator" : "device"
      yaml +=
        "  - {id: device-\(index), name: Device \(index), kind: \(kind), "
        + "haptics: \(index % 4 != 0 && index % 3 != 0), os: {min: \"17.0\"}}\n"
    }
    yaml += """
      fields:
        - {id: full-name, label: Full name, rules: [required, han-name], input_methods: [zh-pinyin, zh-zhuyin, zh-handwriting, ja-romaji, ja-kana, ja-kana-flick]}
        - {id: family-name, label: Family name, rules: [required, japanese-name], input_methods: [ja-romaji, ja-kana, ja-kana-flick]}
        - {id: korean-name, label: Korean name, rules: [required, korean-name], input_methods: [ko-2set, ko-10key]}
        - {id: nickname, label: Nickname, rules: [required]}
        - {id: city, label: City, rules: [required]}
        - {id: email, label: Email, rules: [required, email], input_methods: []}
      haptics:
        confirmation:
          - {type: transient, time: 0, intensity: 1.0, sharpness: 0.5}
      matrix:
        os: [\(systems.map { "\"\($0)\"" }.joined(separator: ", "))]
        input_method: [zh-pinyin, zh-zhuyin, zh-handwriting, ja-romaji, ja-kana, ja-kana-flick, ko-2set, ko-10key]
        device: [\((1...devices).map { "device-\($0)" }.joined(separator: ", "))]
        appearance: [light, dark]
        include:
          - {appearance: dark, text-size: xxxl}

      """
    return yaml
  }

  /// The plan of ``yaml(devices:)`` (no engines: the manual steps keep their generic wording, and the
  /// test stays fast).
  static func plan(devices: Int = 12) throws -> Plan {
    try Plan.make(file: try Fixture.file(yaml: yaml(devices: devices), path: "scale.yaml"), engines: nil)
  }

  /// A third of the manual items blocked (a reason each, some of two lines), one in fifty failed with a
  /// note, one in ten passed, the rest untested; by 12 testers.
  static func statuses(_ plan: Plan) -> [ItemOutcome] {
    plan.items.filter { $0.kind == .manual }.enumerated().compactMap { index, item in
      let outcome: Outcome
      let note: String?
      if index % 3 == 0 {
        outcome = .blocked
        note =
          index % 2 == 0
          ? "The test unit \(index % 7) is being restored from a backup"
          : "No build with the keyboard fix yet\nwaiting for 9.9 (1000)"
      } else if index % 50 == 1 {
        (outcome, note) = (.fail, "The message stayed after the candidate was chosen")
      } else if index % 10 == 2 {
        (outcome, note) = (.pass, nil)
      } else {
        return nil
      }
      return Ingested.outcome(
        outcome,
        Ingested.recorded(
          item.id, outcome, tester: "tester-\(index % 12)", time: "2026-12-01T10:00:00Z",
          device: item.configuration.device?.rawValue ?? "", os: item.configuration.os ?? "", note: note))
    }
  }

  /// The report of ``plan(devices:)`` with ``statuses(_:)`` and a passing automated run.
  static func report(devices: Int = 12) throws -> AcceptanceReport {
    let plan = try plan(devices: devices)
    return AcceptanceReport.make(
      plan: plan, run: SmallCase.run(plan), manual: statuses(plan), generatedAt: "2026-12-01T12:00:00Z",
      generatedFrom: .latestObservation, checklists: "checklists")
  }
}
