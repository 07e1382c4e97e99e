import QAModel

/// One test case of the app's own test run (from JUnit XML or an Xcode result), as ingest matches it
/// against plan items.
package struct TestCaseResult: Hashable, Sendable {
  /// The enclosing suite (JUnit `testsuite` name, or the Xcode test bundle).
  package var suite: String
  /// The class (JUnit `classname`, or the Xcode test suite).
  package var classname: String
  /// The test's name (`testManualImeM2ZhPinyinFullName` or `testManualImeM2ZhPinyinFullName()`).
  package var name: String
  /// How it ended, one of ``Outcome/testCase``: the reader maps the file's words (JUnit passed,
  /// failed, skipped; Xcode's `Passed`, `Failed`, `Skipped`, `Expected Failure`) to it once, where it
  /// parses them.
  package var outcome: Outcome
  /// Whether the test expected a failure (`XCTExpectFailure`) and it happened: a known issue the test
  /// still sees. Its ``outcome`` is `fail`: the item's check does not hold while the issue is there.
  package var isExpectedFailure: Bool
  /// The failure or skip message, first line, at most 500 characters.
  package var message: String?
  /// JUnit `<property>` values by name (`qapass.item`); empty for Xcode results.
  package var properties: [String: String]
  /// When it ran, as the file says it (JUnit suite `timestamp`), if it says.
  package var timestamp: String?
  /// 1-based line of the test case in the file (JUnit), if known.
  package var line: Int?
  /// The device it ran on (an Xcode result's `deviceName`), when the file says.
  package var deviceName: String?
  /// How long it ran, in seconds (JUnit `time`, an Xcode result's `durationInSeconds`), when the file says.
  package var duration: Double?

  /// Creates a test case.
  package init(
    suite: String, classname: String, name: String, outcome: Outcome, message: String? = nil,
    properties: [String: String] = [:], timestamp: String? = nil, line: Int? = nil, deviceName: String? = nil,
    isExpectedFailure: Bool = false, duration: Double? = nil
  ) {
    self.suite = suite
    self.classname = classname
    self.name = name
    self.outcome = outcome
    self.isExpectedFailure = isExpectedFailure
    self.message = message
    self.properties = properties
    self.timestamp = timestamp
    self.line = line
    self.deviceName = deviceName
    self.duration = duration.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
  }

  /// `Class.name`, as listings show it.
  package var displayName: String { classname.isEmpty ? name : "\(classname).\(name)" }

  /// The note its observation carries: the message, after what an expected failure means.
  package var note: String? {
    guard isExpectedFailure else { return message }
    return Self.expectedFailureNote + (message.map { ": " + $0 } ?? "")
  }

  /// How the note of an expected failure begins.
  package static let expectedFailureNote =
    "expected failure (XCTExpectFailure): a known issue the test still sees, so the item fails until it is fixed"

  /// The source file and line the failure message starts with (`NameFieldTests.swift:88: XCTAssertFalse
  /// failed …`, as XCTest words a failure and Xcode's tools and JUnit converters keep it), if it does.
  package var failurePlace: (file: String, line: Int)? {
    guard outcome == .fail, let message else { return nil }
    let parts = message.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count >= 2, let line = Int(parts[1]), line > 0,
      parts[0].hasSuffix(".swift") || parts[0].hasSuffix(".m") || parts[0].hasSuffix(".mm"),
      !parts[0].contains(" ")
    else { return nil }
    return (String(parts[0]), line)
  }

  /// The longest suite, class or test name ingest reads, in UTF-8 bytes: longer ones refuse the file
  /// where the reader meets them (JUnit's element, an Xcode result's test node), before any is matched.
  package static let maxNameBytes = 4_096

  /// The messages of the limits.
  package enum Message {
    /// A suite, class or test name over ``TestCaseResult/maxNameBytes``; `part` is `suite`, `class` or
    /// `name`.
    package static func nameTooLong(_ part: String, bytes: Int) -> String {
      "a test case's \(part) is \(bytes) bytes, over the limit of \(TestCaseResult.maxNameBytes) "
        + "(TestCaseResult.maxNameBytes); nothing was recorded"
    }
  }

  /// The first line of `text`, at most 500 characters.
  static func firstLine(_ text: String?) -> String? {
    guard let text, let line = text.split(whereSeparator: \.isNewline).first else { return nil }
    return String(line.prefix(500))
  }
}
