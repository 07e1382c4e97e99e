import Observations
import QAModel
import QAPassHarness
import ScenarioEngine

/// The acceptance report a release can be gated on: a verdict with its reasons, per-check results,
/// coverage grids, failures, divergences between the core and devices, and executed pair coverage.
///
/// Made by ``make(plan:run:manual:generatedAt:)`` and written by a ``ReportWriter``. The same
/// inputs always give the same report and byte-identical files.
///
/// Verdict rules, in order:
/// 1. **REJECTED** when any automated item failed, or any manual item's current outcome is `fail`.
///    An app subject's failed item rejects too, and so does a failing test of the app's own test run.
/// 2. **INCOMPLETE** otherwise, when any automated item could not run (an engine error) or has no
///    result, when the run was made for another plan, or when any manual item is untested, stale,
///    blocked or skipped; and when an app subject did not run every automated item, its results come
///    from another plan or pack, name items the plan does not have or repeat one, or a required
///    subject's results are missing (see ``SubjectResults`` and ``RequiredSubject``); and when a
///    session's CI job did not finish, or the app's test run produced no result (``weighing(_:)``).
/// 3. **ACCEPTED** otherwise: every automated and every manual item passed, against every subject.
package struct AcceptanceReport: Hashable, Sendable {
  /// The gate's decision.
  package enum Verdict: String, Hashable, Sendable, CaseIterable {
    /// Every item passed.
    case accepted = "ACCEPTED"
    /// Something failed.
    case rejected = "REJECTED"
    /// Nothing failed, but not everything passed.
    case incomplete = "INCOMPLETE"
  }

  /// What the report covers.
  package enum Scope: String, Hashable, Sendable, CaseIterable {
    /// A whole QA pass: automated and manual items (`qapass pass`, `qapass report`).
    case pass
    /// The automated items only (`qapass run`).
    case run
  }

  /// Where ``generatedAt`` comes from.
  package enum TimeSource: String, Hashable, Sendable, CaseIterable {
    /// The `SOURCE_DATE_EPOCH` environment variable (reproducible builds).
    case sourceDateEpoch = "source_date_epoch"
    /// The latest observation's time.
    case latestObservation = "latest_observation"
    /// Given by the caller as is.
    case caller
    /// No time is known: no observation and no `SOURCE_DATE_EPOCH`.
    case none
  }

  /// A pass or a run.
  package var scope: Scope = .pass
  /// The matrix's name.
  package var planName: String
  /// The matrix file's path.
  package var planPath: String
  /// The app build under test, if the matrix names one.
  package var build: String?
  /// The plan's fingerprint.
  package var planFingerprint: String
  /// When the report was made: ISO 8601 UTC (`2026-11-29T20:00:00Z`), or `nil` when unknown.
  package var generatedAt: String?
  /// Where ``generatedAt`` comes from.
  package var generatedFrom: TimeSource = .caller
  /// The subject the automated items ran against (`core`, or `naive` for the negative controls).
  package var subject: String
  /// The verdict.
  package var verdict: Verdict
  /// Why, most serious first, each with the section that lists what it names only in part.
  package var verdictReasons: [VerdictReason]
  /// Every plan item with its outcome, in plan order.
  package var items: [ReportItem]
  /// Every automated check of the catalog, composition then haptics, with their manual counterparts.
  package var checks: [CheckSummary]
  /// OS × input method: the manual composition items of each cell and the core's result.
  package var compositionGrid: CoverageGrid
  /// Device × OS: the manual haptic items of each session.
  package var hapticsGrid: CoverageGrid
  /// Manual items that failed where the core's matching automated checks pass.
  package var divergences: [Divergence]
  /// Pair coverage over the manual composition items with a current pass or fail.
  package var pairCoverage: PairCoverage
  /// Matrix combinations the plan removed because a device cannot run them.
  package var removedCells: [Plan.RemovedCell]
  /// Things a reader should know: the plan's notes and the report's own.
  package var notes: [String]
  /// Observation files with errors, whose entries in error were left out (``leavingOut(_:)``).
  package var filesInError: [FileInError] = []
  /// Results recorded for ids the plan does not have, each an error of its file (``noting(unplanned:)``).
  package var unplannedObservations: [UnplannedObservation] = []
  /// What changed since the previous report, when one was given.
  package var changes: ReportChanges? = nil
  /// Progress per device session, in plan order.
  package var sessions: [SessionProgress] = []
  /// Progress per tester (from the deciding observations), by tester name.
  package var testers: [TesterProgress] = []
  /// Every implementation the automated items ran against: the reference core first, then the app
  /// subjects of the results given, one per subject name (``SubjectResults``).
  package var subjects: [SubjectResults] = []
  /// The subjects whose automated results the matrix (`subjects:`) or `--require-automated` requires.
  package var requiredSubjects: [RequiredSubject] = []
  /// The app's own test runs that count, by session and source (``weighing(_:)``).
  package var appTestRuns: [AppTestRun] = []
  /// The sessions whose CI job failed, timed out or was cancelled, by session (``weighing(_:)``).
  package var unfinishedJobs: [JobFate] = []
  /// Observations retirements took out of the count, with who retired them and why.
  package var retired: [RetiredObservation] = []
  /// What the verdict and reasons are decided from.
  var findings = Findings()

  /// Why, most serious first: the sentences of ``verdictReasons``.
  package var reasons: [String] { verdictReasons.map(\.text) }
  /// Items whose current outcome is `fail` or `error`, in plan order.
  package var failures: [ReportItem] { items.filter(\.isFailing) }
  /// Manual items nothing was carried out on (``Outcome/notCarriedOut``: untested, blocked or skipped), in
  /// plan order.
  package var untested: [ReportItem] {
    items.filter { $0.kind == .manual && Outcome.notCarriedOut.contains($0.outcome) }
  }
  /// Manual items a retest fixed (their deciding pass supersedes a fail), in plan order.
  package var fixedOnRetest: [ReportItem] { items.filter { $0.fixedOnRetest } }
  /// Failures a waiver keeps from rejecting, in plan order.
  package var waived: [ReportItem] { items.filter(\.isWaived) }
  /// Manual items whose deciding result was carried from an earlier build, in plan order.
  package var carried: [ReportItem] { items.filter { $0.kind == .manual && $0.isCarried } }
  /// Items tied to defects, in plan order.
  package var withDefects: [ReportItem] { items.filter { !$0.defects.isEmpty } }
  /// Items whose observation no longer counts, in plan order.
  package var stale: [ReportItem] { items.filter { $0.outcome == .stale } }
  /// Blocked manual items with the reason the tester gave, in plan order.
  package var blocked: [(id: ItemID, reason: String)] {
    items.filter { $0.outcome == .blocked }.map { ($0.id, $0.blockedReason ?? "no reason given") }
  }
}

