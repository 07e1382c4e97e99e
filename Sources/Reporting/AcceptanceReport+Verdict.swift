import QAModel
import ScenarioEngine

/// One reason of the verdict: its sentence, and, when the sentence names only the first of what it
/// counts, the section of `report.md` that lists them.
package struct VerdictReason: Hashable, Sendable {
  /// The sentence (`159 manual items failed on devices: a, b and 157 more.`).
  package var text: String
  /// Where the rest of what ``text`` counts is listed, or `nil` when it names everything.
  package var details: ReportSection?

  /// Creates a reason.
  package init(_ text: String, details: ReportSection? = nil) {
    self.text = text
    self.details = details
  }
}

/// A section of `report.md`, named by the anchor GitHub gives its heading.
package enum ReportSection: String, Hashable, Sendable, CaseIterable {
  /// `## Failures`.
  case failures
  /// `## Untested items`: untested, blocked and skipped items by session, with the reasons.
  case untested = "untested-items"
  /// `## Coverage by subject`.
  case subjects = "coverage-by-subject"
  /// `## Observation files in error`.
  case filesInError = "observation-files-in-error"
  /// `### Results for items the plan does not have`.
  case unplanned = "results-for-items-the-plan-does-not-have"
  /// `### Sessions not run: their CI job did not finish`.
  case jobs = "sessions-not-run-their-ci-job-did-not-finish"
  /// `### The app's own tests that failed`.
  case appTests = "the-apps-own-tests-that-failed"

  /// The heading's text.
  package var title: String {
    switch self {
    case .failures: "Failures"
    case .untested: "Untested items"
    case .subjects: "Coverage by subject"
    case .filesInError: "Observation files in error"
    case .unplanned: "Results for items the plan does not have"
    case .jobs: "Sessions not run: their CI job did not finish"
    case .appTests: "The app's own tests that failed"
    }
  }
}

extension AcceptanceReport {
  /// What the gate found, each finding with its effect on the verdict: the one place the verdict is
  /// decided (``AcceptanceReport/make(plan:run:manual:generatedAt:generatedFrom:checklists:previous:apps:)``
  /// fills it, ``AcceptanceReport/leavingOut(_:)`` adds to it).
  ///
  /// REJECTED when anything rejects; otherwise INCOMPLETE when anything leaves the pass incomplete;
  /// otherwise ACCEPTED, with ``allPassed`` as the reason. Remarks never change the verdict.
  struct Findings: Hashable, Sendable {
    /// Shown first, leaving the pass incomplete: observation files in error.
    var leading: [VerdictReason] = []
    /// Failures: the release is rejected.
    var rejecting: [VerdictReason] = []
    /// What was not run or does not count: the pass is incomplete.
    var incomplete: [VerdictReason] = []
    /// Things a reader of the verdict should know that change nothing.
    var remarks: [VerdictReason] = []
    /// The reason of an ACCEPTED verdict.
    var allPassed = VerdictReason("")

    var verdict: Verdict {
      if !rejecting.isEmpty { return .rejected }
      return leading.isEmpty && incomplete.isEmpty ? .accepted : .incomplete
    }

    /// Most serious first.
    var reasons: [VerdictReason] {
      leading + rejecting + incomplete + (verdict == .accepted ? [allPassed] : []) + remarks
    }
  }

