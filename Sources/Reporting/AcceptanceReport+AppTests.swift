import Observations
import QAModel

extension AcceptanceReport {
  /// The report with the app's own test runs and the CI jobs' fates weighed (``RunLog/Current``).
  ///
  /// - A failing test of the app's own (one that names no plan item: a crash, a login test) **rejects**:
  ///   the app's test run failed, whatever the items say. Each is listed.
  /// - A session whose latest CI job failed, timed out or was cancelled was not run: the pass is
  ///   **incomplete** until a job of it succeeds, whatever else is recorded for it (earlier manual
  ///   passes included). Each is listed with the reason and the job's link.
  /// - A test run that produced no result at all (the build failed) leaves the pass **incomplete**.
  /// - Runs of sessions the plan does not have, or of another build, change nothing and are remarked.
  ///
  /// ```swift
  /// let path = "matrices/default.yaml"
  /// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  /// let document = try MatrixDocument.load(path: path, bytes: bytes).document
  /// guard case .qapass(let file) = document else { return }
  /// let plan = try Plan.make(file: file)
  /// let report = AcceptanceReport.make(
  ///   plan: plan, run: AutomatedRun.run(plan, subject: .core), manual: [], generatedAt: nil)
  /// var runs = RunLog.Current()
  /// runs.unfinishedJobs = [
  ///   JobFate(
  ///     session: SessionID(device: "sim-iphone-17-pro", os: "26.x"), conclusion: .cancelled, reason: nil,
  ///     url: nil, time: .now())
  /// ]
  /// report.weighing(runs).reasons.first  // "1 session not run: its CI job did not finish: …"
  /// ```
  package func weighing(_ runs: RunLog.Current) -> AcceptanceReport {
    var report = self
    report.appTestRuns = runs.testRuns
    report.unfinishedJobs = runs.unfinishedJobs
    let failing = runs.failing
    if !failing.isEmpty {
      let named = failing.prefix(Self.namedTests).map { "\($0.test.displayName) on \($0.run.session)" }
      let more = failing.count > Self.namedTests ? " and \(failing.count - Self.namedTests) more" : ""
      report.findings.rejecting.append(
        VerdictReason(
          "\(Self.count(failing.count, "test")) of the app's own failed: " + named.joined(separator: ", ")
            + more
            + ".", details: more.isEmpty ? nil : .appTests))
    }
    for run in runs.withoutResult {
      report.findings.incomplete.append(
        VerdictReason(
          "The app's tests on \(run.session) produced no result (\(run.source)): \(run.noResult ?? "").")
      )
    }
    if !runs.unfinishedJobs.isEmpty {
      let named = runs.unfinishedJobs.prefix(Self.namedTests).map { "\($0.session) (\($0.because))" }
      let more =
        runs.unfinishedJobs.count > Self.namedTests
        ? " and \(runs.unfinishedJobs.count - Self.namedTests) more" : ""
      report.findings.incomplete.insert(
        VerdictReason(
          "\(Self.count(runs.unfinishedJobs.count, "session")) not run: \(runs.unfinishedJobs.count == 1 ? "its" : "their") "
            + "CI job did not finish: " + named.joined(separator: ", ") + more + ".",
          details: more.isEmpty ? nil : .jobs),
        at: 0)
    }
    if !runs.outside.isEmpty {
      report.findings.remarks.append(
        VerdictReason(
          "\(Self.count(runs.outside.count, "test run")) of the app's own tests \(runs.outside.count == 1 ? "is" : "are") "
            + "for sessions the plan does not have (\(Set(runs.outside.map(\.session.description)).sorted().joined(separator: ", "))) "
            + "and not counted."))
    }
    if !runs.otherBuild.isEmpty {
      report.findings.remarks.append(
        VerdictReason(
          "\(Self.count(runs.otherBuild.count, "test run")) of the app's own tests \(runs.otherBuild.count == 1 ? "is" : "are") "
            + "of another build than \(build ?? "the one under test") and not counted."))
    }
    report.decide()
    return report
  }

  /// How many failing tests or unfinished jobs a verdict's reason names; the report lists them all.
  static let namedTests = 5
}
