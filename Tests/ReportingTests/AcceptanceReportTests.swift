import Observations
import QAModel
import Testing

@testable import Reporting
@testable import ScenarioEngine

struct AcceptanceReportTests {
  struct VerdictCase: Sendable, CustomTestStringConvertible {
    var name: String
    var failing: Set<ItemID> = []
    var erroring: Set<ItemID> = []
    var missing: Set<ItemID> = []
    var otherPlan = false
    var manual: [ItemID: Outcome] = [:]
    var dropManual: Set<ItemID> = []
    var expected: AcceptanceReport.Verdict
    var testDescription: String { name }
  }

  static let m2: ItemID = "manual.ime.m2.phone-a.26.x.zh-pinyin.name"
  static let h1: ItemID = "manual.haptic.h1.phone-b.18.x"
  static let c2: ItemID = "auto.c2.zh-pinyin.name.every-update"

  static let verdictCases: [VerdictCase] = [
    VerdictCase(name: "everything passed", expected: .accepted),
    VerdictCase(name: "a manual fail", manual: [m2: .fail], expected: .rejected),
    VerdictCase(name: "an automated fail", failing: [c2], expected: .rejected),
    VerdictCase(name: "a fail outweighs untested", failing: [c2], dropManual: [h1], expected: .rejected),
    VerdictCase(name: "a manual item without status", dropManual: [h1], expected: .incomplete),
    VerdictCase(name: "a manual item untested", manual: [h1: .untested], expected: .incomplete),
    VerdictCase(name: "a stale item", manual: [h1: .stale], expected: .incomplete),
    VerdictCase(name: "a blocked item", manual: [h1: .blocked], expected: .incomplete),
    VerdictCase(name: "a skipped item", manual: [m2: .skipped], expected: .incomplete),
    VerdictCase(name: "an automated error", erroring: [c2], expected: .incomplete),
    VerdictCase(name: "an automated item not run", missing: [c2], expected: .incomplete),
    VerdictCase(name: "a run of another plan", otherPlan: true, expected: .incomplete),
  ]

  @Test(arguments: verdictCases)
  func `verdict follows the rules`(_ testCase: VerdictCase) throws {
    let plan = try SmallCase.plan()
    #expect(plan.items.contains { $0.id == Self.m2 } && plan.items.contains { $0.id == Self.h1 })
    #expect(plan.items.contains { $0.id == Self.c2 })
    let run = SmallCase.run(
      plan, failing: testCase.failing, erroring: testCase.erroring, missing: testCase.missing,
      fingerprint: testCase.otherPlan ? "sha256:other" : nil)
    let manual = SmallCase.statuses(plan, .pass, overrides: testCase.manual).filter {
      !testCase.dropManual.contains($0.item.id)
    }
    let report = SmallCase.report(plan, run: run, manual: manual)
    #expect(report.verdict == testCase.expected, "\(report.reasons)")
    #expect(!report.reasons.isEmpty)
  }

