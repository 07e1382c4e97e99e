import Observations
import QAModel
import ScenarioEngine

/// The acceptance report a release can be gated on: a verdict with its reasons, per-check results,
/// coverage grids, failures, divergences between the core and devices, and executed pair coverage.
///
/// Made by ``make(plan:run:manual:generatedAt:)`` and written by a ``ReportWriter``. The same
/// inputs always give the same report and byte-identical files.
///
/// Verdict rules, in order:
/// 1. **REJECTED** when any automated item failed, or any manual item's current outcome is `fail`.
///    An app subject's failed item rejects too.
/// 2. **INCOMPLETE** otherwise, when any automated item could not run (an engine error) or has no
///    result, when the run was made for another plan, or when any manual item is untested, stale,
///    blocked or skipped; and when an app subject did not run every automated item, its results come
///    from another plan or pack, name items the plan does not have or repeat one, or a required
///    subject's results are missing (see ``AutomatedSubject`` and ``RequiredSubject``).
/// 3. **ACCEPTED** otherwise: every automated and every manual item passed, against every subject.
public struct AcceptanceReport: Hashable, Sendable {
  /// The gate's decision.
  public enum Verdict: String, Hashable, Sendable, CaseIterable {
    /// Every item passed.
    case accepted = "ACCEPTED"
    /// Something failed.
    case rejected = "REJECTED"
    /// Nothing failed, but not everything passed.
    case incomplete = "INCOMPLETE"
  }

  /// What the report covers.
  public enum Scope: String, Hashable, Sendable, CaseIterable {
    /// A whole QA pass: automated and manual items (`qapass pass`, `qapass report`).
    case pass
    /// The automated items only (`qapass run`).
    case run
  }

  /// Where ``generatedAt`` comes from.
  public enum TimeSource: String, Hashable, Sendable, CaseIterable {
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
  public var scope: Scope = .pass
  /// The matrix's name.
  public var planName: String
  /// The matrix file's path.
  public var planPath: String
  /// The app build under test, if the matrix names one.
  public var build: String?
  /// The plan's fingerprint.
  public var planFingerprint: String
  /// When the report was made: ISO 8601 UTC (`2026-11-29T20:00:00Z`), or `nil` when unknown.
  public var generatedAt: String?
  /// Where ``generatedAt`` comes from.
  public var generatedFrom: TimeSource = .caller
  /// The subject the automated items ran against (`core`, or `naive` for the negative controls).
  public var subject: String
  /// The verdict.
  public var verdict: Verdict
  /// Why, most serious first, each with the section that lists what it names only in part.
  public var verdictReasons: [VerdictReason]
  /// Every plan item with its outcome, in plan order.
  public var items: [ReportItem]
  /// The composition checks C1, C2, C3 and P1, then the haptic checks, with their manual counterparts.
  public var checks: [CheckSummary]
  /// OS × input method: the manual composition items of each cell and the core's result.
  public var compositionGrid: CoverageGrid
  /// Device × OS: the manual haptic items of each session.
  public var hapticsGrid: CoverageGrid
  /// Manual items that failed where the core's matching automated checks pass.
  public var divergences: [Divergence]
  /// Pair coverage over the manual composition items with a current pass or fail.
  public var pairCoverage: PairCoverage
  /// Matrix combinations the plan removed because a device cannot run them.
  public var removedCells: [Plan.RemovedCell]
  /// Things a reader should know: the plan's notes and the report's own.
  public var notes: [String]
  /// Observation files with errors, whose entries in error were left out (``leavingOut(_:)``).
  public var filesInError: [FileInError] = []
  /// Results recorded for ids the plan does not have, each an error of its file (``noting(unplanned:)``).
  public var unplannedObservations: [UnplannedObservation] = []
  /// What changed since the previous report, when one was given.
  public var changes: ReportChanges? = nil
  /// Progress per device session, in plan order.
  public var sessions: [SessionProgress] = []
  /// Progress per tester (from the deciding observations), by tester name.
  public var testers: [TesterProgress] = []
  /// Every implementation the automated items ran against: the reference core first, then the app
  /// subjects of the results given, one per subject name (``AutomatedSubject``).
  public var subjects: [AutomatedSubject] = []
  /// The subjects whose automated results the matrix (`subjects:`) or `--require-automated` requires.
  public var requiredSubjects: [RequiredSubject] = []
  /// What the verdict and reasons are decided from.
  var findings = Findings()

