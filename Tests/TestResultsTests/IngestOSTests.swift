import Observations
import QAModel
import Testing

@testable import TestResults

/// issue 22 point 8: `--os 27.x` on a result from 26.2 was recorded.
struct IngestOSTests {
  static func xcresult(os: String) throws -> [Observation] {
    let records = MemoryRecords()
    _ = try TestResultIngest.ingestXCResult(
      path: "tests.json", bytes: Fixture.bytes("xcresult-tests.json"), device: nil, os: os,
      context: Fixture.context, records: records)
    return records.observations
  }

  @Test func `an OS the xcresult did not run on is refused, naming both`() throws {
    let error = #expect(throws: IngestError.self) { try Self.xcresult(os: "27.x") }
    #expect(
      error?.message
        == "'--os 27.x' disagrees with the result, which ran on iOS Simulator 26.2 ('iPhone 17 Pro'); nothing was "
        + "recorded (leave '--os' out to take the result's)")
    #expect(throws: IngestError.self) { try Self.xcresult(os: "26.1") }
    #expect(throws: IngestError.self) { try Self.xcresult(os: "26.2.1.x") }
  }

  @Test(arguments: [("26.x", "26.2"), ("26.2", "26.2"), ("26.2.1", "26.2.1")])
  func `an OS that agrees with the xcresult is recorded, the more precise of the two`(
    given: String, recorded: String
  ) throws {
    let observations = try Self.xcresult(os: given)
    #expect(observations.count == 4)
    #expect(observations.allSatisfy { $0.os == recorded })
  }

  static func junit(os: String, device: String = "sim-iphone-17-pro") throws -> [Observation] {
    let junit =
      #"<testsuites><testsuite name="S"><testcase classname="S" name="testManualImeM1ZhPinyinFullName"/></testsuite></testsuites>"#
    let records = MemoryRecords()
    _ = try TestResultIngest.ingestJUnit(
      path: "j.xml", bytes: Array(junit.utf8), device: device, os: os, context: Fixture.context,
      records: records)
    return records.observations
  }

  @Test func `an OS outside the device's planned sessions is refused`() throws {
    let error = #expect(throws: IngestError.self) { try Self.junit(os: "27.x") }
    #expect(
      error?.message
        == "OS '27.x' is not within a planned OS of device 'sim-iphone-17-pro' (its sessions: "
        + "'sim-iphone-17-pro.26.x'); give the OS the tests ran on: a planned one ('26.x') or a release of one "
        + "(26.2 for 26.x)")
    for os in ["26", "26.x.1", "latest", "2.6"] {
      #expect(throws: IngestError.self, "\(os)") { try Self.junit(os: os) }
    }
    // Negative control: the planned OS and a release of it are taken, as given.
    #expect(try Self.junit(os: "26.x").map(\.os) == ["26.x"])
    #expect(try Self.junit(os: "26.2").map(\.os) == ["26.2"])
  }

  @Test func `a device without manual items is refused with a suggestion`() {
    let error = #expect(throws: IngestError.self) { try Self.junit(os: "26.x", device: "iphone-16") }
    #expect(
      error?.message == "the plan has no manual items for device 'iphone-16'; did you mean 'iphone-16e'?")
  }

  @Test func `of two planned OS versions a release belongs to, the more precise one is its session`() throws {
    func item(_ os: String) -> ObservableItem {
      ObservableItem(
        id: ItemID(rawValue: "manual.ime.m1.sim.\(os).zh-pinyin.name"), textVersion: 1, device: "sim", os: os,
        idWithoutSession: "manual.ime.m1.zh-pinyin.name", title: os)
    }
    let catalog = ObservableCatalog(items: [item("26.x"), item("26.2")], build: nil, planFingerprint: "p")
    #expect(try TestResultIngest.items(device: "sim", os: "26.2.1", catalog: catalog).map(\.os) == ["26.2"])
    #expect(try TestResultIngest.items(device: "sim", os: "26.1", catalog: catalog).map(\.os) == ["26.x"])
    #expect(try TestResultIngest.items(device: "sim", os: "26.x", catalog: catalog).map(\.os) == ["26.x"])
  }
}