  @Test func `reasons name the failed items and count the rest`() throws {
    let plan = try SmallCase.plan()
    let report = SmallCase.report(
      plan, run: SmallCase.run(plan, failing: [Self.c2]),
      manual: SmallCase.statuses(plan, .pass, overrides: [Self.m2: .fail, Self.h1: .stale]))
    #expect(
      report.reasons == [
        "1 automated item failed (c2: 1).", "1 manual item failed on devices: \(Self.m2).",
        "1 manual item stale.",
      ])
  }

  @Test func `statuses for unknown items are noted, not counted`() throws {
    let plan = try SmallCase.plan()
    let manual =
      SmallCase.statuses(plan, .pass) + [
        Ingested.untested("manual.ime.m9.nowhere"),
        Ingested.untested("auto.c2.zh-pinyin.name.every-update"),
      ]
    let report = SmallCase.report(plan, run: SmallCase.run(plan), manual: manual)
    #expect(report.verdict == .accepted)
    #expect(
      report.notes.last
        == "2 manual status(es) name no manual item of this plan and were ignored: "
        + "auto.c2.zh-pinyin.name.every-update, manual.ime.m9.nowhere")
    #expect(report.items.first { $0.id == "auto.c2.zh-pinyin.name.every-update" }?.outcome == .pass)
  }

  @Test func `outcomes in any order, or one given twice, report as those in plan order`() throws {
    let plan = try SmallCase.plan()
    let inOrder = SmallCase.statuses(plan, .pass, overrides: [Self.m2: .fail, Self.h1: .stale])
    let reference = SmallCase.report(plan, run: SmallCase.run(plan), manual: inOrder)
    let twice = inOrder + SmallCase.statuses(plan, .blocked).filter { $0.item.id == Self.m2 }
    for manual in [Array(inOrder.reversed()), twice, [inOrder[1], inOrder[0]] + inOrder.dropFirst(2)] {
      let report = SmallCase.report(plan, run: SmallCase.run(plan), manual: manual)
      #expect(report.items == reference.items)
      #expect(report.notes == reference.notes)
      #expect(report.verdict == reference.verdict)
    }
  }

  @Test func `core passes, device fails is detected per input method and field`() throws {
    let plan = try SmallCase.plan()
    let manual = SmallCase.statuses(plan, .pass, overrides: [Self.m2: .fail])
    let report = SmallCase.report(plan, run: SmallCase.run(plan), manual: manual)
    let divergence = try #require(report.divergences.only)
    #expect(divergence.itemID == Self.m2)
    #expect(divergence.coreChecks == ["c2"])
    #expect(divergence.corePasses == 3)  // every-update, no-change-on-commit, duplicate-change-on-commit
    #expect(divergence.observation?.tester == "ana")

    // The core fails C2 for pinyin too: the device failure is no divergence.
    let both = SmallCase.report(plan, run: SmallCase.run(plan, failing: [Self.c2]), manual: manual)
    #expect(both.divergences.isEmpty)

    // A core failure for another input method does not hide the pinyin divergence.
    let other = SmallCase.report(
      plan, run: SmallCase.run(plan, failing: ["auto.c2.ko-2set.name.every-update"]), manual: manual)
    #expect(other.divergences.map(\.itemID) == [Self.m2])
  }

  @Test func `haptic failures diverge from the automated haptic checks`() throws {
    let plan = try SmallCase.plan()
    let manual = SmallCase.statuses(plan, .pass, overrides: [Self.h1: .fail])
    let report = SmallCase.report(plan, run: SmallCase.run(plan), manual: manual)
    #expect(report.divergences.map(\.itemID) == [Self.h1])
    #expect(report.divergences.first?.coreChecks == ["haptic.contract", "haptic.success"])
    let failingCore = SmallCase.report(
      plan, run: SmallCase.run(plan, failing: ["auto.haptic.success"]), manual: manual)
    #expect(failingCore.divergences.isEmpty)
  }

  @Test func `executed pair coverage counts pairs and picks the next sessions greedily`() throws {
    let plan = try SmallCase.plan()
    // Only phone-b on 18.x with pinyin has results (m1 pass, m2 fail); the rest is untested.
    let executed: [ItemID: Outcome] = [
      "manual.ime.m1.phone-b.18.x.zh-pinyin.name": .pass,
      "manual.ime.m2.phone-b.18.x.zh-pinyin.name": .fail,
      "manual.ime.m3.phone-b.18.x.ko-2set.name": .stale,
    ]
    let manual = SmallCase.statuses(plan, .untested, overrides: executed)
    let coverage = SmallCase.report(plan, run: SmallCase.run(plan), manual: manual).pairCoverage
    #expect(coverage.plannedCells == 6)
    #expect(coverage.executedCells == 1)
    // device × os: 3 (phone-a has no 18.x); device × input method: 4; os × input method: 4.
    #expect(coverage.coverable == 11)
    #expect(coverage.covered == 3)
    #expect(coverage.percent == "27.3")
    #expect(
      coverage.perDimensionPair.map { [$0.covered, $0.coverable] } == [[1, 3], [1, 4], [1, 4]])
    #expect(coverage.missing.count == 8)
    #expect(
      coverage.nextSessions.map { "\($0.device) \($0.os) \($0.closes)" } == [
        "phone-a 26.x 5", "phone-b 26.x 2", "phone-b 18.x 1",
      ])
  }

  @Test func `coverage grids aggregate manual items and the core`() throws {
    let plan = try SmallCase.plan()
    let manual = SmallCase.statuses(
      plan, .pass,
      overrides: [
        Self.m2: .fail, "manual.ime.m1.phone-b.18.x.ko-2set.name": .stale,
        "manual.haptic.h2.phone-b.26.x": .untested,
      ])
    let report = SmallCase.report(
      plan, run: SmallCase.run(plan, failing: ["auto.c1.ko-2set.name.every-update"]), manual: manual)
    let grid = report.compositionGrid
    #expect(grid.rows.map(\.id) == ["26.x", "18.x"])
    #expect(grid.columns.map(\.id) == ["zh-pinyin", "ko-2set"])
    #expect(grid.cells.map { $0.map(\.status) } == [[.failed, .failed], [.passed, .failed]])
    #expect(grid.cells[1][0].core == .passed)
    #expect(grid.cells[1][1].core == .failed)
    #expect(grid.cells[0][0].manualItems == 6 && grid.cells[0][0].manualFailures == 1)

    let haptics = report.hapticsGrid
    #expect(haptics.rows.map(\.id) == ["phone-a", "phone-b"])
    #expect(haptics.columns.map(\.id) == ["26.x", "18.x"])
    #expect(haptics.cells.map { $0.map(\.status) } == [[.passed, .notApplicable], [.partial, .passed]])
  }

  struct AggregateCase: Sendable {
    var members: [CoverageGrid.Status]
    var core: CoverageGrid.Status? = nil
    var expected: CoverageGrid.Status
  }

  @Test(arguments: [
    AggregateCase(members: [], expected: .notApplicable),
    AggregateCase(members: [.passed, .passed], expected: .passed),
    AggregateCase(members: [.passed, .failed, .untested], expected: .failed),
    AggregateCase(members: [.passed, .untested], expected: .partial),
    AggregateCase(members: [.passed, .stale], expected: .partial),
    AggregateCase(members: [.untested, .stale], expected: .stale),
    AggregateCase(members: [.untested, .untested], expected: .untested),
    AggregateCase(members: [.passed], core: .passed, expected: .passed),
    AggregateCase(members: [.passed], core: .failed, expected: .failed),
    AggregateCase(members: [.passed], core: .untested, expected: .partial),
    AggregateCase(members: [.untested], core: .passed, expected: .untested),
    AggregateCase(members: [.stale, .untested], core: .passed, expected: .stale),
    AggregateCase(members: [], core: .failed, expected: .notApplicable),
  ])
  func `cell status aggregation`(_ testCase: AggregateCase) {
    #expect(CoverageGrid.Status.aggregate(testCase.members, core: testCase.core) == testCase.expected)
  }

  @Test func `check summaries pair automated checks with their manual counterparts`() throws {
    let plan = try SmallCase.plan()
    let report = SmallCase.report(
      plan, run: SmallCase.run(plan), manual: SmallCase.statuses(plan, .pass, overrides: [Self.m2: .fail]))
    let ids = report.checks.map(\.id)
    #expect(Array(ids.prefix(4)) == ["c1", "c2", "c3", "p1"])
    let c2 = try #require(report.checks.first { $0.id == "c2" })
    #expect(c2.manualScenario == "m2")
    #expect(c2.manual[.fail] == 1 && c2.manual[.pass] == 5)
    #expect(c2.automated[.pass] == 4)  // pinyin × 3 variants, Korean × 1
    #expect(report.checks.first { $0.id == "p1" }?.manualScenario == nil)
  }

  /// Issue 24: adding an outcome is one case in one file, so the counts spell every outcome from
  /// `Outcome` itself.
  @Test func `outcome counts summarise and write every outcome under its own spelling`() throws {
    var counts = OutcomeCounts()
    for (index, outcome) in Outcome.allCases.enumerated() {
      for _ in 0...index { counts.add(outcome) }
    }
    #expect(counts.total == (1...Outcome.allCases.count).reduce(0, +))
    #expect(counts.results == Outcome.results.map { counts[$0] }.reduce(0, +))
    #expect(
      counts.summary
        == Outcome.allCases.enumerated().map { "\($0.offset + 1) \($0.element.rawValue)" }.joined(
          separator: ", "))
    guard case .object(let members) = JSONReportWriter.outcomeCounts(counts) else {
      Issue.record("the counts are not a JSON object")
      return
    }
    #expect(members.map(\.0) == ["total"] + Outcome.allCases.map(\.rawValue))
    #expect(OutcomeCounts().summary == "none")
  }

  @Test func `the same inputs give byte-identical files`() throws {
    let plan = try SmallCase.plan()
    let manual = SmallCase.statuses(plan, .pass, overrides: [Self.m2: .fail, Self.h1: .stale])
    func files(_ manual: [ItemOutcome]) -> [OutputFile] {
      let report = SmallCase.report(plan, run: SmallCase.run(plan), manual: manual)
      return ReportWriters.all.flatMap { $0.init().write(report) }
    }
    #expect(files(manual) == files(manual.reversed()))
  }
}

extension Collection {
  /// The single element, or `nil` when there are none or several.
  var only: Element? { count == 1 ? first : nil }
}
