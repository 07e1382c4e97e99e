import Diagnostics
import Testing

@testable import TestResults

/// Issue 32, finding 6: one 50 MB test name took ingest 16.6 s (matched against every item with an edit
/// distance). A suite, class or test name over TestCaseResult.maxNameBytes refuses the file at its line.
struct TestNameLimitTests {
  static func ingest(name: String, classname: String = "C") throws -> IngestSummary {
    let junit = """
      <testsuites><testsuite name="S">
      <testcase classname="\(classname)" name="\(name)"/>
      </testsuite></testsuites>
      """
    return try TestResultIngest.ingestJUnit(
      path: "junit.xml", bytes: Array(junit.utf8), device: "sim-iphone-17-pro", os: "26.x",
      context: Fixture.context, records: MemoryRecords())
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
}
