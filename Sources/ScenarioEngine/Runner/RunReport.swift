import Keystrokes
import QAModel
import QAPassHarness

/// The results of running a plan's automated items against one subject.
package struct RunReport: Sendable {
  /// The matrix's name.
  package var planName: String
  /// The app build named by the matrix, if any.
  package var build: String?
  /// The plan's fingerprint.
  package var planFingerprint: String
  /// The subject the items ran against.
  package var subject: BuiltInImplementation
  /// The subject's name as the harness reported it (`AcceptanceCore`, `naive controls`).
  package var subjectName = "AcceptanceCore"
  /// The subject's version or build.
  package var subjectVersion = AutomatedRun.version
  /// The fingerprint of the scenario pack replayed (empty when results did not come from a pack).
  package var packFingerprint = ""
  /// One result per automated item, in plan order.
  package var results: [ItemResult]
  /// Automated items left out because this build has no input-method engines (see
  /// ``BuiltInEngines/factory``), in plan order; empty in a build with the engines.
  package var notRun: [ItemID] = []

  /// Why ``notRun`` items were not run, in one sentence for a person.
  package var notRunExplanation: String? {
    notRun.isEmpty
      ? nil
      : "\(notRun.count) automated item\(notRun.count == 1 ? "" : "s") not run: "
        + EngineError.Message.notBuilt + "; run them with a build that has them (the default on Linux), "
        + "or replay them from a scenario pack exported where the engines are"
  }

  /// Counts per check (scenario id) and overall.
  package var summary: Summary {
    var perCheck: [Summary.Check] = []
    var slots: [CheckID: Int] = [:]
    var all = Summary.Check(check: "")
    for index in results.indices {
      let status = results[index].status
      all.add(status)
      // Items of one check mostly follow each other: the last check is tried first.
      var slot = perCheck.count - 1
      if slot < 0 || perCheck[slot].check != results[index].check {
        let check = results[index].check
        if let known = slots[check] {
          slot = known
        } else {
          slot = perCheck.count
          slots[check] = slot
          perCheck.append(Summary.Check(check: check))
        }
      }
      perCheck[slot].add(status)
    }
    return Summary(
      items: results.count, passes: all.passes, failures: all.failures, errors: all.errors, perCheck: perCheck
    )
  }

  /// Counts of a run.
  package struct Summary: Hashable, Sendable {
    /// Items run.
    package var items: Int
    /// Items that passed.
    package var passes: Int
    /// Items whose check failed.
    package var failures: Int
    /// Items that could not run (an engine missing, for example).
    package var errors: Int
    /// Counts per check, in order of first appearance (plan order).
    package var perCheck: [Check]

    /// The counts of one check.
    package struct Check: Hashable, Sendable {
      /// The check, a scenario id such as `c1`.
      package var check: CheckID
      /// Items that passed.
      package var passes = 0
      /// Items that failed.
      package var failures = 0
      /// Items that could not run.
      package var errors = 0

      mutating func add(_ status: Outcome) {
        switch status {
        case .pass: passes += 1
        case .fail: failures += 1
        case .error: errors += 1
        case .blocked, .skipped, .untested, .stale: break  // not the outcome of a replay
        }
      }
    }
  }
}

/// What running one automated item gave.
package struct ItemResult: Hashable, Sendable {
  /// The item's id.
  package var id: ItemID
  /// The check: the scenario id, such as `c1` or `haptic.rapid-taps`.
  package var check: CheckID
  /// The scenario's text version.
  package var scenarioVersion: Int
  /// The outcome, one of ``Outcome/replay``: `pass`, `fail` (the check did not hold) or `error` (the
  /// item could not run).
  package var status: Outcome
  /// The item's configuration.
  package var configuration: [PlanItem.Pair]
  /// The implementation run: `FieldValidator`, `NaiveFieldValidator`, `SaveFlow`, a naive flow…
  package var implementation: String
  /// Why the check failed or the item could not run; empty on a pass.
  package var problems: [String]
  /// For failed composition items: every driver step (the recipe's or sample's text, not user data).
  package var steps: [DriverStep]
  /// For failed haptic items: the flow's state and the player's calls after each action.
  package var hapticLog: [String]
  /// For an item that judges several texts each afresh (`p2`): each text's own result.
  package var texts: [TextResult] = []
}

/// What the automated items run against.
package enum BuiltInImplementation: String, Hashable, Sendable, CaseIterable {
  /// `FieldValidator` and `SaveFlow` from AcceptanceCore.
  case core
  /// The negative controls: `NaiveFieldValidator` and, per haptic scenario, the naive save flow
  /// built to fail it (see ``AutomatedRun/negativeControl(for:)``).
  case naive
}