/// One plan item and what became of it.
///
/// The values live in ``Fields``, in one ``CopyOnWrite`` box that copies of the item share: the
/// report's summaries and writers pass items around by value many times over, and with the values
/// inline each copy retained every string and array of the item. `item.title` reads and
/// `item.outcome = .pass` writes a field through `@dynamicMemberLookup`.
@dynamicMemberLookup
package struct ReportItem: Hashable, Sendable {
  /// The item's values.
  package struct Fields: Hashable, Sendable {
    /// The stable id.
    package var id: ItemID
    /// Automated or manual.
    package var kind: Scenario.Kind
    /// Composition or haptics.
    package var channel: Scenario.Channel
    /// The scenario (check) id, such as `c1`, `m2` or `haptic.success`.
    package var scenario: CheckID
    /// The scenario's text version.
    package var scenarioVersion: Int
    /// The item's title.
    package var title: String
    /// Where the item applies.
    package var configuration: PlanItem.Configuration
    /// The outcome.
    package var outcome: Outcome
    /// Automated items: the implementation run (`FieldValidator`, `SaveFlow`, …), empty otherwise.
    package var implementation: String
    /// Automated items: why the check failed or could not run.
    package var problems: [String]
    /// Failed automated composition items: the driver steps (the keystroke trace).
    package var steps: [DriverStep]
    /// Failed automated haptic items: the flow's log.
    package var hapticLog: [String]
    /// Automated items that judge several texts each afresh (`p2`): each text's own result.
    package var texts: [TextResult] = []
    /// Manual items: the deciding observation (for a stale item, the last one recorded).
    package var observation: Observation?
    /// Stale manual items: why the deciding observation no longer counts.
    package var staleReasons: [StaleReason] = []
    /// Manual items: current observations that disagree with the deciding one.
    package var conflicts: [RecordedObservation]
    /// Manual items: earlier observations with another result that the deciding one retested.
    package var superseded: [RecordedObservation] = []
    /// Manual items: whether a retest fixed the item (the deciding pass supersedes a fail).
    package var fixedOnRetest: Bool = false
    /// Manual items: the checklist that holds the item (`checklists/iphone-16e.26.x.md`), if known.
    package var checklist: String? = nil
    /// What the item should show, for a reader of a failure: the scenario's expected result.
    package var expected: [String] = []
    /// Manual failures: the waiver that covers the deciding failure, or the latest one before it.
    package var waiver: Waiver? = nil
    /// The defects the item is tied to (`qapass defect`), in the order given.
    package var defects: [DefectLink] = []
    /// Manual items: the links of the deciding observation's stored evidence files, relative to the
    /// report, in its order.
    package var attachmentLinks: [String] = []
  }

  private var fields: CopyOnWrite<Fields>

  /// An item with `fields`.
  package init(_ fields: Fields) { self.fields = CopyOnWrite(fields) }

  /// One of the item's values, such as `item.outcome`.
  ///
  /// Lent in place, as ``CopyOnWrite/value`` is: `item.configuration.device` copies the device, not
  /// the whole configuration, and `item.observation?.time` the time, not the observation.
  package subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
    _read { yield fields.value[keyPath: field] }
    _modify { yield &fields.value[keyPath: field] }
  }

  /// Whether the outcome is `fail` or `error`.
  package var isFailing: Bool { self.outcome.isFailing }

  /// Whether a waiver that holds keeps the item's failure from rejecting.
  package var isWaived: Bool { self.waiver?.status == .holds && self.outcome == .fail }

  /// Whether the deciding result was carried from an earlier build (`qapass carry`).
  package var isCarried: Bool { self.observation?.carried != nil && self.staleReasons.isEmpty }

  /// Blocked manual items: what stopped the test (the observation's note, which a blocked record needs).
  package var blockedReason: String? { self.outcome == .blocked ? self.observation?.note : nil }
}

