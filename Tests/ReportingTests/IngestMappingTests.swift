import AcceptanceCore
import Observations
import QAModel
import ScenarioEngine
import Testing

@testable import Reporting
@testable import ScenarioEngine

/// From observation files through ingest to the report's manual items.
struct IngestMappingTests {
  static let m1: ItemID = "manual.ime.m1.phone-a.26.x.zh-pinyin.name"
  static let m2: ItemID = "manual.ime.m2.phone-a.26.x.zh-pinyin.name"
  static let h1: ItemID = "manual.haptic.h1.phone-a.26.x"

  static func entry(
    _ id: ItemID, _ result: String, tester: String = "ana", time: String, build: String = "1.0 (1)",
    extra: String = ""
  ) -> String {
    """
      - id: \(id)
        result: \(result)
        tester: \(tester)
        time: \(time)
        device: phone-a
        os: "26.x"
        text_version: \(id.rawValue.hasPrefix("manual.ime.") ? 2 : 1)
        build: "\(build)"

    """ + extra
  }

  @Test func `the catalog carries the plan's manual items, sessions and haptic parameters`() throws {
    let plan = try SmallCase.plan()
    let catalog = ObservableCatalog(plan: plan)
    #expect(catalog.items.map(\.id) == plan.items.filter { $0.kind == .manual }.map(\.id))
    #expect(catalog.build == "1.0 (1)")
    #expect(catalog.planFingerprint == plan.fingerprint)
    let haptic = try #require(catalog.item(Self.h1))
    #expect(haptic.session.description == "phone-a.26.x")
    #expect(haptic.idWithoutSession == "manual.haptic.h1")
    #expect(catalog.item(Self.m1)?.idWithoutSession == "manual.ime.m1.zh-pinyin.name")
    #expect(catalog.item(Self.m1)?.inputMethod == "zh-pinyin")
    #expect(haptic.hapticFingerprint == plan.items.first { $0.id == Self.h1 }?.haptic?.fingerprint)
    #expect(
      haptic.hapticParameters == [
        "type": "transient", "time": "0.000", "intensity": "1.000", "sharpness": "0.500",
      ])
    let pattern = HapticPattern(events: [
      .continuous(intensity: 0.6, sharpness: 0.2, at: 0.1, duration: 0.3),
      .transient(intensity: 1, sharpness: 0.5),
    ])
    #expect(
      PlanItem.HapticReference(pattern: pattern).namedParameters
        == [
          "event1.type": "transient", "event1.time": "0.000", "event1.intensity": "1.000",
          "event1.sharpness": "0.500",
          "event2.type": "continuous", "event2.time": "0.100", "event2.duration": "0.300",
          "event2.intensity": "0.600", "event2.sharpness": "0.200",
        ])
  }

  @Test func `ingested outcomes become the report's manual items, typed until the writers word them`() throws
  {
    let plan = try SmallCase.plan()
    let catalog = ObservableCatalog(plan: plan)
    let fingerprint = try #require(catalog.item(Self.h1)?.hapticFingerprint)
    var text = "version: 1\nobservations:\n"
    text += Self.entry(Self.m1, "pass", time: "2026-11-29T09:00:00Z")
    text += Self.entry(
      Self.m2, "fail", time: "2026-11-29T09:05:00Z",
      extra: "    note: Button stays disabled\n    evidence: [\"https://tracker.example/QA-1\"]\n")
    text += Self.entry(Self.m2, "pass", tester: "bo", time: "2026-11-29T09:01:00Z")
    text += Self.entry(
      Self.h1, "pass", time: "2026-11-29T09:10:00Z", build: "0.9 (7)",
      extra: "    haptic_fingerprint: \(fingerprint)\n")
    let result = Ingest.run(
      files: [ObservationFile(path: "sheets/phone-a.yaml", text: text)], catalog: catalog)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")

    #expect(result.items.count == catalog.items.count)
    let report = AcceptanceReport.make(
      plan: plan, run: SmallCase.run(plan), manual: result.items, generatedAt: "2026-11-29T12:00:00Z")
    let byID = Dictionary(uniqueKeysWithValues: report.items.map { ($0.id, $0) })
    #expect(byID[Self.m1]?.outcome == .pass)
    let m2 = try #require(byID[Self.m2])
    #expect(m2.outcome == .fail)
    #expect(m2.observation?.note == "Button stays disabled")
    #expect(m2.observation?.evidence == ["https://tracker.example/QA-1"])
    #expect(
      m2.conflicts.map(\.summary) == ["bo recorded pass at 2026-11-29T09:01:00Z (sheets/phone-a.yaml:21)"])
    let h1 = try #require(byID[Self.h1])
    #expect(h1.outcome == .stale)
    #expect(h1.staleReasons == [.build(recorded: "0.9 (7)", current: "1.0 (1)")])
    #expect(h1.staleReasonText == "build '0.9 (7)' was tested; the build under test is '1.0 (1)'")
    #expect(byID["manual.ime.m3.phone-a.26.x.zh-pinyin.name"]?.outcome == .untested)

    #expect(report.verdict == .rejected)
    #expect(report.divergences.map(\.itemID) == [Self.m2])
    #expect(report.stale.map(\.id) == [Self.h1])
  }
}
