import Observations

/// What one ingest of test results did, for the person who ran it.
public struct IngestSummary: Sendable {
  /// The test results file.
  public var path: String
  /// The records file's name.
  public var recordsName: String
  /// Test cases in the file.
  public var testCases: Int
  /// The sessions recorded for (device id and OS), in order.
  public var sessions: [(device: String, os: String)]
  /// Observations appended.
  public var recorded: [Observation] = []
  /// Observations left out because they were recorded before (the same file ingested again).
  public var alreadyRecorded: [Observation] = []
  /// Test cases that name no item of their session.
  public var unmatched: [TestCaseResult] = []
  /// Matched test cases whose file gives no time.
  public var fallbackTimed = 0
  /// The time they were recorded at, and where it comes from.
  public var fallbackTime: (time: Timestamp, source: String)?

  /// The summary as printed: counts, each observation, the time used where the file gave none, and the
  /// unmatched test cases.
  public var text: String {
    let on = sessions.map { "\($0.device) on \($0.os)" }.joined(separator: ", ")
    var out = "\(path): \(testCases) test cases, \(recorded.count) recorded in \(recordsName)"
    out += " for \(on), \(unmatched.count) matching no plan item\n"
    for observation in recorded { out += "  \(observation.result.rawValue)  \(observation.itemID)\n" }
    if !alreadyRecorded.isEmpty {
      out +=
        "\(alreadyRecorded.count) already recorded (the same results were ingested before), not recorded again\n"
    }
    if let fallbackTime {
      out += "\(fallbackTimed) test case\(fallbackTimed == 1 ? " carries" : "s carry") no time in the file: "
      out += "recorded at \(fallbackTime.time), \(fallbackTime.source)\n"
    }
    if !unmatched.isEmpty {
      out += "not matched (name or property carries no item id of this session):\n"
      for testCase in unmatched {
        let place = testCase.line.map { "\(path):\($0): " } ?? ""
        let device = testCase.deviceName.map { " on \($0)" } ?? ""
        out += "  \(place)\(testCase.displayName) (\(testCase.outcome.rawValue))\(device)\n"
      }
    }
    return out
  }
}
