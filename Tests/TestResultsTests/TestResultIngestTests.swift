import Diagnostics
import Foundation
import Observations
import QAModel
import Testing

@testable import TestResults

/// Records in memory: the observations appended, and those "already there".
final class MemoryRecords: ObservationRecords, @unchecked Sendable {
  var observations: [Observation] = []
  func existing(for catalog: ObservableCatalog) throws(ObservationFileError) -> [Observation] { observations }
  func append(_ new: [Observation]) throws(ObservationFileError) { observations += new }
  var runs: [AppTestRun] = []
  func appendRuns(_ new: [AppTestRun]) throws -> [AppTestRun] {
    let added = new.filter { run in !runs.contains { $0.isSameRun(as: run) } }
    runs += added
    return added
  }
}

enum Fixture {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Fixtures")

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  /// The SHA-256 of `bytes` as hex, computed by `sha256sum` (an oracle apart from qapass's digest).
  static func digest(_ bytes: [UInt8]) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sha256sum"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try? process.run()
    input.fileHandleForWriting.write(Data(bytes))
    try? input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return String(text.prefix(64))
  }

  /// The session sim-iphone-17-pro.26.x (three pinyin items and one romaji item) and iphone-16e.26.x.
  static let catalog: ObservableCatalog = {
    func item(_ id: String, _ device: String) -> ObservableItem {
      // What the plan gives as the id without its session: the test names below leave it out.
      ObservableItem(
        id: ItemID(rawValue: id), textVersion: 1, device: DeviceID(rawValue: device), os: "26.x",
        idWithoutSession: id.replacingOccurrences(of: ".\(device).26.x", with: ""), title: id)
    }
    let sim = "sim-iphone-17-pro"
    return ObservableCatalog(
      items: [
        item("manual.ime.m1.\(sim).26.x.zh-pinyin.full-name", sim),
        item("manual.ime.m2.\(sim).26.x.zh-pinyin.full-name", sim),
        item("manual.ime.m3.\(sim).26.x.zh-pinyin.full-name", sim),
        item("manual.ime.m2.\(sim).26.x.ja-romaji.full-name", sim),
        item("manual.ime.m1.iphone-17-pro.26.x.zh-pinyin.full-name", "iphone-17-pro"),
        item("manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name", "iphone-16e"),
      ], build: "4.12.0 (812)", planFingerprint: "sha256:test")
  }()

  static let context = TestResultIngest.Context(
    catalog: catalog,
    devices: [
      .init(id: "iphone-17-pro", name: "iPhone 17 Pro", isSimulator: false),
      .init(id: "sim-iphone-17-pro", name: "iPhone 17 Pro Simulator", isSimulator: true),
      .init(id: "iphone-16e", name: "iPhone 16e", isSimulator: false),
    ],
    tester: "ci", build: "4.12.0 (812)", fallbackTime: Timestamp(secondsSince1970: 1_796_000_000),
    fallbackTimeSource: "from --time", recordsName: "observations/records.yaml")
}

