import AcceptanceCore
import CoreAdapters
import Foundation
import Keystrokes
import QAModel
import QAPassHarness

/// Runs a plan's automated items against a subject, through the one runner.
///
/// The plan's automated items are exported as a ``ScenarioPack`` (traces from the real engines,
/// expectations from ``VerdictOracle``), then ``PackRunner`` replays the pack against the
/// subject: the reference core (``ReferenceCoreSubject``) or the naive negative controls
/// (``NaiveControlsSubject``), each like any other subject. ``run(pack:plan:subject:)`` replays a
/// pack exported earlier, which needs no engine at all: the single seam where automated results
/// come from.
///
/// ```swift
/// let path = "matrices/default.yaml"
/// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
/// let document = try MatrixDocument.load(path: path, bytes: bytes).document
/// guard case .qapass(let file) = document else { return }
/// let plan = try Plan.make(file: file)
/// let report = AutomatedRun.run(plan, subject: .core)
/// report.summary.failures   // 0
/// print(report.summaryText())   // its JSON and JUnit: Reporting's `Writers.runResults`
/// ```
package enum AutomatedRun {
  /// The qapass version: the reference subjects' version and the packs' generator.
  package static let version = "0.1.0"
  /// How many threads replay a pack file's items at once: one per core.
  static var workers: Int { ProcessInfo.processInfo.activeProcessorCount }

  /// Exports the automated items of `plan` and replays them against `subject`.
  ///
  /// - Parameters:
  ///   - plan: A plan from ``Plan/make(file:cellLimit:strategy:seed:previous:engines:)``.
  ///   - subject: The core, or the naive negative controls.
  ///   - engines: Makes an engine from its name; defaults to ``BuiltInEngines/factory``. `nil` runs only the
  ///     items that need no engine (haptics, text without marked text, the rule table); the others are
  ///     listed in ``RunReport/notRun``.
  /// - Returns: One result per automated item run. An engine that cannot be created or trace, or a
  ///   text the oracle does not know, makes its items `error`, never `pass`.
  package static func run(
    _ plan: Plan, subject: BuiltInImplementation, engines: EngineFactory? = BuiltInEngines.factory
  )
    -> RunReport
  {
    var exported = plan
    var notRun: [ItemID] = []
    if engines == nil {
      notRun = plan.items.filter { $0.kind == .automated && needsEngine($0) }.map(\.id)
      let left = Set(notRun)
      exported.items = plan.items.filter { !left.contains($0.id) }
    }
    var report = run(
      pack: PackExport.make(exported, generator: "qapass \(version)", engines: engines), plan: plan,
      subject: subject)
    report.notRun = notRun
    return report
  }

  /// Whether running `item` types keystrokes into an engine (the composition checks do; haptic items,
  /// text that arrives without marked text and the rule table do not).
  package static func needsEngine(_ item: PlanItem) -> Bool {
    item.kind == .automated && item.channel != .haptics && item.configuration.inputPath == nil
      && item.configuration.inputMethod != nil
  }

  /// Replays `pack` against `subject`.
  ///
  /// - Parameters:
  ///   - pack: A pack from ``PackExport/make(_:generator:engines:)`` or a file.
  ///   - plan: The plan the pack was exported from, for the configuration order of each result; the
  ///     pack's own configuration (keys sorted) when `nil`.
  ///   - subject: The core, or the naive negative controls.
  ///   - fingerprint: The pack's fingerprint when already verified; computed otherwise.
  package static func run(
    pack: ScenarioPack, plan: Plan? = nil, subject: BuiltInImplementation, fingerprint: String? = nil
  )
    -> RunReport
  {
    let run: HarnessRun
    switch subject {
    case .core:
      run = PackRunner.run(pack, subject: ReferenceCoreSubject(version: version), fingerprint: fingerprint)
    case .naive:
      run = PackRunner.run(pack, subject: NaiveControlsSubject(version: version), fingerprint: fingerprint)
    }
    return report(run, pack: pack, plan: plan, subject: subject)
  }

  /// Replays the pack file `bytes` against `subject` as it is read, on every core
  /// (``PackRunner/run(packFile:subject:workers:)``):
  /// the report ``run(pack:plan:subject:fingerprint:)`` gives of the pack ``ScenarioPack/loadVerified(_:)``
  /// reads, without holding the whole pack.
  ///
  /// - Throws: ``PackError`` when the file is not a pack this version reads or was edited.
  package static func run(packFile bytes: [UInt8], plan: Plan? = nil, subject: BuiltInImplementation)
    throws(PackError)
    -> RunReport
  {
    // Each result is put in the report's terms as soon as it is replayed, so the harness's form of
    // them all is never held beside the report's.
    let convert = itemResults(plan: plan)
    let (run, results, pack) =
      switch subject {
      case .core:
        try PackRunner.run(
          packFile: bytes, subject: ReferenceCoreSubject(version: version), workers: workers,
          transform: convert)
      case .naive:
        try PackRunner.run(
          packFile: bytes, subject: NaiveControlsSubject(version: version), workers: workers,
          transform: convert)
      }
    return report(run, results: results, pack: pack, subject: subject)
  }

  /// The report of a harness run of `pack`.
  static func report(_ run: HarnessRun, pack: ScenarioPack, plan: Plan?, subject: BuiltInImplementation)
    -> RunReport
  {
    report(run, results: run.results.map(itemResults(plan: plan)), pack: pack, subject: subject)
  }

  /// Harness results in the report's terms, each item's configuration as `plan` orders it when the
  /// plan has the item.
  private static func itemResults(plan: Plan?) -> @Sendable (HarnessItemResult) -> ItemResult {
    let planItems = Dictionary((plan?.items ?? []).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    return { result in
      itemResult(result, configuration: planItems[ItemID(rawValue: result.id)]?.configuration.pairs)
    }
  }

  /// The report of a harness run of `pack` whose results are `results`, already in the report's terms.
  private static func report(
    _ run: HarnessRun, results: [ItemResult], pack: ScenarioPack, subject: BuiltInImplementation
  ) -> RunReport {
    RunReport(
      planName: pack.matrixName, build: pack.build,
      planFingerprint: pack.planFingerprint,
      subject: subject, subjectName: run.subjectName, subjectVersion: run.subjectVersion,
      packFingerprint: run.packFingerprint, results: results)
  }

  /// A harness result in the report's terms: the failure as the problem, the replayed steps as a
  /// trace (composition) or a log (save flow).
  package static func itemResult(_ result: HarnessItemResult, configuration: [PlanItem.Pair]? = nil)
    -> ItemResult
  {
    var item = ItemResult(
      id: ItemID(rawValue: result.id), check: CheckID(rawValue: result.check),
      scenarioVersion: result.scenarioVersion,
      status: result.status,
      configuration: configuration
        ?? result.configuration.sorted { $0.key < $1.key }.map { PlanItem.Pair(key: $0.key, value: $0.value) },
      implementation: result.implementation, problems: result.problems,
      steps: [],
      hapticLog: [])
    for step in result.trace {
      if let shown = step.saveResult {
        item.hapticLog.append(
          "\(step.label) -> state \(shown.rawValue); player calls: \(step.player ?? "none")")
      } else {
        item.steps.append(driverStep(step))
      }
    }
    return item
  }

  static func driverStep(_ step: ObservedStep) -> DriverStep {
    let marked = step.marked.map { TextRange(location: $0.location, length: $0.length) }
    let phase: FieldPhase =
      marked != nil
      ? .composing : step.messageShown == true ? .invalid : step.submitEnabled == true ? .valid : .editing
    let outcome: SubmitOutcome? =
      switch step.submission {
      case nil: nil
      case let text? where text.hasPrefix("accepted"): .accepted(step.text ?? "")
      case "refused while composing": .refusedComposing
      case "refused as invalid": .refusedInvalid("")
      default: nil
      }
    let events = step.actions.compactMap(TextFieldEvent.init(rawValue:))
    return DriverStep(
      action: step.label, text: step.text ?? "", markedRange: marked,
      selection: step.selection.map { TextRange(location: $0.location, length: $0.length) } ?? .caret(at: 0),
      events: events, message: step.messageShown == true ? (step.message ?? "(shown)") : nil,
      isSubmitEnabled: step.submitEnabled ?? false,
      phase: phase, submitOutcome: outcome, invariantViolations: [])
  }

  /// The defect of the ``NaiveSaveFlow`` run for a haptic scenario when the subject is
  /// ``BuiltInImplementation/naive``: the flow built to fail it, or `nil` for a scenario that is not a haptic one.
  ///
  /// | scenario | ``NaiveSaveFlow/Defect`` | its flaw |
  /// | --- | --- | --- |
  /// | `haptic.contract` | `.offContractPattern` | its own confirmation is a stock pattern, not the contract |
  /// | `haptic.success` | `.playsOnTap` | plays at tap time, before the save succeeds |
  /// | `haptic.failure` | `.playsAfterFailure` | plays whatever the outcome |
  /// | `haptic.rapid-taps` | `.unguardedTaps` | no in-flight guard: one save and play per tap |
  /// | `haptic.unsupported-hardware` | `.playsAfterFailure` | never asks the hardware |
  /// | `haptic.playback-failure` | `.hapticErrorFailsSave` | a haptic error fails the save |
  /// | `haptic.engine-reset` | `.neverReprepares` | never prepares again after a reset |
  /// | `haptic.background-return` | `.neverReprepares` | never prepares again after background |
  /// | `haptic.background-completion` | `.playsAfterFailure` | plays even in the background |
  /// | `haptic.engine-stopped` | `.ignoresEngineStop` | its stopped handler does nothing |
  /// | `haptic.retry-after-failure` | `.inFlightAfterFailure` | a failed save leaves it in flight |
  /// | `haptic.reset-during-save` | `.preparesAtTapOnly` | trusts the preparation made at tap time |
  /// | `haptic.stop-during-save` | `.preparesAtTapOnly` | trusts the preparation made at tap time |
  /// | `haptic.engine-start-failure` | `.hapticErrorFailsSave` | an engine that fails to start fails the save |
  ///
  /// Its ``NaiveSaveFlow/Defect/implementationName`` is the `implementation` of the item's result.
  package static func negativeControl(for scenario: CheckID) -> NaiveSaveFlow.Defect? {
    HapticChecks.naiveFlows[scenario]
  }
}
