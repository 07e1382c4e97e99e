import MatrixFormat
import Testing

@testable import Reporting
@testable import ScenarioEngine

/// A hand-made matrix small enough to reason about: two input methods, two phones (one without
/// iOS 18), two OS versions, six cells.
enum SmallCase {
  static let yaml = """
    version: 1
    name: Small form
    build: "1.0 (1)"
    input_methods:
      - id: zh-pinyin
        label: Pinyin
        keyboard: zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic
        engine: m17n:zh-py
        recipe: zhang3wei7
        expect: 张伟
      - id: ko-2set
        label: Korean
        keyboard: ko_KR@sw=Korean;hw=Automatic
        engine: hangul:2
        recipe: rlawlsdn
        expect: 김진우
    devices:
      - {id: phone-a, name: Phone A, kind: device, haptics: true, os: {min: "26.0"}}
      - {id: phone-b, name: Phone B, kind: device, haptics: true, os: {min: "18.0"}}
    fields:
      - id: name
        label: Name
        rules: [required]
    haptics:
      confirmation:
        - {type: transient, time: 0, intensity: 1.0, sharpness: 0.5}
    matrix:
      os: ["26.x", "18.x"]
      input_method: [zh-pinyin, ko-2set]
      device: [phone-a, phone-b]
    """

  static func file() throws -> MatrixFile { try Fixture.file(yaml: yaml, path: "small.yaml") }

  static func plan() throws -> Plan { try Plan.make(file: try file()) }

  /// A run of every automated item of `plan`: pass, except the ids in `failing` (fail), `erroring`
  /// (error) and `missing` (left out).
  static func run(
    _ plan: Plan, failing: Set<String> = [], erroring: Set<String> = [], missing: Set<String> = [],
    fingerprint: String? = nil
  ) -> RunReport {
    let results = plan.items.filter { $0.kind == .automated && !missing.contains($0.id) }.map { item in
      let status: ItemResult.Status =
        failing.contains(item.id) ? .fail : erroring.contains(item.id) ? .error : .pass
      return ItemResult(
        id: item.id, check: item.scenario, scenarioVersion: item.scenarioVersion, status: status,
        configuration: item.configuration.pairs, implementation: "FieldValidator",
        problems: status == .pass ? [] : ["made to \(status.rawValue)"], steps: [], hapticLog: [])
    }
    return RunReport(
      planName: plan.name, planPath: plan.path, build: plan.build,
      planFingerprint: fingerprint ?? plan.fingerprint,
      subject: .core, results: results)
  }

  /// Every manual item with `outcome`, except those in `overrides`.
  static func statuses(
    _ plan: Plan, _ outcome: ManualStatus.Outcome, overrides: [String: ManualStatus.Outcome] = [:]
  )
    -> [ManualStatus]
  {
    plan.items.filter { $0.kind == .manual }.map { item in
      ManualStatus(
        itemID: item.id, outcome: overrides[item.id] ?? outcome,
        observation: ManualObservation(
          tester: "ana", time: "2026-11-29T10:00:00Z", device: item.configuration.device ?? "",
          os: item.configuration.os ?? "", note: "noted"))
    }
  }

  static func report(_ plan: Plan, run: RunReport, manual: [ManualStatus]) -> AcceptanceReport {
    AcceptanceReport.make(plan: plan, run: run, manual: manual, generatedAt: "2026-11-29T12:00:00Z")
  }
}
