import QAModel

/// One test case of the app's own test run (a JUnit file or an Xcode result), kept whole: the tests
/// that name a plan item and the app's other tests alike, with the time it took and, for a failure, its
/// message and place.
///
/// ```swift
/// let crash = AppTest(
///   classname: "LoginTests", name: "testLoginScreenStillLoads()", result: .fail, duration: 0.8,
///   message: "App crashed: EXC_BAD_ACCESS", file: "LoginTests.swift", line: 14)
/// crash.place  // "LoginTests.swift:14"
/// ```
package struct AppTest: Hashable, Sendable {
  /// The enclosing suite (JUnit `testsuite` name, or the Xcode test bundle), possibly empty.
  package var suite: String
  /// The class (JUnit `classname`, or the Xcode test suite), possibly empty.
  package var classname: String
  /// The test's name as the file gives it.
  package var name: String
  /// `pass`, `fail` or `skipped` (``Outcome/testCase``); a JUnit `<error>` and an expected failure are
  /// `fail`.
  package var result: Outcome
  /// How long it ran, in seconds, when the file says.
  package var duration: Double?
  /// The failure or skip message, first line, when there is one.
  package var message: String?
  /// The source file the failure points at, when the file says.
  package var file: String?
  /// The 1-based line in ``file``, when the file says.
  package var line: Int?
  /// The plan item the test names (``TestItemMatcher``), or `nil` for the app's own tests.
  package var item: ItemID?

  /// Creates a test.
  package init(
    suite: String = "", classname: String, name: String, result: Outcome, duration: Double? = nil,
    message: String? = nil, file: String? = nil, line: Int? = nil, item: ItemID? = nil
  ) {
    self.suite = suite
    self.classname = classname
    self.name = name
    self.result = result
    self.duration = duration
    self.message = message
    self.file = file
    self.line = line
    self.item = item
  }

  /// `Class.name`, as listings show it.
  package var displayName: String { classname.isEmpty ? name : "\(classname).\(name)" }

  /// `File.swift:14`, `File.swift`, or `nil` when the file gives no place.
  package var place: String? { file.map { name in line.map { "\(name):\($0)" } ?? name } }

  /// Whether it failed (a failure, an error, or an expected failure that happened).
  package var isFailing: Bool { result == .fail }
}
