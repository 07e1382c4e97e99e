import Diagnostics
import Effects
import Foundation
import QAModel
import TextFormats
import YAMLDecoding

/// The runs file beside a records file: the app's own test runs that ingest recorded
/// (``AppTestRun``) and the fates of the CI jobs that tested each session (``JobFate``).
///
/// `observations/records.yaml` has `observations/records.runs.json` beside it
/// (``path(besideRecords:)``), so CI, which uploads a job's records folder and downloads every job's
/// into `observations/`, carries both. `qapass pass` and `qapass report` read every `*.runs.json` of
/// the observations folder.
///
/// ```json
/// {
///   "format": "qapass-runs/1",
///   "test_runs": [
///     {"device": "sim-iphone-17-pro", "planned_os": "26.x", "os": "26.2", "build": "4.12.0 (812)",
///      "source": "xcresult:build/Run.xcresult", "content": "1a2b3c4d5e6f", "time": "2026-11-29T18:04:05Z",
///      "tester": "xcresult", "no_result": null,
///      "tests": [{"suite": "SignUpUITests", "classname": "LoginTests", "name": "testLogin()",
///                 "result": "fail", "duration": 0.812, "message": "App crashed: EXC_BAD_ACCESS",
///                 "file": "LoginTests.swift", "line": 14, "item": null}]}
///   ],
///   "jobs": [
///     {"device": "sim-iphone-17-pro", "planned_os": "27.x", "conclusion": "timed-out", "reason": null,
///      "url": "https://github.com/o/r/actions/runs/1/job/2", "time": "2026-11-29T19:00:00Z"}
///   ]
/// }
/// ```
///
/// Written by qapass alone, with keys in that order, under the records' lock discipline
/// (``append(testRuns:jobs:to:files:)``): same content, same bytes.
package struct RunLog: Hashable, Sendable {
  /// The test runs, in the order recorded.
  package var testRuns: [AppTestRun] = []
  /// The job fates, in the order recorded.
  package var jobs: [JobFate] = []

  /// Creates a log.
  package init(testRuns: [AppTestRun] = [], jobs: [JobFate] = []) {
    self.testRuns = testRuns
    self.jobs = jobs
  }

  /// The value of `format`.
  package static let format = "qapass-runs/1"
  /// The suffix of a runs file.
  package static let suffix = ".runs.json"

  /// The runs file beside the records file `records`: its `.yaml` (or `.yml`) replaced by ``suffix``
  /// (`ci-records/sim-iphone-17-pro.26.x.yaml` → `ci-records/sim-iphone-17-pro.26.x.runs.json`).
  package static func path(besideRecords records: String) -> String {
    for ending in [".yaml", ".yml"] where records.hasSuffix(ending) {
      return String(records.dropLast(ending.count)) + suffix
    }
    return records + suffix
  }

  // MARK: Reading and writing

  /// Reads a runs file.
  ///
  /// - Throws: A `Diagnostic` at the member that is wrong, for text that is not a runs file.
  package static func read(path: String, bytes: [UInt8]) throws(Diagnostic) -> RunLog {
    let raw: Raw
    do {
      raw = try JSONDecoder().decode(Raw.self, from: Data(bytes))
    } catch {
      throw Diagnostic(
        path: path, location: YAML.location(of: JSONProblem.codingPath(error), in: bytes),
        message: Message.notRunLog(JSONProblem.describe(error)))
    }
    func located(_ message: String, _ codingPath: [String]) -> Diagnostic {
      Diagnostic(path: path, location: YAML.location(of: codingPath, in: bytes), message: message)
    }
    guard raw.format == format else {
      throw located(Message.format(raw.format), ["format"])
    }
    var log = RunLog()
    for (index, run) in raw.test_runs.enumerated() {
      let at = ["test_runs", String(index)]
      let session = SessionID(device: DeviceID(rawValue: run.device), os: run.planned_os)
      let time: Timestamp
      do { time = try Timestamp.parse(run.time) } catch { throw located(error.description, at + ["time"]) }
      var tests: [AppTest] = []
      for (number, test) in run.tests.enumerated() {
        guard let result = Outcome(test.result, among: Outcome.testCase) else {
          throw located(Message.result(test.result), at + ["tests", String(number), "result"])
        }
        tests.append(
          AppTest(
            suite: test.suite ?? "", classname: test.classname ?? "", name: test.name, result: result,
            duration: test.duration, message: test.message, file: test.file, line: test.line,
            item: test.item.map(ItemID.init(rawValue:))))
      }
      log.testRuns.append(
        AppTestRun(
          session: session, os: run.os, build: run.build, source: run.source, content: run.content,
          time: time,
          tester: run.tester, tests: tests, noResult: run.no_result))
    }
    for (index, job) in raw.jobs.enumerated() {
      let at = ["jobs", String(index)]
      let session = SessionID(device: DeviceID(rawValue: job.device), os: job.planned_os)
      guard let conclusion = JobFate.Conclusion(rawValue: job.conclusion) else {
        throw located(Message.conclusion(job.conclusion), at + ["conclusion"])
      }
      let time: Timestamp
      do { time = try Timestamp.parse(job.time) } catch { throw located(error.description, at + ["time"]) }
      log.jobs.append(
        JobFate(session: session, conclusion: conclusion, reason: job.reason, url: job.url, time: time))
    }
    return log
  }

  /// The file's text: keys in a fixed order, durations to the millisecond, a newline at the end.
  package var text: String {
    JSONValue.object([
      ("format", .string(Self.format)),
      ("test_runs", .array(testRuns.map(Self.json))),
      ("jobs", .array(jobs.map(Self.json))),
    ]).rendered(trailingNewline: true)
  }

  static func json(_ run: AppTestRun) -> JSONValue {
    .object([
      ("device", .string(run.session.device.rawValue)), ("planned_os", .string(run.session.os)),
      ("os", .string(run.os)), ("build", .optional(run.build)),
      ("source", .string(run.source)), ("content", .string(run.content)), ("time", .string(run.time.text)),
      ("tester", .string(run.tester)), ("no_result", .optional(run.noResult)),
      ("tests", .array(run.tests.map(json))),
    ])
  }

  static func json(_ test: AppTest) -> JSONValue {
    .object([
      ("suite", .string(test.suite)), ("classname", .string(test.classname)), ("name", .string(test.name)),
      ("result", .string(test.result.rawValue)),
      ("duration", test.duration.map { .decimal($0, fractionDigits: 3) } ?? .null),
      ("message", .optional(test.message)), ("file", .optional(test.file)),
      ("line", test.line.map(JSONValue.int) ?? .null), ("item", .optional(test.item?.rawValue)),
    ])
  }

  static func json(_ job: JobFate) -> JSONValue {
    .object([
      ("device", .string(job.session.device.rawValue)), ("planned_os", .string(job.session.os)),
      ("conclusion", .string(job.conclusion.rawValue)),
      ("reason", .optional(job.reason)), ("url", .optional(job.url)), ("time", .string(job.time.text)),
    ])
  }

  /// Adds `testRuns` (those not recorded before, ``AppTestRun/isSameRun(as:)``) and `jobs` to the runs
  /// file at `path`, all or none: under the exclusive lock every writer of the file takes, the file is
  /// read, checked and replaced atomically, so a writer killed at any moment leaves the old file or the
  /// new one, and concurrent writers lose nothing. A file that is not a runs file is never overwritten.
  ///
  /// The file is never written larger than `limit`, the size qapass reads it back up to: appending runs
  /// that would take it over is refused, and nothing is written.
  ///
  /// - Returns: The test runs added (those recorded before are left out).
  /// - Throws: A `Diagnostic` for an existing file that is not a runs file, or for runs that would take
  ///   it over `limit`; `FileSystemError`.
  @discardableResult
  package static func append(
    testRuns: [AppTestRun], jobs: [JobFate], to path: String, files: any FileSystem,
    limit: Int = YAMLLimits.default.maxInputBytes
  ) throws -> [AppTestRun] {
    let lock = try files.lock(for: path)
    defer { lock.unlock() }
    files.removeStrayTemporaries(for: path)
    var log = RunLog()
    if let bytes = try files.readBytes(path, limit: limit, followingLinks: false) {
      log = try read(path: path, bytes: bytes)
    }
    var added: [AppTestRun] = []
    for run in testRuns where !(log.testRuns + added).contains(where: { $0.isSameRun(as: run) }) {
      added.append(run)
    }
    guard !added.isEmpty || !jobs.isEmpty else { return [] }
    log.testRuns += added
    log.jobs += jobs
    let bytes = Array(log.text.utf8)
    guard bytes.count <= limit else {
      let tests = added.reduce(0) { $0 + $1.tests.count }
      throw Diagnostic(
        path: path, location: nil, message: Message.overLimit(bytes.count, limit: limit, tests: tests))
    }
    try files.writeAtomically(bytes, to: path)
    return added
  }

  // MARK: What counts

  /// What the report weighs: per session of `sessions` and source, the latest test run of `build` (any
  /// build when `nil`), and per session the latest job fate; with the runs that do not count and why.
  ///
  /// - Parameters:
  ///   - sessions: The plan's device sessions.
  ///   - build: The build under test, if the matrix names one.
  package func current(sessions: Set<SessionID>, build: String?) -> Current {
    var current = Current()
    var latest: [String: AppTestRun] = [:]
    var order: [String] = []
    for run in testRuns {
      guard sessions.contains(run.session) else {
        current.outside.append(run)
        continue
      }
      if let build, let recorded = run.build, recorded != build {
        current.otherBuild.append(run)
        continue
      }
      let key = "\(run.session)\u{0}\(run.source)"
      if let kept = latest[key] {
        if kept.time <= run.time { latest[key] = run }
      } else {
        latest[key] = run
        order.append(key)
      }
    }
    current.testRuns = order.compactMap { latest[$0] }.sorted {
      ($0.session, $0.source, $0.time) < ($1.session, $1.source, $1.time)
    }
    var fates: [SessionID: JobFate] = [:]
    for job in jobs where sessions.contains(job.session) {
      if let kept = fates[job.session], kept.time > job.time { continue }
      fates[job.session] = job
    }
    current.unfinishedJobs = fates.values.filter { !$0.conclusion.finished }.sorted {
      $0.session < $1.session
    }
    return current
  }

  /// What counts of one or more runs files (``current(sessions:build:)``).
  package struct Current: Hashable, Sendable {
    /// The test runs that count, by session and source.
    package var testRuns: [AppTestRun] = []
    /// The sessions whose latest job failed, timed out or was cancelled, by session.
    package var unfinishedJobs: [JobFate] = []
    /// Test runs of sessions the plan does not have.
    package var outside: [AppTestRun] = []
    /// Test runs of another build than the one under test.
    package var otherBuild: [AppTestRun] = []

    /// Creates an empty one.
    package init() {}

    /// The app's own tests that failed in the runs that count, by run.
    package var failing: [(run: AppTestRun, test: AppTest)] {
      testRuns.flatMap { run in run.failing.map { (run, $0) } }
    }

    /// The runs that count and produced no result at all.
    package var withoutResult: [AppTestRun] { testRuns.filter { $0.noResult != nil } }
  }

  // MARK: Coding

  private struct Raw: Decodable {
    var format: String
    var test_runs: [RawRun]
    var jobs: [RawJob]
  }

  private struct RawRun: Decodable {
    var device: String
    var planned_os: String
    var os: String
    var build: String?
    var source: String
    var content: String
    var time: String
    var tester: String
    var no_result: String?
    var tests: [RawTest]
  }

  private struct RawTest: Decodable {
    var suite: String?
    var classname: String?
    var name: String
    var result: String
    var duration: Double?
    var message: String?
    var file: String?
    var line: Int?
    var item: String?
  }

  private struct RawJob: Decodable {
    var device: String
    var planned_os: String
    var conclusion: String
    var reason: String?
    var url: String?
    var time: String
  }

  enum Message {
    static func overLimit(_ size: Int, limit: Int, tests: Int) -> String {
      "recording \(tests) more test\(tests == 1 ? "" : "s") would take the runs file to \(size) bytes, over the limit "
        + "of \(limit >> 20) MiB "
        + "qapass reads it back up to (YAMLLimits.maxInputBytes); nothing was recorded: move the file aside "
        + "(keep it) to start a new one, or ingest fewer tests at once"
    }

    static func notRunLog(_ problem: String) -> String { "not a qapass runs file: \(problem)" }

    static func format(_ found: String) -> String {
      "unsupported format '\(found)'; this release reads '\(RunLog.format)'"
    }

    static func result(_ text: String) -> String {
      "unknown result '\(text)'; expected \(Outcome.listed(Outcome.testCase))"
    }

    static func conclusion(_ text: String) -> String {
      "unknown conclusion '\(text)'; expected "
        + JobFate.Conclusion.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    }
  }
}
