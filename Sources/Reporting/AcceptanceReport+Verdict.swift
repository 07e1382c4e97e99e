import QAModel
import ScenarioEngine

extension AcceptanceReport {
  /// What the gate found, each finding with its effect on the verdict: the one place the verdict is
  /// decided (``AcceptanceReport/make(plan:run:manual:generatedAt:generatedFrom:checklists:previous:apps:)``
  /// fills it, ``AcceptanceReport/leavingOut(_:)`` adds to it).
  ///
  /// REJECTED when anything rejects; otherwise INCOMPLETE when anything leaves the pass incomplete;
  /// otherwise ACCEPTED, with ``allPassed`` as the reason. Remarks never change the verdict.
  struct Findings: Hashable, Sendable {
    /// Shown first, leaving the pass incomplete: observation files in error.
    var leading: [String] = []
    /// Failures: the release is rejected.
    var rejecting: [String] = []
    /// What was not run or does not count: the pass is incomplete.
    var incomplete: [String] = []
    /// Things a reader of the verdict should know that change nothing.
    var remarks: [String] = []
    /// The reason of an ACCEPTED verdict.
    var allPassed = ""

    var verdict: Verdict {
      if !rejecting.isEmpty { return .rejected }
      return leading.isEmpty && incomplete.isEmpty ? .accepted : .incomplete
    }

    /// Most serious first.
    var reasons: [String] {
      leading + rejecting + incomplete + (verdict == .accepted ? [allPassed] : []) + remarks
    }
  }

  /// Sets ``verdict`` and ``reasons`` from ``findings``.
  mutating func decide() {
    verdict = findings.verdict
    reasons = findings.reasons
  }

  /// The findings over the report's items (the reference core's automated results and the manual
  /// statuses) and the app subjects.
  ///
  /// - Parameters:
  ///   - plan: The plan.
  ///   - items: The report's items.
  ///   - reference: The reference core's subject.
  ///   - apps: The app subjects, or `nil` when the report does not weigh app results (`qapass run`).
  ///   - required: The subjects whose results the matrix or an option requires.
  static func findings(
    plan: Plan, items: [ReportItem], reference: AutomatedSubject, apps: [AutomatedSubject]?,
    required: [RequiredSubject]
  ) -> Findings {
    var findings = Findings()
    let automated = items.filter { $0.kind == .automated }
    let manualItems = items.filter { $0.kind == .manual }
    let failedAutomated = automated.filter { $0.outcome == .fail }
    let failedManual = manualItems.filter { $0.outcome == .fail }
    if !failedAutomated.isEmpty {
      findings.rejecting.append(
        "\(count(failedAutomated.count, "automated item")) failed (\(perCheck(failedAutomated))).")
    }
    if !failedManual.isEmpty {
      findings.rejecting.append(
        "\(count(failedManual.count, "manual item")) failed on devices: "
          + failedManual.prefix(10).map(\.id.rawValue).joined(separator: ", ")
          + (failedManual.count > 10 ? " and \(failedManual.count - 10) more." : "."))
    }
    if let why = reference.notCounted {
      findings.incomplete.append("The automated run does not count: \(why).")
    }
    let errored = automated.filter { $0.outcome == .error }
    if !errored.isEmpty {
      findings.incomplete.append(
        "\(count(errored.count, "automated item")) could not run (\(perCheck(errored))).")
    }
    let notRun = automated.filter { $0.outcome == .untested }
    if reference.notCounted == nil, !notRun.isEmpty {
      findings.incomplete.append("\(count(notRun.count, "automated item")) have no result in the run.")
    }
    for outcome in [Outcome.untested, .stale, .blocked, .skipped] {
      let matching = manualItems.filter { $0.outcome == outcome }
      if !matching.isEmpty {
        findings.incomplete.append("\(count(matching.count, "manual item")) \(outcome.rawValue).")
      }
    }
    for app in apps ?? [] { appFindings(app, into: &findings) }
    let given = Set((apps ?? []).map(\.name))
    var missing: [String] = []
    for requirement in required where !given.contains(requirement.name) && !missing.contains(requirement.name)
    {
      missing.append(requirement.name)
      findings.incomplete.append(Message.requiredMissing(requirement))
    }
    if let apps, apps.isEmpty, required.isEmpty {
      findings.remarks.append(Message.onlyReference(reference))
    }
    let subjects = [reference.label] + (apps ?? []).map(\.label)
    findings.allPassed =
      "All \(count(automated.count, "automated item"))"
      + ((apps ?? []).isEmpty ? "" : " (against \(subjects.joined(separator: ", ")))")
      + " and all \(count(manualItems.count, "manual item")) passed"
      + (plan.build.map { " for build \($0)." } ?? ".")
    return findings
  }

