import QAModel

/// How a CI job that tests one device session ended, as `qapass record-job` recorded it at the job's
/// end: a session whose job failed, timed out or was cancelled was not run, whatever else is recorded
/// for it, and keeps the verdict from ACCEPTED until a later job of the session succeeds.
///
/// ```swift
/// let fate = JobFate(
///   session: SessionID(device: "sim-iphone-17-pro", os: "26.x"), conclusion: .timedOut,
///   reason: "the job ran past its 60 minutes", url: "https://github.com/o/r/actions/runs/1/job/2",
///   time: .now())
/// fate.conclusion.finished  // false
/// ```
package struct JobFate: Hashable, Sendable {
  /// How a job ended: GitHub Actions' job conclusions, with `timed_out` spelled `timed-out`.
  package enum Conclusion: String, Hashable, Sendable, CaseIterable {
    /// Every step ran and succeeded.
    case success
    /// A step failed.
    case failure
    /// The job was cancelled (by a person, a newer run of the same concurrency group, or GitHub).
    case cancelled
    /// The job ran past its `timeout-minutes`.
    case timedOut = "timed-out"

    /// Whether the job ran to its end.
    package var finished: Bool { self == .success }

    /// What the report says of a job that ended so, when no reason is given.
    package var defaultReason: String {
      switch self {
      case .success: "the job succeeded"
      case .failure: "the job failed"
      case .cancelled: "the job was cancelled"
      case .timedOut: "the job timed out"
      }
    }
  }

  /// The session the job tests.
  package var session: SessionID
  /// How it ended.
  package var conclusion: Conclusion
  /// Why, as the job or the person who ran the command says it; `nil` for the conclusion's own words.
  package var reason: String?
  /// The job's page (`https://github.com/OWNER/REPO/actions/runs/RUN/job/JOB`), if given.
  package var url: String?
  /// When it was recorded.
  package var time: Timestamp

  /// Creates a record.
  package init(session: SessionID, conclusion: Conclusion, reason: String?, url: String?, time: Timestamp) {
    self.session = session
    self.conclusion = conclusion
    self.reason = reason
    self.url = url
    self.time = time
  }

  /// The reason given, or the conclusion's own words.
  package var because: String { reason ?? conclusion.defaultReason }
}