  /// Sets ``verdict`` and ``verdictReasons`` from ``findings``.
  mutating func decide() {
    verdict = findings.verdict
    verdictReasons = findings.reasons
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
    plan: Plan, items: [ReportItem], reference: SubjectResults, apps: [SubjectResults]?,
    required: [RequiredSubject]
  ) -> Findings {
    var findings = Findings()
    let automated = items.filter { $0.kind == .automated }
    let manualItems = items.filter { $0.kind == .manual }
    let failedAutomated = automated.filter { $0.outcome == .fail }
    let failedManual = manualItems.filter { $0.outcome == .fail && !$0.isWaived }
    if !failedAutomated.isEmpty {
      findings.rejecting.append(
        VerdictReason(
          "\(count(failedAutomated.count, "automated item")) failed (\(perCheck(failedAutomated)))."))
    }
    if !failedManual.isEmpty {
      findings.rejecting.append(
        VerdictReason(
          "\(count(failedManual.count, "manual item")) failed on devices: "
            + failedManual.prefix(10).map(\.id.rawValue).joined(separator: ", ")
            + (failedManual.count > 10 ? " and \(failedManual.count - 10) more." : "."),
          details: failedManual.count > 10 ? .failures : nil))
    }
    for item in manualItems where item.outcome == .fail {
      guard let waiver = item.waiver else { continue }
      let sentence = "\(item.id): \(waiver.sentence)."
      switch waiver.status {
      case .holds: findings.remarks.append(VerdictReason("Waived failure " + sentence))
      case .expired, .failedAnew: findings.rejecting.append(VerdictReason("Not waived: " + sentence))
      }
    }
    if let why = reference.notCounted {
      findings.incomplete.append(VerdictReason("The automated run does not count: \(why)."))
    }
    let errored = automated.filter { $0.outcome == .error }
    if !errored.isEmpty {
      findings.incomplete.append(
        VerdictReason("\(count(errored.count, "automated item")) could not run (\(perCheck(errored)))."))
    }
    let notRun = automated.filter { $0.outcome == .untested }
    if reference.notCounted == nil, !notRun.isEmpty {
      findings.incomplete.append(
        VerdictReason("\(count(notRun.count, "automated item")) have no result in the run."))
    }
    for outcome in Outcome.incomplete {
      let matching = manualItems.filter { $0.outcome == outcome }
      if !matching.isEmpty {
        findings.incomplete.append(
          VerdictReason("\(count(matching.count, "manual item")) \(outcome.rawValue)."))
      }
    }
    for app in apps ?? [] { appFindings(app, into: &findings) }
    let given = Set((apps ?? []).map(\.name))
    var missing: [String] = []
    for requirement in required where !given.contains(requirement.name) && !missing.contains(requirement.name)
    {
      missing.append(requirement.name)
      findings.incomplete.append(VerdictReason(Message.requiredMissing(requirement)))
    }
    if let apps, apps.isEmpty, required.isEmpty {
      findings.remarks.append(VerdictReason(Message.onlyReference(reference)))
    }
    let subjects = [reference.label] + (apps ?? []).map(\.label)
    let waived = manualItems.count(where: \.isWaived)
    findings.allPassed = VerdictReason(
      "All \(count(automated.count, "automated item"))"
        + ((apps ?? []).isEmpty ? "" : " (against \(subjects.joined(separator: ", ")))")
        + " and all \(count(manualItems.count, "manual item")) passed"
        + (waived > 0 ? " or have a waived failure (\(waived) waived)" : "")
        + (plan.build.map { " for build \($0)." } ?? "."))
    return findings
  }

  /// An app subject's findings: its failures reject; what it did not run, results that do not count,
  /// that name items the plan does not have or that repeat an item leave the pass incomplete.
  static func appFindings(_ app: SubjectResults, into findings: inout Findings) {
    let label = app.label
    let coverage = app.coverage
    if let why = app.notCounted {
      findings.incomplete.append(
        VerdictReason(
          "The automated results of \(label) do not count: \(why). Export the pack once and give it to "
            + "both: qapass pass --pack PACK --automated RESULTS."))
      // Nothing of it counts: the rest would only say so again.
      if !app.hasCountedResults { return }
    }
    let failed = app.items.filter { $0.outcome == .fail }
    if !failed.isEmpty {
      findings.rejecting.append(
        VerdictReason(
          "\(count(failed.count, "automated item")) failed against \(label) (\(perCheck(failed)))."))
    }
    if coverage.notRun > 0 {
      findings.incomplete.append(
        VerdictReason(
          Message.notRun(label, coverage),
          details: coverage.byField.count > 5 || coverage.byCheck.count > 5 ? .subjects : nil))
    }
    if coverage.unknown.count > 0 {
      findings.incomplete.append(
        VerdictReason(
          "The results of \(label) name \(count(coverage.unknown.count, "item")) this plan does not have ("
            + sample(coverage.unknown) + "): they were not made from this plan's pack.",
          details: coverage.unknown.count > coverage.unknown.first.count ? .subjects : nil))
    }
    if coverage.duplicated.count > 0 {
      findings.incomplete.append(
        VerdictReason(
          "The results of \(label) hold more than one result for \(count(coverage.duplicated.count, "item")) ("
            + sample(coverage.duplicated) + "); the worst of each counts. Give one results file per run.",
          details: coverage.duplicated.count > coverage.duplicated.first.count ? .subjects : nil))
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

    static func onlyReference(_ reference: SubjectResults) -> String {
      "Only qapass's reference core (\(reference.label)) ran the automated items: they say nothing about "
        + "the app's own code. Replay the scenario pack against the app (QAPassHarness) and pass its "
        + "results with --automated."
    }
  }
}