/// The counts of outcomes of a group of items: one count per ``Outcome``, so a new outcome is counted,
/// summarised and written with no change here.
package struct OutcomeCounts: Hashable, Sendable {
  /// The non-zero counts.
  private var counts: [Outcome: Int] = [:]

  /// Creates zero counts.
  package init() {}

  /// The counts of `items`.
  package init<S: Sequence>(_ items: S) where S.Element == ReportItem {
    for item in items { add(item.outcome) }
  }

  /// How many items have `outcome`.
  package subscript(outcome: Outcome) -> Int {
    get { counts[outcome] ?? 0 }
    set { counts[outcome] = newValue == 0 ? nil : newValue }
  }

  /// Every item counted.
  package var total: Int { counts.values.reduce(0, +) }

  /// The items with a current result a tester or a run decided (``Outcome/results``).
  package var results: Int { Outcome.results.reduce(0) { $0 + self[$1] } }

  /// Counts one more item with `outcome`.
  package mutating func add(_ outcome: Outcome) { self[outcome] += 1 }

  /// `3 pass, 1 fail, 2 untested`: the non-zero counts in ``Outcome`` order, or `none`.
  package var summary: String {
    let parts = Outcome.allCases.filter { self[$0] > 0 }.map { "\(self[$0]) \($0)" }
    return parts.isEmpty ? "none" : parts.joined(separator: ", ")
  }
}

/// One check's results: the automated items of the check and the manual items of its counterpart.
package struct CheckSummary: Hashable, Sendable {
  /// The automated check's scenario id (`c1`, `p1`, `haptic.success`).
  package var id: CheckID
  /// Composition or haptics.
  package var channel: Scenario.Channel
  /// The check's title.
  package var title: String
  /// What the check asserts.
  package var statement: String
  /// The automated items' outcomes.
  package var automated: OutcomeCounts
  /// The manual scenario that checks the same on devices (`m1` for `c1`), if any.
  package var manualScenario: CheckID?
  /// The manual items' outcomes.
  package var manual: OutcomeCounts
}

/// A manual item that failed on a device where the core's matching automated checks pass: the app
/// diverges from the core it should have adopted.
package struct Divergence: Hashable, Sendable {
  /// The failed manual item.
  package var itemID: ItemID
  /// Its scenario (`m2`, `h1`).
  package var scenario: CheckID
  /// Where it failed.
  package var configuration: PlanItem.Configuration
  /// The automated checks that mirror the scenario (`c2`; `haptic.contract`, `haptic.success`).
  package var coreChecks: [CheckID]
  /// How many automated items of those checks (for the same input method and field) passed.
  package var corePasses: Int
  /// The deciding observation.
  package var observation: Observation?
}
