import Diagnostics
import Testing

@testable import TestResults

/// Issue 32, finding 6: one 50 MB test name took ingest 16.6 s (matched against every item with an edit
/// distance), and 13 s to refuse once a limit was checked after the whole file was read. A suite, class or
/// test name over TestCaseResult.maxNameBytes refuses the file where the reader meets it.
struct TestNameLimitTests {
  static func junit(name: String, classname: String = "C", after: String = "") -> [UInt8] {
    Array(
      """
      <testsuites><testsuite name="S">
      <testcase classname="\(classname)" name="\(name)"/>\(after)
      </testsuite></testsuites>
      """.utf8)
  }

  static func ingest(name: String, classname: String = "C") throws -> IngestSummary {
    try TestResultIngest.ingestJUnit(
      path: "junit.xml", bytes: junit(name: name, classname: classname), device: "sim-iphone-17-pro",
      os: "26.x", context: Fixture.context, records: MemoryRecords())
  }

  @Test func `a test name over 4,096 bytes is refused at its line; 4,096 bytes are read`() throws {
    // 2-byte scalars: the limit counts bytes, not characters.
    let error = #expect(throws: Diagnostic.self) {
      try Self.ingest(name: String(repeating: "é", count: 2_048) + "x")
    }
    #expect(error?.location?.line == 2)
    #expect(
      error?.message
        == "a test case's name is 4097 bytes, over the limit of 4096 (TestCaseResult.maxNameBytes); nothing was recorded"
    )
    let classError = #expect(throws: Diagnostic.self) {
      try Self.ingest(name: "t", classname: String(repeating: "c", count: 5_000))
    }
    #expect(classError?.message.hasPrefix("a test case's class is 5000 bytes") == true)
    #expect(throws: Never.self) { _ = try Self.ingest(name: String(repeating: "é", count: 2_048)) }
    #expect(TestCaseResult.maxNameBytes == 4_096)
  }

  // The reader stops at the long name: what follows it is never parsed (here, a mismatched end tag that
  // would otherwise be the file's error), so a long name costs what reading up to it does.
  @Test func `the JUnit reader refuses a long name where it meets it, before reading on`() throws {
    let bytes = Self.junit(name: String(repeating: "n", count: 5_000), after: "\n<testcase></nope>")
    let error = try #require(
      #expect(throws: JUnitReader.ParseError.self) { try JUnitReader.read(bytes: bytes) })
    #expect(error.line == 2 && error.column == 1)
    #expect(error.isLimit)
    #expect(error.message.hasPrefix("a test case's name is 5000 bytes, over the limit of 4096"))
    let suite = Array(
      #"<testsuite name="\#(String(repeating: "s", count: 4_097))"><testcase name="t"/></testsuite>"#.utf8)
    let suiteError = try #require(
      #expect(throws: JUnitReader.ParseError.self) { try JUnitReader.read(bytes: suite) })
    #expect(suiteError.message.hasPrefix("a test case's suite is 4097 bytes"))
    #expect(suiteError.line == 1 && suiteError.column == 1)
    // Placed at the element's `<`, its column counting scalars, not where libxml2 stopped (past the name).
    let inner = Array(
      #"<testsuite name="中文"><testcase name="\#(String(repeating: "n", count: 4_097))"/></testsuite>"#.utf8)
    let innerError = try #require(
      #expect(throws: JUnitReader.ParseError.self) { try JUnitReader.read(bytes: inner) })
    #expect(innerError.line == 1 && innerError.column == 22)
  }

  static func xcresult(suite: String = "NameFieldTests", name: String) -> [UInt8] {
    Array(
      """
      {"devices": [{"deviceName": "iPhone 17 Pro", "modelName": "iPhone 17 Pro", "platform": "iOS Simulator",
                    "osVersion": "26.2"}],
       "testNodes": [{"name": "SignUpUITests", "nodeType": "UI test bundle", "children": [
         {"name": "\(suite)", "nodeType": "Test Suite", "children": [
           {"name": "testA()", "nodeType": "Test Case", "result": "Passed"},
           {"name": "\(name)", "nodeType": "Test Case", "result": "Passed"}]}]}]}
      """.utf8)
  }

  @Test func `an Xcode result's long test or suite name is refused at its name, naming its node`() throws {
    let error = try #require(
      #expect(throws: Diagnostic.self) {
        try XCResultTests.parse(
          path: "tests.json", bytes: Self.xcresult(name: String(repeating: "n", count: 4_097)))
      })
    #expect(error.location == TextPosition(line: 6, column: 15))
    #expect(
      error.message
        == "a test case's name is 4097 bytes, over the limit of 4096 (TestCaseResult.maxNameBytes); nothing was "
        + "recorded (at testNodes.0.children.0.children.1.name)")
    let suiteError = try #require(
      #expect(throws: Diagnostic.self) {
        try XCResultTests.parse(
          path: "tests.json",
          bytes: Self.xcresult(suite: String(repeating: "s", count: 4_097), name: "testB()"))
      })
    #expect(suiteError.location?.line == 4)
    #expect(suiteError.message.hasPrefix("a test case's class is 4097 bytes"))
    #expect(
      try XCResultTests.parse(
        path: "t.json", bytes: Self.xcresult(name: String(repeating: "n", count: 4_096))
      ).cases.count == 2)
  }
}