  /// An app subject's findings: its failures reject; what it did not run, results that do not count,
  /// that name items the plan does not have or that repeat an item leave the pass incomplete.
  static func appFindings(_ app: AutomatedSubject, into findings: inout Findings) {
    let label = app.label
    let coverage = app.coverage
    if let why = app.notCounted {
      findings.incomplete.append(
        "The automated results of \(label) do not count: \(why). Export the pack once and give it to "
          + "both: qapass pass --pack PACK --automated RESULTS.")
      // Nothing of it counts: the rest would only say so again.
      if !app.hasCountedResults { return }
    }
    let failed = app.items.filter { $0.outcome == .fail }
    if !failed.isEmpty {
      findings.rejecting.append(
        "\(count(failed.count, "automated item")) failed against \(label) (\(perCheck(failed))).")
    }
    if coverage.notRun > 0 {
      findings.incomplete.append(Message.notRun(label, coverage))
    }
    if coverage.unknown.count > 0 {
      findings.incomplete.append(
        "The results of \(label) name \(count(coverage.unknown.count, "item")) this plan does not have ("
          + sample(coverage.unknown) + "): they were not made from this plan's pack.")
    }
    if coverage.duplicated.count > 0 {
      findings.incomplete.append(
        "The results of \(label) hold more than one result for \(count(coverage.duplicated.count, "item")) ("
          + sample(coverage.duplicated) + "); the worst of each counts. Give one results file per run.")
    }
  }

  /// `a, b, c and 4 more`.
  static func sample(_ sample: SubjectCoverage.Sample) -> String {
    sample.first.map(\.rawValue).joined(separator: ", ")
      + (sample.count > sample.first.count ? " and \(sample.count - sample.first.count) more" : "")
  }

  /// `fields kana (25 of 25), hangul (20 of 20); checks haptic.success (1 of 1)`: the fields of the
  /// composition items not run and the checks of the others, at most `limit` of each.
  static func notRunPlaces(_ coverage: SubjectCoverage, limit: Int = 5) -> String {
    func list(_ tallies: [SubjectCoverage.Tally]) -> String {
      tallies.prefix(limit).map { "\($0.value) (\($0.notRun) of \($0.planned))" }.joined(separator: ", ")
        + (tallies.count > limit ? " and \(tallies.count - limit) more" : "")
    }
    var parts: [String] = []
    if !coverage.byField.isEmpty { parts.append("fields " + list(coverage.byField)) }
    let inFields = coverage.byField.reduce(0) { $0 + $1.notRun }
    if inFields < coverage.notRun {
      parts.append("checks " + list(coverage.byCheck))
    }
    return parts.joined(separator: "; ")
  }

  enum Message {
    static func notRun(_ label: String, _ coverage: SubjectCoverage) -> String {
      var why: [String] = []
      if coverage.noResult > 0 { why.append("\(coverage.noResult) without a result") }
      if coverage.couldNotRun > 0 { why.append("\(coverage.couldNotRun) could not run") }
      return
        "\(label) did not run \(coverage.notRun) of the \(count(coverage.planned, "automated item")) "
        + "(\(why.joined(separator: ", "))): \(notRunPlaces(coverage))."
    }

    static func requiredMissing(_ requirement: RequiredSubject) -> String {
      "\(requirement.requiredBy) requires the automated results of \(requirement.name), and none were given: "
        + "replay the scenario pack against it (QAPassHarness) and pass its results with --automated."
    }

    static func onlyReference(_ reference: AutomatedSubject) -> String {
      "Only qapass's reference core (\(reference.label)) ran the automated items: they say nothing about "
        + "the app's own code. Replay the scenario pack against the app (QAPassHarness) and pass its "
        + "results with --automated."
    }
  }
}
