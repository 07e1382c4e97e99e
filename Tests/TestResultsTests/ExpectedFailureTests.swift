import Observations
import QAModel
import Testing

@testable import TestResults

/// issue 22 point 8: an Xcode "Expected Failure" was recorded as fail, said nowhere but in the source.
/// The mapping (README, `qapass help ingest-junit`): an expected failure that happened is a known issue,
/// recorded as fail and noted so; one that did not happen fails the test, recorded as fail.
struct ExpectedFailureTests {
  /// An xcresulttool `tests` JSON with one test case of `result`, with a failure message when given.
  static func xcresult(_ result: String, message: String? = nil) -> [UInt8] {
    let children =
      message.map { #", "children": [{"name": "\#($0)", "nodeType": "Failure Message"}]"# } ?? ""
    return Array(
      """
      {"devices": [{"deviceId": "A", "deviceName": "iPhone 17 Pro", "modelName": "iPhone 17 Pro",
        "osVersion": "26.2", "platform": "iOS Simulator", "architecture": "arm64"}],
       "testPlanConfigurations": [],
       "testNodes": [{"name": "SignUp", "nodeType": "Test Plan", "children": [
         {"name": "SignUpUITests", "nodeType": "UI test bundle", "children": [
           {"name": "NameFieldTests", "nodeType": "Test Suite", "children": [
             {"name": "testManualImeM1ZhPinyinFullName()", "nodeType": "Test Case", "result": "\(result)"\(children)}
           ]}]}]}]}
      """.utf8)
  }

  static func ingestXCResult(_ bytes: [UInt8]) throws -> (IngestSummary, Observation?) {
    let records = MemoryRecords()
    let summary = try TestResultIngest.ingestXCResult(
      path: "tests.json", bytes: bytes, device: nil, os: nil, context: Fixture.context, records: records)
    return (summary, records.observations.first)
  }

  @Test func `xcresult: an expected failure that happened is a known issue, recorded as fail`() throws {
    let (summary, observation) = try Self.ingestXCResult(
      Self.xcresult("Expected Failure", message: "NameFieldTests.swift:40: the error shows while composing"))
    #expect(observation?.result == .fail)
    #expect(
      observation?.note
        == TestCaseResult.expectedFailureNote + ": NameFieldTests.swift:40: the error shows while composing")
    #expect(
      summary.text.contains(
        "1 expected failure (XCTExpectFailure) recorded as fail: a known issue fails its item until it is fixed"
      ))
  }

  @Test func `xcresult: an expected failure that did not happen fails the test, recorded as fail`() throws {
    // XCTExpectFailure is strict by default: XCTest reports the test Failed when no failure came.
    let (summary, observation) = try Self.ingestXCResult(
      Self.xcresult("Failed", message: "NameFieldTests.swift:38: expected failure was not recorded"))
    #expect(observation?.result == .fail)
    #expect(observation?.note == "NameFieldTests.swift:38: expected failure was not recorded")
    #expect(!summary.text.contains("expected failure (XCTExpectFailure)"))
    // Negative control: a non-strict expectation whose failure did not happen passes.
    #expect(try Self.ingestXCResult(Self.xcresult("Passed")).1?.result == .pass)
  }

  static func junit(_ attributes: String, _ children: String = "") -> [UInt8] {
    Array(
      """
      <testsuites><testsuite name="S" timestamp="2026-11-28T16:00:00">
        <testcase classname="S" name="testManualImeM1ZhPinyinFullName"\(attributes)>\(children)</testcase>
      </testsuite></testsuites>
      """.utf8)
  }

  static func ingestJUnit(_ bytes: [UInt8]) throws -> (IngestSummary, Observation?) {
    let records = MemoryRecords()
    let summary = try TestResultIngest.ingestJUnit(
      path: "j.xml", bytes: bytes, device: "sim-iphone-17-pro", os: "26.x", context: Fixture.context,
      records: records)
    return (summary, records.observations.first)
  }

  @Test func `JUnit: a test case marked expected-failure is a known issue, recorded as fail`() throws {
    let (summary, observation) = try Self.ingestJUnit(Self.junit(#" expected-failure="true""#))
    #expect(observation?.result == .fail)
    #expect(observation?.note == TestCaseResult.expectedFailureNote)
    #expect(summary.expectedFailures == 1)
    let withMessage = try Self.ingestJUnit(
      Self.junit(#" expected-failure="true""#, #"<failure message="the error shows while composing"/>"#))
    #expect(withMessage.1?.note == TestCaseResult.expectedFailureNote + ": the error shows while composing")
  }

  @Test func `JUnit: an expected failure that did not happen is a failure, recorded as fail`() throws {
    let (summary, observation) = try Self.ingestJUnit(
      Self.junit("", #"<failure message="expected failure was not recorded"/>"#))
    #expect(observation?.result == .fail)
    #expect(observation?.note == "expected failure was not recorded")
    #expect(summary.expectedFailures == 0)
  }

  @Test func `JUnit: a plain test case passes, as converters that drop the mark write an expected failure`()
    throws
  {
    // fastlane's trainer and xcresultparser write an expected failure as this: README says to ingest the
    // .xcresult instead.
    #expect(try Self.ingestJUnit(Self.junit("")).1?.result == .pass)
    #expect(try Self.ingestJUnit(Self.junit(#" expected-failure="false""#)).1?.result == .pass)
  }
}