struct TestResultIngestTests {
  @Test func `xcresult tests map to the session of the simulator they ran on; unmatched tests are listed`()
    throws
  {
    let records = MemoryRecords()
    let summary = try TestResultIngest.ingestXCResult(
      path: "tests.json", bytes: Fixture.bytes("xcresult-tests.json"), device: nil, os: nil,
      context: Fixture.context, records: records)
    // The simulator, not the physical iPhone 17 Pro of the same model; OS 26.2 is a release of 26.x.
    #expect(summary.sessions.map { "\($0.device) \($0.os)" } == ["sim-iphone-17-pro 26.2"])
    #expect(
      records.observations.map { "\($0.result.rawValue) \($0.itemID)" } == [
        "pass manual.ime.m1.sim-iphone-17-pro.26.x.zh-pinyin.full-name",
        "pass manual.ime.m2.sim-iphone-17-pro.26.x.zh-pinyin.full-name",
        "fail manual.ime.m3.sim-iphone-17-pro.26.x.zh-pinyin.full-name",
        "skipped manual.ime.m2.sim-iphone-17-pro.26.x.ja-romaji.full-name",
      ])
    #expect(records.observations.allSatisfy { $0.os == "26.2" && $0.device == "sim-iphone-17-pro" })
    #expect(records.observations[2].note?.hasPrefix("NameFieldTests.swift:88: XCTAssertFalse failed") == true)
    // No time per test in an Xcode result: the run is named by the digest of the JSON.
    let evidence = try #require(records.observations[0].evidence.first)
    #expect(evidence.hasPrefix("xcresult:tests.json?sha256="))
    #expect(evidence.hasSuffix("#NameFieldTests/testManualImeM1ZhPinyinFullName()"))
    #expect(
      TestEvidence(parsing: evidence)?.run
        == String(Fixture.digest(try Fixture.bytes("xcresult-tests.json")).prefix(12)))
    #expect(summary.unmatched.map(\.testCase.displayName) == ["NameFieldTests.testLoginScreenStillLoads()"])
    #expect(summary.text.contains("  NameFieldTests.testLoginScreenStillLoads() (pass) on iPhone 17 Pro\n"))
    #expect(
      summary.text.contains(
        "4 test cases carry no time in the file: recorded at 2026-11-30T00:53:20Z, from --time\n"))
  }

  // issue 22 point 8: the same results at another time (a touched file, another --time) were recorded again.
  @Test func `the same results twice record nothing new, whatever the time they are given`() throws {
    let records = MemoryRecords()
    let bytes = try Fixture.bytes("xcresult-tests.json")
    let first = try TestResultIngest.ingestXCResult(
      path: "tests.json", bytes: bytes, device: nil, os: nil, context: Fixture.context, records: records)
    #expect(first.recorded.count == 4)
    // Under another path, at another fallback time (the file's modification time after a touch).
    var later = Fixture.context
    later.fallbackTime = Timestamp(secondsSince1970: 1_796_000_600)
    let second = try TestResultIngest.ingestXCResult(
      path: "copy/tests.json", bytes: bytes, device: nil, os: nil, context: later, records: records)
    #expect(second.recorded.isEmpty)
    #expect(second.alreadyRecorded.count == 4)
    #expect(records.observations.count == 4)
    #expect(
      second.text.contains(
        "4 already recorded (the same results were ingested before, recognised by their content whatever the "
          + "file's time), not recorded again"))
    #expect(!second.text.contains("carry no time"), "nothing was recorded at the fallback time")
    // Negative control: another run (one test took longer) is new evidence, at its own time.
    let rerun = Array(
      String(decoding: bytes, as: UTF8.self).replacingOccurrences(
        of: "\"durationInSeconds\": 4.1", with: "\"durationInSeconds\": 4.2"
      )
      .utf8)
    #expect(rerun != bytes)
    let third = try TestResultIngest.ingestXCResult(
      path: "tests.json", bytes: rerun, device: nil, os: nil, context: later, records: records)
    #expect(third.recorded.count == 4)
    #expect(third.recorded.allSatisfy { $0.time == later.fallbackTime })
  }

  @Test func `a JUnit suite's own timestamp names its run, so a touch or another time changes nothing`()
    throws
  {
    let junit = Array(
      #"""
      <testsuites><testsuite name="S" timestamp="2026-11-28T16:00:00">
        <testcase classname="S" name="testManualImeM1ZhPinyinFullName"/>
      </testsuite><testsuite name="T">
        <testcase classname="T" name="testManualImeM2ZhPinyinFullName"/>
      </testsuite></testsuites>
      """#.utf8)
    let records = MemoryRecords()
    let first = try TestResultIngest.ingestJUnit(
      path: "j.xml", bytes: junit, device: "sim-iphone-17-pro", os: "26.x", context: Fixture.context,
      records: records)
    #expect(first.recorded.map(\.time?.text) == ["2026-11-28T16:00:00Z", "2026-11-30T00:53:20Z"])
    #expect(first.recorded[0].evidence == ["junit:j.xml#S/testManualImeM1ZhPinyinFullName"])
    #expect(first.recorded[1].evidence.first?.hasPrefix("junit:j.xml?sha256=") == true)
    var touched = Fixture.context
    touched.fallbackTime = Timestamp(secondsSince1970: 1_796_100_000)
    let second = try TestResultIngest.ingestJUnit(
      path: "j.xml", bytes: junit, device: "sim-iphone-17-pro", os: "26.2", context: touched, records: records
    )
    #expect(second.recorded.isEmpty)
    #expect(second.alreadyRecorded.count == 2)
    // Negative control: the suite run again later is a new run.
    let again = Array(
      String(decoding: junit, as: UTF8.self).replacingOccurrences(of: "16:00:00", with: "17:00:00").utf8)
    let third = try TestResultIngest.ingestJUnit(
      path: "j.xml", bytes: again, device: "sim-iphone-17-pro", os: "26.x", context: touched, records: records
    )
    #expect(
      third.recorded.map(\.itemID.rawValue) == [
        "manual.ime.m1.sim-iphone-17-pro.26.x.zh-pinyin.full-name",
        "manual.ime.m2.sim-iphone-17-pro.26.x.zh-pinyin.full-name",
      ])
  }

  @Test func `a result from a device the plan does not have says so`() throws {
    var context = Fixture.context
    context.devices = [.init(id: "iphone-17-pro", name: "iPhone 17 Pro", isSimulator: false)]
    let error = #expect(throws: IngestError.self) {
      try TestResultIngest.ingestXCResult(
        path: "tests.json", bytes: Fixture.bytes("xcresult-tests.json"), device: nil, os: nil,
        context: context,
        records: MemoryRecords())
    }
    #expect(
      error?.message
        == "the result ran on 'iPhone 17 Pro' (iPhone 17 Pro, iOS Simulator 26.2), and the plan has no simulator "
        + "of that model; name the matrix's device by its model ('name: iPhone 17 Pro Simulator')")
  }

  @Test func `qapass's own JUnit is refused with its place`() throws {
    let own = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="qapass: Sign-up form" tests="1">
        <testsuite name="manual"><testcase classname="manual.ime.m1" name="x"/></testsuite>
      </testsuites>
      """
    let error = #expect(throws: Diagnostic.self) {
      try TestResultIngest.ingestJUnit(
        path: "reports/junit.xml", bytes: Array(own.utf8), device: "sim-iphone-17-pro", os: "26.x",
        context: Fixture.context, records: MemoryRecords())
    }
    #expect(
      error?.description.hasPrefix("reports/junit.xml:2:1: error: this is a JUnit report qapass wrote")
        == true)
    let marked = """
      <testsuites name="SignUp"><testsuite name="s">
      <properties><property name="qapass.generator" value="qapass 0.1.0"/></properties>
      <testcase classname="c" name="testManualImeM1ZhPinyinFullName"/></testsuite></testsuites>
      """
    let property = #expect(throws: Diagnostic.self) {
      try TestResultIngest.ingestJUnit(
        path: "j.xml", bytes: Array(marked.utf8), device: "sim-iphone-17-pro", os: "26.x",
        context: Fixture.context, records: MemoryRecords())
    }
    #expect(property?.location?.line == 2)
    // Negative control: an app suite named like a qapass one only in part is read.
    let app =
      #"<testsuites name="qapassion"><testsuite name="s"><testcase classname="c" name="t"/></testsuite></testsuites>"#
    #expect(throws: Never.self) {
      _ = try TestResultIngest.ingestJUnit(
        path: "a.xml", bytes: Array(app.utf8), device: "sim-iphone-17-pro", os: "26.x",
        context: Fixture.context,
        records: MemoryRecords())
    }
  }
}

