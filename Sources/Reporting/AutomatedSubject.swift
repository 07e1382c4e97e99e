import QAModel
import QAPassHarness
import ScenarioEngine

/// One implementation the automated items ran against, as the report names it: the reference
/// core qapass ships, or a team's own code replayed through QAPassHarness.
public struct AutomatedSubject: Hashable, Sendable {
  /// The subject's name (`AcceptanceCore`, `SignUpCore`).
  public var name: String
  /// Its version or build.
  public var version: String
  /// Whether it is qapass's own reference core (or its naive controls) rather than the app's code.
  public var isReference: Bool
  /// The fingerprint of the scenario pack replayed.
  public var packFingerprint: String
  /// The plan the pack came from.
  public var planFingerprint: String
  /// The item counts.
  public var counts: OutcomeCounts
  /// Items that failed or could not run, with the first problem of each, in pack order.
  public var problems: [PlanItem.Pair]

  /// The reference run's subject.
  public init(reference run: RunReport) {
    self.init(
      name: run.subjectName, version: run.subjectVersion, isReference: true,
      packFingerprint: run.packFingerprint,
      planFingerprint: run.planFingerprint,
      results: run.results.map { ($0.id.rawValue, $0.status, $0.problems.first ?? "") })
  }

  /// A team's subject, from the results a harness run wrote.
  public init(harness run: HarnessRun) {
    self.init(
      name: run.subjectName, version: run.subjectVersion, isReference: false,
      packFingerprint: run.packFingerprint,
      planFingerprint: run.planFingerprint, results: run.results.map { ($0.id, $0.status, $0.problem) })
  }

  private init(
    name: String, version: String, isReference: Bool, packFingerprint: String, planFingerprint: String,
    results: [(id: String, status: Outcome, problem: String)]
  ) {
    self.name = name
    self.version = version
    self.isReference = isReference
    self.packFingerprint = packFingerprint
    self.planFingerprint = planFingerprint
    counts = OutcomeCounts()
    problems = []
    for result in results {
      counts.add(result.status)
      if result.status != .pass { problems.append(PlanItem.Pair(key: result.id, value: result.problem)) }
    }
  }
}

extension AcceptanceReport {
  /// The report with the automated results of the app's own subjects (`qapass pass --automated`).
  ///
  /// Every subject is listed with its name, version and pack fingerprint. A subject's failures
  /// reject the release, its errors or results for another plan make it incomplete; when only
  /// the reference core ran, the reasons say plainly that the automated verdict is about qapass's
  /// core, not the app.
  public func including(_ runs: [HarnessRun], reference: RunReport) -> AcceptanceReport {
    var report = self
    report.subjects = [AutomatedSubject(reference: reference)] + runs.map(AutomatedSubject.init(harness:))
    var blocking: [String] = []
    var incomplete: [String] = []
    for subject in report.subjects where !subject.isReference {
      let label = "\(subject.name) \(subject.version)"
      if subject.planFingerprint != planFingerprint {
        incomplete.append(
          "The automated results of \(label) were replayed from a pack of plan \(subject.planFingerprint), not "
            + "\(planFingerprint): re-export the pack and replay it.")
        continue
      }
      if subject.counts.fail > 0 {
        blocking.append("\(subject.counts.fail) automated item(s) failed against \(label).")
      }
      if subject.counts.error > 0 {
        incomplete.append("\(subject.counts.error) automated item(s) could not run against \(label).")
      }
    }
    if runs.isEmpty {
      report.reasons.append(
        "Only qapass's reference core (\(reference.subjectName) \(reference.subjectVersion)) ran the automated "
          + "items: they say nothing about the app's own code. Replay the scenario pack against the app "
          + "(QAPassHarness) and pass its results with --automated.")
    }
    if !blocking.isEmpty {
      if report.verdict == .accepted { report.reasons = [] }
      report.verdict = .rejected
      report.reasons = blocking + report.reasons
    } else if !incomplete.isEmpty, report.verdict == .accepted {
      report.verdict = .incomplete
      report.reasons = incomplete
    } else {
      report.reasons += incomplete
    }
    return report
  }
}
