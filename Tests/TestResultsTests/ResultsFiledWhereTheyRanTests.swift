import Observations
import QAModel
import Testing

@testable import TestResults

/// issue 33 point 2: results are filed where they ran, and per build.
struct ResultsFiledWhereTheyRanTests {
  // An xcresult of the iPhone 17 Pro simulator given `--device` of another model or kind was filed
  // under that device.
  @Test(arguments: [
    (
      "iphone-16e",
      "'--device iphone-16e' (iPhone 16e) disagrees with the result, which ran on 'iPhone 17 Pro' (iPhone 17 Pro, "
        + "iOS Simulator 26.2); nothing was recorded (leave '--device' out to file the results under the device "
        + "they ran on)"
    ),
    (
      "iphone-17-pro",
      "'--device iphone-17-pro' (iPhone 17 Pro) disagrees with the result, which ran on 'iPhone 17 Pro' (iPhone 17 "
        + "Pro, iOS Simulator 26.2); nothing was recorded (leave '--device' out to file the results under the "
        + "device they ran on)"
    ),
  ])
  func `a device other than the result's is refused, naming both, and nothing is recorded`(
    device: String, message: String
  ) throws {
    let records = MemoryRecords()
    #expect {
      try TestResultIngest.ingestXCResult(
        path: "tests.json", bytes: Fixture.bytes("xcresult-tests.json"), device: device, os: nil,
        context: Fixture.context, records: records)
    } throws: { ($0 as? IngestError)?.message == message }
    #expect(records.observations.isEmpty)
    #expect(records.runs.isEmpty)
    // Negative control: the device it ran on is taken, given or not.
    let agreeing = try TestResultIngest.ingestXCResult(
      path: "tests.json", bytes: Fixture.bytes("xcresult-tests.json"), device: "sim-iphone-17-pro", os: nil,
      context: Fixture.context, records: records)
    #expect(agreeing.recorded.count == 4)
  }

  // The same results ingested for a new --build were "already recorded" and dropped silently.
  @Test func `the same results for another build are recorded for that build`() throws {
    let records = MemoryRecords()
    let bytes = try Fixture.bytes("xcresult-tests.json")
    let first = try TestResultIngest.ingestXCResult(
      path: "tests.json", bytes: bytes, device: nil, os: nil, context: Fixture.context, records: records)
    #expect(first.recorded.count == 4)
    #expect(first.testRuns.count == 1)
    var next = Fixture.context
    next.build = "4.13.0 (820)"
    let second = try TestResultIngest.ingestXCResult(
      path: "tests.json", bytes: bytes, device: nil, os: nil, context: next, records: records)
    #expect(second.recorded.count == 4)
    #expect(second.alreadyRecorded.isEmpty)
    #expect(second.recorded.allSatisfy { $0.build == "4.13.0 (820)" })
    #expect(second.testRuns.map(\.build) == ["4.13.0 (820)"])
    // The same build again: nothing new.
    let third = try TestResultIngest.ingestXCResult(
      path: "tests.json", bytes: bytes, device: nil, os: nil, context: next, records: records)
    #expect(third.recorded.isEmpty)
    #expect(third.testRunsAlreadyRecorded == 1)
    #expect(records.observations.count == 8)
  }

  @Test func `an xcresult keeps each test's duration and the place its failure message names`() throws {
    let records = MemoryRecords()
    _ = try TestResultIngest.ingestXCResult(
      path: "tests.json", bytes: Fixture.bytes("xcresult-tests.json"), device: nil, os: nil,
      context: Fixture.context, records: records)
    let run = try #require(records.runs.first)
    #expect(run.session.description == "sim-iphone-17-pro.26.x")
    #expect(run.os == "26.2")
    #expect(run.tests.map(\.duration) == [4.1, 3.2, 3.2, 0.0, run.tests[4].duration])
    let failed = try #require(run.tests.first { $0.result == .fail })
    #expect(failed.place == "NameFieldTests.swift:88")
    #expect(failed.item?.rawValue == "manual.ime.m3.sim-iphone-17-pro.26.x.zh-pinyin.full-name")
    #expect(run.tests.filter { $0.item == nil }.map(\.name) == ["testLoginScreenStillLoads()"])
  }
}
