import Diagnostics
import Effects
import Observations
import QAModel
import TextFormats

extension Workflow {
  /// The inputs of ``recordJob(_:)``.
  package struct RecordJobInputs: Sendable {
    /// The matrix file (no matrix: the one the checklists were made from) and planning overrides.
    package var source: PlanSource
    /// The session the job tests (`sim-iphone-17-pro.26.x`).
    package var session: String
    /// How the job ended: `success`, `failure`, `cancelled` or `timed-out`.
    package var conclusion: String
    /// Why, in the job's words (default: the conclusion's).
    package var reason: String?
    /// The job's page.
    package var url: String?
    /// The records file whose runs file it goes to (`nil`: `observations/records.yaml`).
    package var file: String?
    /// When (default: now).
    package var time: String?

    /// Creates the inputs; the other options start at their defaults.
    package init(source: PlanSource, session: String, conclusion: String) {
      self.source = source
      self.session = session
      self.conclusion = conclusion
    }

    /// The records file the runs file sits beside.
    var recordsPath: String { file ?? Defaults.records }
    /// The runs file appended to.
    var runsPath: String { RunLog.path(besideRecords: recordsPath) }
  }

  /// `qapass record-job`: records how the CI job that tests one session ended, in the runs file
  /// beside the records file (``RunLog``), under its lock. A session whose latest job failed, timed out
  /// or was cancelled is listed by the report as not run, with the reason and the job's link, and the
  /// verdict is never ACCEPTED while one is; a later `success` of the session finishes it.
  ///
  /// - Returns: The fate recorded.
  /// - Throws: ``UsageError`` for a session the plan does not have, an unknown conclusion, a link that
  ///   is not http(s) or a malformed time; a `Diagnostic` for a runs file that is not one (left as it is).
  package func recordJob(_ inputs: RecordJobInputs) throws -> UseCaseResult<JobFate> {
    try begin([.store(inputs.runsPath)])
    guard let conclusion = JobFate.Conclusion(rawValue: inputs.conclusion) else {
      let spellings = JobFate.Conclusion.allCases.map(\.rawValue)
      throw UsageError(
        "'--conclusion \(inputs.conclusion)' is not a job conclusion"
          + Suggestion.hint(for: inputs.conclusion, among: spellings))
    }
    if let url = inputs.url,
      url.isEmpty || Escaping.markdownLinkDestination(url) == nil || !url.contains("://")
    {
      throw UsageError("'--url \(url)' is not an http or https link to the job")
    }
    let reason = inputs.reason.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
    let time: Timestamp
    if let text = inputs.time {
      do { time = try Timestamp.parse(text) } catch { throw UsageError("'--time': \(error.description)") }
    } else {
      time = .now(clock)
    }
    let loaded = try loadPlan(inputs.source, checksChecklists: true)
    let sessions = try observableCatalog(loaded).items.map(\.session)
    guard let session = sessions.first(where: { $0.description == inputs.session }) else {
      let names = Set(sessions.map(\.description)).sorted()
      throw UsageError(
        "the plan has no session '\(inputs.session)'" + Suggestion.hint(for: inputs.session, among: names))
    }
    let fate = JobFate(session: session, conclusion: conclusion, reason: reason, url: inputs.url, time: time)
    let path = try storeFile(inputs.runsPath, createFolders: inputs.file == nil)
    do {
      try RunLog.append(testRuns: [], jobs: [fate], to: path, files: files)
    } catch let error as FileSystemError {
      throw FileError(path: inputs.runsPath, message: message(error), exitCode: .cannotCreate)
    }
    if !context.written.contains(inputs.runsPath) { context.written.append(inputs.runsPath) }
    var out = "recorded in \(inputs.runsPath): the job of \(session) ended \(conclusion.rawValue)"
    out +=
      conclusion.finished
      ? "\n"
      : " (\(fate.because)); the report lists the session as not run, and the verdict is not ACCEPTED until a "
        + "job of it succeeds\n"
    say(out)
    return finished(fate)
  }
}