  /// Why, most serious first: the sentences of ``verdictReasons``.
  public var reasons: [String] { verdictReasons.map(\.text) }
  /// Items whose current outcome is `fail` or `error`, in plan order.
  public var failures: [ReportItem] { items.filter(\.isFailing) }
  /// Manual items without a current result (untested, blocked or skipped), in plan order.
  public var untested: [ReportItem] {
    items.filter { $0.kind == .manual && [.untested, .blocked, .skipped].contains($0.outcome) }
  }
  /// Manual items a retest fixed (their deciding pass supersedes a fail), in plan order.
  public var fixedOnRetest: [ReportItem] { items.filter(\.fixedOnRetest) }
  /// Items whose observation no longer counts, in plan order.
  public var stale: [ReportItem] { items.filter { $0.outcome == .stale } }
  /// Blocked manual items with the reason the tester gave, in plan order.
  public var blocked: [(id: ItemID, reason: String)] {
    items.filter { $0.outcome == .blocked }.map { ($0.id, $0.blockedReason ?? "no reason given") }
  }
}

/// One plan item and what became of it.
public struct ReportItem: Hashable, Sendable {
  /// The stable id.
  public var id: ItemID
  /// Automated or manual.
  public var kind: Scenario.Kind
  /// Composition or haptics.
  public var channel: Scenario.Channel
  /// The scenario (check) id, such as `c1`, `m2` or `haptic.success`.
  public var scenario: CheckID
  /// The scenario's text version.
  public var scenarioVersion: Int
  /// The item's title.
  public var title: String
  /// Where the item applies.
  public var configuration: PlanItem.Configuration
  /// The outcome.
  public var outcome: Outcome
  /// Automated items: the implementation run (`FieldValidator`, `SaveFlow`, …), empty otherwise.
  public var implementation: String
  /// Automated items: why the check failed or could not run.
  public var problems: [String]
  /// Failed automated composition items: the driver steps (the keystroke trace).
  public var steps: [DriverStep]
  /// Failed automated haptic items: the flow's log.
  public var hapticLog: [String]
  /// Manual items: the deciding observation.
  public var observation: ManualObservation?
  /// Manual items: why the observation is stale.
  public var staleReason: String?
  /// Manual items: observations that disagree with the deciding one.
  public var conflicts: [String]
  /// Manual items: earlier observations with another result that the deciding one retested.
  public var superseded: [String] = []
  /// Manual items: whether a retest fixed the item (the deciding pass supersedes a fail).
  public var fixedOnRetest = false
  /// Manual items: the checklist that holds the item (`checklists/iphone-16e.26.x.md`), if known.
  public var checklist: String? = nil
  /// What the item should show, for a reader of a failure: the scenario's expected result.
  public var expected: [String] = []

  /// Whether the outcome is `fail` or `error`.
  public var isFailing: Bool { outcome.isFailing }

  /// Blocked manual items: what stopped the test (the observation's note, which a blocked record needs).
  public var blockedReason: String? { outcome == .blocked ? observation?.note : nil }
}

/// The counts of outcomes of a group of items.
public struct OutcomeCounts: Hashable, Sendable {
  /// Passed.
  public var pass = 0
  /// Failed.
  public var fail = 0
  /// Could not run.
  public var error = 0
  /// Blocked.
  public var blocked = 0
  /// Skipped.
  public var skipped = 0
  /// No result.
  public var untested = 0
  /// Stale.
  public var stale = 0

  /// Creates zero counts.
  public init() {}

  /// Every item counted.
  public var total: Int { pass + fail + error + blocked + skipped + untested + stale }

  /// Counts one more item with `outcome`.
  public mutating func add(_ outcome: Outcome) {
    switch outcome {
    case .pass: pass += 1
    case .fail: fail += 1
    case .error: error += 1
    case .blocked: blocked += 1
    case .skipped: skipped += 1
    case .untested: untested += 1
    case .stale: stale += 1
    }
  }

  /// The counts of `items`.
  public init<S: Sequence>(_ items: S) where S.Element == ReportItem {
    for item in items { add(item.outcome) }
  }

  /// `3 pass, 1 fail, 2 untested`: the non-zero counts in a fixed order, or `none`.
  public var summary: String {
    let parts = [
      ("pass", pass), ("fail", fail), ("error", error), ("blocked", blocked), ("skipped", skipped),
      ("untested", untested), ("stale", stale),
    ].filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }
    return parts.isEmpty ? "none" : parts.joined(separator: ", ")
  }
}

/// One check's results: the automated items of the check and the manual items of its counterpart.
public struct CheckSummary: Hashable, Sendable {
  /// The automated check's scenario id (`c1`, `p1`, `haptic.success`).
  public var id: CheckID
  /// Composition or haptics.
  public var channel: Scenario.Channel
  /// The check's title.
  public var title: String
  /// What the check asserts.
  public var statement: String
  /// The automated items' outcomes.
  public var automated: OutcomeCounts
  /// The manual scenario that checks the same on devices (`m1` for `c1`), if any.
  public var manualScenario: CheckID?
  /// The manual items' outcomes.
  public var manual: OutcomeCounts
}

/// A manual item that failed on a device where the core's matching automated checks pass: the app
/// diverges from the core it should have adopted.
public struct Divergence: Hashable, Sendable {
  /// The failed manual item.
  public var itemID: ItemID
  /// Its scenario (`m2`, `h1`).
  public var scenario: CheckID
  /// Where it failed.
  public var configuration: PlanItem.Configuration
  /// The automated checks that mirror the scenario (`c2`; `haptic.contract`, `haptic.success`).
  public var coreChecks: [CheckID]
  /// How many automated items of those checks (for the same input method and field) passed.
  public var corePasses: Int
  /// The deciding observation.
  public var observation: ManualObservation?
}
