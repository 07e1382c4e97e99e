import QAModel

/// One run of the app's own tests on one device session, as one ingest of a JUnit file or an Xcode
/// result recorded it: every test case, or, when the run produced no result at all (the build failed,
/// the runner died), that it did not.
///
/// A run is identified by its session, its build, where it was read (``source``) and the digest of the
/// results' content, so the same results are recorded once per build. The report counts, per session
/// and source, the latest run of the build under test (``RunLog/current(sessions:build:)``).
///
/// ```swift
/// let run = AppTestRun(
///   session: SessionID(device: "sim-iphone-17-pro", os: "26.x"), os: "26.2", build: "4.12.0 (812)",
///   source: "xcresult:build/Run.xcresult", content: "1a2b3c4d5e6f", time: .now(), tester: "xcresult",
///   tests: [AppTest(classname: "LoginTests", name: "testLogin()", result: .pass, duration: 1.5)])
/// run.failing.isEmpty  // true
/// ```
package struct AppTestRun: Hashable, Sendable {
  /// The session the tests ran in (device id and planned OS).
  package var session: SessionID
  /// The OS release they ran on, as precise as the result or `--os` says it (`26.2`).
  package var os: String
  /// The app build tested, if known.
  package var build: String?
  /// `junit:<path>` or `xcresult:<path>`.
  package var source: String
  /// The first 12 hex digits of the SHA-256 of the results' content.
  package var content: String
  /// When it was recorded as run (the file's time, `--time`, or the file's modification time).
  package var time: Timestamp
  /// Who ran the tests (`--tester`, or `junit` / `xcresult`).
  package var tester: String
  /// Every test case, in file order.
  package var tests: [AppTest]
  /// Why the run produced no result at all, when it did not (``tests`` is then empty).
  package var noResult: String?

  /// Creates a run.
  package init(
    session: SessionID, os: String, build: String?, source: String, content: String, time: Timestamp,
    tester: String, tests: [AppTest], noResult: String? = nil
  ) {
    self.session = session
    self.os = os
    self.build = build
    self.source = source
    self.content = content
    self.time = time
    self.tester = tester
    self.tests = tests
    self.noResult = noResult
  }

  /// The app's own tests (those that name no plan item) that failed, in file order; a failing test that
  /// names an item fails that item instead.
  package var failing: [AppTest] { tests.filter { $0.item == nil && $0.isFailing } }

  /// Whether `other` is the same record: the same session, build, source and content.
  package func isSameRun(as other: AppTestRun) -> Bool {
    session == other.session && build == other.build && source == other.source && content == other.content
  }
}
