import MatrixFormat
import Observations
import QAModel
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
    _ plan: Plan, failing: Set<ItemID> = [], erroring: Set<ItemID> = [], missing: Set<ItemID> = [],
    fingerprint: String? = nil
  ) -> RunReport {
    let results = plan.items.filter { $0.kind == .automated && !missing.contains($0.id) }.map { item in
      let status: Outcome =
        failing.contains(item.id) ? .fail : erroring.contains(item.id) ? .error : .pass
      return ItemResult(
        id: item.id, check: item.scenario, scenarioVersion: item.scenarioVersion, status: status,
        configuration: item.configuration.pairs, implementation: "FieldValidator",
        problems: status == .pass ? [] : ["made to \(status.rawValue)"], steps: [], hapticLog: [])
    }
    return RunReport(
      planName: plan.name, build: plan.build,
      planFingerprint: fingerprint ?? plan.fingerprint,
      subject: .core, results: results)
  }

  /// Every manual item with `outcome`, except those in `overrides`.
  static func statuses(_ plan: Plan, _ outcome: Outcome, overrides: [ItemID: Outcome] = [:]) -> [ItemOutcome]
  {
    plan.items.filter { $0.kind == .manual }.map { item in
      let status = overrides[item.id] ?? outcome
      return Ingested.outcome(
        status,
        Ingested.recorded(
          item.id, status.isResult ? status : .pass, tester: "ana", time: "2026-11-29T10:00:00Z",
          device: item.configuration.device?.rawValue ?? "", os: item.configuration.os ?? "", note: "noted"))
    }
  }

  static func report(_ plan: Plan, run: RunReport, manual: [ItemOutcome]) -> AcceptanceReport {
    AcceptanceReport.make(plan: plan, run: run, manual: manual, generatedAt: "2026-11-29T12:00:00Z")
  }
}

/// The small matrix cut to a handful of items, for golden files a person can read: one passing and
/// one failing automated item, and the manual items of one session with every outcome.
enum TinyCase {
  static let automated: [ItemID] = ["auto.c3.zh-pinyin.name.every-update.return"]
  static let manual: [ItemID] = [
    "manual.ime.m2.phone-a.26.x.zh-pinyin.name", "manual.haptic.h1.phone-a.26.x",
    "manual.haptic.h2.phone-a.26.x",
    "manual.haptic.h3.phone-a.26.x",
  ]
  static let session = "phone-a.26.x"

  static func plan() throws -> Plan {
    var plan = try SmallCase.plan()
    plan.items = plan.items.filter { automated.contains($0.id) || manual.contains($0.id) }
    plan.removedCells = Array(plan.removedCells.prefix(1))
    return plan
  }

  /// pass, fail (with a two-line note), blocked (with a reason), stale, and the rest untested.
  static func statuses(_ plan: Plan) -> [ItemOutcome] {
    let manual = plan.items.filter { $0.kind == .manual }
    func observation(
      _ index: Int, _ result: Outcome, _ note: String?, time: String, build: String = "1.0 (1)",
      staleReasons: [StaleReason] = []
    ) -> RecordedObservation {
      Ingested.recorded(
        manual[index].id, result, tester: "ana", time: time, device: "phone-a", os: "26.1", build: build,
        note: note, line: index * 10 + 1, staleReasons: staleReasons)
    }
    var statuses: [ItemOutcome] = []
    if manual.count > 0 {
      statuses.append(
        Ingested.outcome(
          .fail,
          observation(
            0, .fail, "Message stayed after choosing 张伟\nuntil the next key", time: "2026-11-29T10:00:00Z")))
    }
    if manual.count > 1 {
      statuses.append(Ingested.outcome(.pass, observation(1, .pass, nil, time: "2026-11-29T10:20:00Z")))
    }
    if manual.count > 2 {
      statuses.append(
        Ingested.outcome(
          .blocked, observation(2, .blocked, "no failure switch in this build", time: "2026-11-29T10:25:00Z"))
      )
    }
    if manual.count > 3 {
      let old = observation(
        3, .pass, nil, time: "2026-11-20T09:00:00Z", build: "0.9 (7)",
        staleReasons: [.build(recorded: "0.9 (7)", current: "1.0 (1)")])
      statuses.append(Ingested.outcome(.stale, old))
    }
    return statuses
  }

  /// The previous pass: the failing automated item passed, the failed manual item failed, the
  /// passing one failed, the stale one passed, and one item that is no longer planned.
  static func previous(_ plan: Plan) -> PreviousReport {
    let manual = plan.items.filter { $0.kind == .manual }
    var outcomes: [ItemID: Outcome] = [automated[0]: .pass]
    outcomes[manual[0].id] = .fail
    outcomes[manual[1].id] = .fail
    outcomes[manual[3].id] = .pass
    outcomes["manual.ime.m2.phone-z.26.x.zh-pinyin.name"] = .pass
    return PreviousReport(
      path: "reports/report.json", generatedAt: "2026-11-22T08:00:00Z", verdict: .rejected, outcomes: outcomes
    )
  }

  static func report(previous: Bool = true) throws -> AcceptanceReport {
    let plan = try plan()
    return AcceptanceReport.make(
      plan: plan, run: SmallCase.run(plan, failing: [automated[0]]), manual: statuses(plan),
      generatedAt: "2026-11-29T12:00:00Z", generatedFrom: .latestObservation, checklists: "checklists",
      previous: previous ? Self.previous(plan) : nil)
  }
}