struct XCResultDevicesTests {
  @Test func `a test run on two devices gives one result per device, each in its session`() throws {
    // One test case with a Device node per destination, as xcresulttool nests runs on several devices.
    let json = """
      {"devices": [
        {"deviceId": "A", "deviceName": "iPhone 17 Pro", "modelName": "iPhone 17 Pro", "osVersion": "26.2",
         "platform": "iOS Simulator", "architecture": "arm64"},
        {"deviceId": "B", "deviceName": "Mei's iPhone", "modelName": "iPhone 17 Pro", "osVersion": "26.1",
         "platform": "iOS", "architecture": "arm64e"}],
       "testPlanConfigurations": [{"configurationId": "1", "configurationName": "Test Scheme Action"}],
       "testNodes": [{"name": "SignUp", "nodeType": "Test Plan", "result": "Failed", "children": [
         {"name": "SignUpUITests", "nodeType": "UI test bundle", "result": "Failed", "children": [
           {"name": "NameFieldTests", "nodeType": "Test Suite", "result": "Failed", "children": [
             {"name": "testManualImeM1ZhPinyinFullName()", "nodeType": "Test Case", "result": "Failed",
              "children": [
                {"name": "iPhone 17 Pro", "nodeType": "Device", "result": "Passed"},
                {"name": "Mei's iPhone", "nodeType": "Device", "result": "Failed", "children": [
                  {"name": "NameFieldTests.swift:12: the error showed while composing",
                   "nodeType": "Failure Message"}]}]}]}]}]}]}
      """
    let records = MemoryRecords()
    let summary = try TestResultIngest.ingestXCResult(
      path: "two.json", bytes: Array(json.utf8), device: nil, os: nil, context: Fixture.context,
      records: records)
    #expect(
      summary.sessions.map { "\($0.device) \($0.os)" } == ["sim-iphone-17-pro 26.2", "iphone-17-pro 26.1"])
    #expect(
      records.observations.map { "\($0.result.rawValue) \($0.itemID) \($0.os)" } == [
        "pass manual.ime.m1.sim-iphone-17-pro.26.x.zh-pinyin.full-name 26.2",
        "fail manual.ime.m1.iphone-17-pro.26.x.zh-pinyin.full-name 26.1",
      ])
    #expect(records.observations[1].note == "NameFieldTests.swift:12: the error showed while composing")
  }

  // A test case whose Device node names a device missing from `devices` was silently dropped (found by
  // fuzz-xcresult's invariant that every case is recorded, already recorded, or listed as unmatched).
  @Test func `a test case on a device the result does not list is refused, not dropped`() throws {
    let json = """
      {"devices": [
        {"deviceId": "A", "deviceName": "iPhone 17 Pro", "modelName": "iPhone 17 Pro", "osVersion": "26.2",
         "platform": "iOS Simulator", "architecture": "arm64"}],
       "testPlanConfigurations": [{"configurationId": "1", "configurationName": "Test Scheme Action"}],
       "testNodes": [{"name": "SignUp", "nodeType": "Test Plan", "result": "Failed", "children": [
         {"name": "SignUpUITests", "nodeType": "UI test bundle", "result": "Failed", "children": [
           {"name": "NameFieldTests", "nodeType": "Test Suite", "result": "Failed", "children": [
             {"name": "testManualImeM1ZhPinyinFullName()", "nodeType": "Test Case", "result": "Failed",
              "children": [
                {"name": "iPhone 17 Pro", "nodeType": "Device", "result": "Passed"},
                {"name": "Mei's iPhone", "nodeType": "Device", "result": "Failed"}]}]}]}]}]}
      """
    let records = MemoryRecords()
    let error = #expect(throws: IngestError.self) {
      try TestResultIngest.ingestXCResult(
        path: "orphan.json", bytes: Array(json.utf8), device: nil, os: nil, context: Fixture.context,
        records: records)
    }
    #expect(
      error?.message
        == "test case 'testManualImeM1ZhPinyinFullName()' ran on device 'Mei's iPhone', which the result's "
        + "'devices' list does not have; nothing was recorded (is the file complete?)")
    #expect(records.observations.isEmpty)
  }

  /// Issue 32, finding 8: it was "not valid JSON", with no place.
  @Test func `xcresult JSON nested too deep says so at its place`() {
    let nodes = String(repeating: #"{"children": ["#, count: 300) + String(repeating: "]}", count: 300)
    let deep = #expect(throws: Diagnostic.self) {
      try XCResultTests.parse(
        path: "t.json", bytes: Array((#"{"devices": [], "testNodes": ["# + nodes + "]}").utf8))
    }
    #expect(
      deep?.description
        == "t.json:1:3601: error: not the JSON of 'xcrun xcresulttool get test-results tests': nesting deeper than "
        + "512 levels of arrays and objects, the most JSON readers take")
  }

  @Test func `json that is not xcresulttool output names what is missing`() {
    let error = #expect(throws: Diagnostic.self) {
      try XCResultTests.parse(path: "t.json", bytes: Array(#"{"devices": []}"#.utf8))
    }
    #expect(
      error?.description
        == "t.json:1:1: error: not the JSON of 'xcrun xcresulttool get test-results tests': no member 'testNodes' in the top-level object"
    )
  }
}
