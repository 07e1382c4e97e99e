import Diagnostics
import Effects
import QAModel
import Testing

@testable import Observations

/// The runs file: the app's own test runs and the CI jobs' fates, beside a records file (issue 33).
struct RunLogTests {
  static let session = SessionID(device: "sim-iphone-17-pro", os: "26.x")

  static func run(
    at seconds: Int64, source: String = "junit:a.xml", content: String = "0123456789ab",
    build: String? = "1.0", failing: Bool = false
  ) -> AppTestRun {
    AppTestRun(
      session: session, os: "26.2", build: build, source: source, content: content,
      time: Timestamp(secondsSince1970: seconds), tester: "ci",
      tests: [
        AppTest(classname: "LoginTests", name: "testLogin", result: failing ? .fail : .pass, duration: 0.8125)
      ])
  }

  @Test func `the runs file sits beside its records file`() {
    #expect(RunLog.path(besideRecords: "ci-records/sim.26.x.yaml") == "ci-records/sim.26.x.runs.json")
    #expect(RunLog.path(besideRecords: "observations/records.yml") == "observations/records.runs.json")
    #expect(RunLog.path(besideRecords: "records") == "records.runs.json")
  }

  @Test func `what is written reads back the same, and the same log gives the same bytes`() throws {
    let log = RunLog(
      testRuns: [Self.run(at: 1_796_000_000, failing: true)],
      jobs: [
        JobFate(
          session: Self.session, conclusion: .timedOut, reason: "ran past 60 minutes", url: "https://x/job/1",
          time: Timestamp(secondsSince1970: 1_796_000_100))
      ])
    let read = try RunLog.read(path: "r.runs.json", bytes: Array(log.text.utf8))
    #expect(read.text == log.text)
    #expect(read.testRuns[0].tests[0].duration == 0.813)
    #expect(read.jobs[0].conclusion == .timedOut)
  }

  @Test func `a file that is not a runs file is an error at its member`() throws {
    let text = """
      {"format": "qapass-runs/1", "test_runs": [], "jobs": [
        {"device": "sim", "planned_os": "26.x", "conclusion": "exploded", "time": "2026-12-01T10:00:00Z"}]}
      """
    #expect {
      try RunLog.read(path: "r.runs.json", bytes: Array(text.utf8))
    } throws: { error in
      let diagnostic = error as? Diagnostic
      return diagnostic?.location?.line == 2
        && diagnostic?.message
          == "unknown conclusion 'exploded'; expected 'success', 'failure', 'cancelled', 'timed-out'"
    }
  }

  @Test func `the latest run per session and source counts, of the build under test`() {
    let log = RunLog(testRuns: [
      Self.run(at: 2, failing: true), Self.run(at: 1, content: "aaaaaaaaaaaa"),
      Self.run(at: 3, source: "xcresult:b", failing: true), Self.run(at: 9, build: "0.9"),
      AppTestRun(
        session: SessionID(device: "gone", os: "26.x"), os: "26.x", build: nil, source: "s", content: "c",
        time: Timestamp(secondsSince1970: 1), tester: "ci", tests: []),
    ])
    let current = log.current(sessions: [Self.session], build: "1.0")
    #expect(current.testRuns.map(\.source) == ["junit:a.xml", "xcresult:b"])
    #expect(current.testRuns.map(\.time.secondsSince1970) == [2, 3])
    #expect(current.failing.count == 2)
    #expect(current.otherBuild.count == 1)
    #expect(current.outside.count == 1)
  }

  @Test func `a session's latest job decides; a success after a failure finishes it`() {
    func job(_ conclusion: JobFate.Conclusion, _ at: Int64) -> JobFate {
      JobFate(
        session: Self.session, conclusion: conclusion, reason: nil, url: nil,
        time: Timestamp(secondsSince1970: at))
    }
    let sessions: Set = [Self.session]
    #expect(
      RunLog(jobs: [job(.failure, 1)]).current(sessions: sessions, build: nil).unfinishedJobs.count == 1)
    #expect(
      RunLog(jobs: [job(.failure, 1), job(.success, 2)]).current(sessions: sessions, build: nil)
        .unfinishedJobs.isEmpty)
    #expect(
      RunLog(jobs: [job(.success, 2), job(.cancelled, 3)]).current(sessions: sessions, build: nil)
        .unfinishedJobs.map(\.because) == ["the job was cancelled"])
  }

  @Test func `appending under the lock keeps what is there and records a run once`() throws {
    let files = InMemoryFileSystem(["/w": .folder])
    let added = try RunLog.append(testRuns: [Self.run(at: 1)], jobs: [], to: "/w/r.runs.json", files: files)
    #expect(added.count == 1)
    let again = try RunLog.append(testRuns: [Self.run(at: 5)], jobs: [], to: "/w/r.runs.json", files: files)
    #expect(again.isEmpty, "the same content, session and build is the same run")
    _ = try RunLog.append(
      testRuns: [],
      jobs: [
        JobFate(
          session: Self.session, conclusion: .failure, reason: nil, url: nil,
          time: Timestamp(secondsSince1970: 2))
      ], to: "/w/r.runs.json", files: files)
    let log = try RunLog.read(path: "r", bytes: Array(try #require(files.text("/w/r.runs.json")).utf8))
    #expect(log.testRuns.count == 1)
    #expect(log.jobs.count == 1)
    // A file that is not a runs file is never overwritten.
    try files.writeAtomically(Array("not json".utf8), to: "/w/bad.runs.json")
    #expect(throws: Diagnostic.self) {
      try RunLog.append(testRuns: [Self.run(at: 1)], jobs: [], to: "/w/bad.runs.json", files: files)
    }
    #expect(files.text("/w/bad.runs.json") == "not json")
  }

  // Issue 32, finding 6: one ingest of 250,000 test cases wrote a 64 MB runs file; a second would have
  // written one over the 64 MiB qapass reads, so every later read of it failed.
  @Test func `runs that would take the file over the read limit are refused, and nothing is written`() throws
  {
    let files = InMemoryFileSystem(["/w": .folder])
    try RunLog.append(testRuns: [Self.run(at: 1)], jobs: [], to: "/w/r.runs.json", files: files)
    let before = try #require(files.text("/w/r.runs.json"))
    let limit = before.utf8.count + 100
    let error = try #require(
      #expect(throws: Diagnostic.self) {
        try RunLog.append(
          testRuns: [Self.run(at: 2, content: "ba9876543210")], jobs: [], to: "/w/r.runs.json", files: files,
          limit: limit)
      })
    #expect(error.path == "/w/r.runs.json")
    #expect(error.message.hasPrefix("recording 1 more test would take the runs file to "))
    #expect(error.message.contains("over the limit of 0 MiB qapass reads it back up to"))
    #expect(files.text("/w/r.runs.json") == before)
    #expect(
      try RunLog.append(testRuns: [], jobs: [], to: "/w/r.runs.json", files: files, limit: limit).isEmpty)
  }
}
