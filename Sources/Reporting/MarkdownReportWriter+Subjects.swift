import QAModel
import TextFormats

/// The "Coverage by subject" section of `report.md` and `report-summary.md`: per implementation the
/// automated items ran, passed, failed and not run, where the items not run are (by field, input
/// method and check, with counts, never a list of ids), why, and an app subject's failures.
extension MarkdownReportWriter {
  /// One line per subject for the verdict block, at most `limits.listed` of them (then a count and a
  /// link to the section that has them all).
  static func subjectLines(_ report: AcceptanceReport, limits: MarkdownLimits) -> String {
    var out = ""
    let missing = missingSubjects(report)
    for subject in report.subjects.prefix(limits.listed) {
      let coverage = subject.coverage
      out += "- **\(subject.isReference ? "Reference subject" : "App subject"):** \(code(subject.name)) "
      out += text(subject.version) + ": "
      if subject.notCounted != nil, !subject.hasCountedResults {
        out += "results not counted (\(subject.counts.summary) in its results)"
      } else {
        out += "ran \(coverage.ran) of \(coverage.planned) (\(outcomes(coverage)))"
        if coverage.notRun > 0 { out += ", \(coverage.notRun) not run" }
      }
      out += " · pack " + pack(subject) + "\n"
    }
    for missing in missing.prefix(max(0, limits.listed - report.subjects.count)) {
      out +=
        "- **Required subject:** \(code(missing.name)): no results (required by \(code(missing.requiredBy)))\n"
    }
    let left = report.subjects.count + missing.count - limits.listed
    if left > 0 {
      out +=
        "- … and \(AcceptanceReport.count(left, "more subject")) (see \(sectionLink(.subjects, limits)))\n"
    }
    return out
  }

  /// The pack's fingerprint, shortened (`sha256:` and 12 digits), or `–` for a run from no pack.
  static func pack(_ subject: SubjectResults) -> String {
    subject.packFingerprint.isEmpty ? "–" : code(String(subject.packFingerprint.prefix(19)))
  }

  static func missingSubjects(_ report: AcceptanceReport) -> [RequiredSubject] {
    let given = Set(report.subjects.filter { !$0.isReference }.map(\.name))
    var missing: [RequiredSubject] = []
    for requirement in report.requiredSubjects
    where !given.contains(requirement.name) && !missing.contains(where: { $0.name == requirement.name }) {
      missing.append(requirement)
    }
    return missing
  }

  /// `38 pass, 2 fail`, or `none`.
  static func outcomes(_ coverage: SubjectCoverage) -> String {
    var counts = OutcomeCounts()
    counts[.pass] = coverage.passed
    counts[.fail] = coverage.failed
    return counts.summary
  }

  static func subjects(_ report: AcceptanceReport, limits: MarkdownLimits) -> String {
    var out = "## Coverage by subject\n\n"
    let planned = report.items.count { $0.kind == .automated }
    out +=
      "How many of the plan's \(AcceptanceReport.count(planned, "automated item")) each implementation ran "
      + "(pass or fail) and did not run (no result, or could not run: not exported, no such field or flow, "
      + "no engine). An app subject must run them all, from the pack the reference core replayed.\n\n"
    var rows = report.subjects.prefix(limits.listed).map { subject in
      let coverage = subject.coverage
      let name = code(subject.name) + (subject.isReference ? " (reference)" : "")
      let counted = subject.notCounted == nil || subject.hasCountedResults
      return [
        name, cell(subject.version),
        counted ? "\(coverage.ran) of \(coverage.planned)" : "not counted",
        String(coverage.passed), String(coverage.failed), String(coverage.notRun),
        pack(subject),
      ]
    }
    rows += missingSubjects(report).prefix(limits.listed).map { missing in
      [code(missing.name) + " (required)", "–", "no results", "0", "0", String(planned), "–"]
    }
    out += table(["Subject", "Version", "Ran", "Pass", "Fail", "Not run", "Pack"], rows)
    if report.subjects.count > limits.listed {
      out += "\n… and \(report.subjects.count - limits.listed) more subjects (see report.json).\n"
    }
    out += "\n"
    for subject in report.subjects.prefix(limits.listed) {
      out += details(subject, limits: limits)
    }
    return out
  }

  /// What a subject did not run, why its results do not count, what in them does not belong, and its
  /// failures (app subjects; the reference core's are under Automated results).
  static func details(_ subject: SubjectResults, limits: MarkdownLimits) -> String {
    let coverage = subject.coverage
    let label = code(subject.name) + (subject.version.isEmpty ? "" : " " + text(subject.version))
    var out = ""
    if let why = subject.notCounted {
      out += "### Not counted: \(label)\n\n"
      out += "Results of it were \(text(why)); they count neither as passes nor as failures.\n\n"
      if !subject.hasCountedResults { return out }
    }
    if coverage.notRun > 0 {
      out += "### Not run by \(label)\n\n"
      out += "\(coverage.notRun) of \(coverage.planned) items"
      var why: [String] = []
      if coverage.noResult > 0 { why.append("\(coverage.noResult) without a result") }
      if coverage.couldNotRun > 0 { why.append("\(coverage.couldNotRun) could not run") }
      out += " (\(why.joined(separator: ", "))), not run of each:\n\n"
      for (name, tallies) in [
        ("By field", coverage.byField), ("By input method", coverage.byInputMethod),
        ("By check", coverage.byCheck),
      ] where !tallies.isEmpty {
        let shown = tallies.prefix(limits.listed).map { "\(code($0.value)) \($0.notRun) of \($0.planned)" }
        let more = tallies.count > limits.listed ? ", … and \(tallies.count - limits.listed) more" : ""
        out += "- \(name): " + shown.joined(separator: ", ") + more + "\n"
      }
      var reasons = coverage.reasons.prefix(limits.listed).map { "\(text($0.reason)) (\($0.items))" }
      let other =
        coverage.otherReasons + coverage.reasons.dropFirst(limits.listed).reduce(0) { $0 + $1.items }
      if other > 0 { reasons.append("other reasons (\(other))") }
      out += "- Why: " + reasons.joined(separator: "; ") + "\n\n"
    }
    for (title, sample) in [
      ("Results for items this plan does not have", coverage.unknown),
      ("Items with more than one result", coverage.duplicated),
    ] where sample.count > 0 {
      out +=
        "\(title) (\(label)): \(sample.count): "
        + capped(sample.first.map(\.rawValue), limit: limits.listed)
        + (sample.count > sample.first.count ? ", … and \(sample.count - sample.first.count) more" : "")
        + "\n\n"
    }
    let failed = subject.items.filter { $0.outcome == .fail }
    if !failed.isEmpty {
      out += "### Failed against \(label)\n\n"
      for item in failed.prefix(limits.listed) {
        out +=
          "- \(code(item.id.rawValue)): \(text(item.failingTextsSentence ?? item.problems.first ?? "failed"))\n"
      }
      if failed.count > limits.listed {
        out += "- … and \(failed.count - limits.listed) more (see report.json and junit.xml)\n"
      }
      out += "\n"
    }
    return out
  }
}
