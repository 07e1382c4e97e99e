import Observations

/// What one ingest of test results did, for the person who ran it.
package struct IngestSummary: Sendable {
  /// A test case that names no item of its session, and what it comes closest to.
  package struct Unmatched: Sendable {
    /// The test case.
    package var testCase: TestCaseResult
    /// `; did you mean '…'?`, `; it names an item of session …`, or empty (``TestItemMatcher``).
    package var hint: String

    /// Creates an entry.
    package init(testCase: TestCaseResult, hint: String) {
      self.testCase = testCase
      self.hint = hint
    }
  }

  /// The test results file.
  package var path: String
  /// The records file's name.
  package var recordsName: String
  /// Test cases in the file.
  package var testCases: Int
  /// The sessions recorded for (device id and OS), in order.
  package var sessions: [(device: String, os: String)]
  /// Observations appended.
  package var recorded: [Observation] = []
  /// Observations left out because they were recorded before (the same results ingested again).
  package var alreadyRecorded: [Observation] = []
  /// Test cases that name no item of their session, in file order; those after the first
  /// ``maxListedUnmatched`` have an empty hint (they are counted, not listed).
  package var unmatched: [Unmatched] = []

  /// How many unmatched test cases the summary lists, each with its hint; the rest are counted. A hint
  /// searches the session's items, and 250,000 test cases named for nothing in the plan took seconds.
  package static let maxListedUnmatched = 100
  /// Recorded test cases whose file gives no time.
  package var fallbackTimed = 0
  /// The time they were recorded at, and where it comes from.
  package var fallbackTime: (time: Timestamp, source: String)?
  /// Recorded expected failures (`XCTExpectFailure` that happened), each a fail.
  package var expectedFailures = 0
  /// The test runs recorded in the runs file, one per session: every test case, the app's own too.
  package var testRuns: [AppTestRun] = []
  /// Test runs left out because the same results were recorded for the same build before.
  package var testRunsAlreadyRecorded = 0

  /// The summary as printed: counts, each observation, what was recorded before, the time used where the
  /// file gave none, the expected failures, and the unmatched test cases with their hints.
  package var text: String {
    let on = sessions.map { "\($0.device) on \($0.os)" }.joined(separator: ", ")
    var out = "\(path): \(testCases) test cases, \(recorded.count) recorded in \(recordsName)"
    out += " for \(on), \(unmatched.count) matching no plan item\n"
    for observation in recorded { out += "  \(observation.result.rawValue)  \(observation.itemID)\n" }
    if !alreadyRecorded.isEmpty {
      out +=
        "\(alreadyRecorded.count) already recorded (the same results were ingested before, recognised by their "
        + "content whatever the file's time), not recorded again\n"
    }
    if let fallbackTime {
      out += "\(fallbackTimed) test case\(fallbackTimed == 1 ? " carries" : "s carry") no time in the file: "
      out += "recorded at \(fallbackTime.time), \(fallbackTime.source)\n"
    }
    if expectedFailures > 0 {
      out +=
        "\(expectedFailures) expected failure\(expectedFailures == 1 ? "" : "s") (XCTExpectFailure) recorded as "
        + "fail: a known issue fails its item until it is fixed\n"
    }
    for run in testRuns {
      if let why = run.noResult {
        out += "no result for \(run.session): \(why); recorded as a run without result, which keeps the "
        out += "verdict from ACCEPTED\n"
        continue
      }
      let own = run.tests.filter { $0.item == nil }
      let failing = run.failing
      out += "kept \(own.count) of the app's own test\(own.count == 1 ? "" : "s") of \(run.session)"
      out += failing.isEmpty ? "\n" : ", \(failing.count) failing: they keep the verdict from ACCEPTED\n"
      for test in failing {
        let place = test.place.map { " at \($0)" } ?? ""
        out += "  fail  \(test.displayName)\(place)\(test.message.map { ": \($0)" } ?? "")\n"
      }
    }
    if testRunsAlreadyRecorded > 0 {
      out +=
        "\(testRunsAlreadyRecorded) test run\(testRunsAlreadyRecorded == 1 ? " was" : "s were") recorded "
      out += "before for this build, not recorded again\n"
    }
    if !unmatched.isEmpty {
      out += "not matched (a test names an item by its id, see 'qapass help ingest-junit'):\n"
      for entry in unmatched.prefix(Self.maxListedUnmatched) {
        let testCase = entry.testCase
        let place = testCase.line.map { "\(path):\($0): " } ?? ""
        let device = testCase.deviceName.map { " on \($0)" } ?? ""
        out += "  \(place)\(testCase.displayName) (\(testCase.outcome.rawValue))\(device)\(entry.hint)\n"
      }
      if unmatched.count > Self.maxListedUnmatched {
        let more = unmatched.count - Self.maxListedUnmatched
        out += "  and \(more) more not listed (the first \(Self.maxListedUnmatched) are)\n"
      }
    }
    return out
  }
}
