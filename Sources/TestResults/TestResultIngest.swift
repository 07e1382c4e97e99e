import Diagnostics
import Foundation
import Observations
import QAModel

/// The app's own test results recorded against plan items: the one use case behind `ingest-junit` and
/// `ingest-xcresult`.
///
/// Each test case that names a manual item of its session (``TestItemMatcher``) becomes an observation
/// (passed → pass, failed → fail, skipped → skipped) with the test case as evidence. Ingest is
/// idempotent: a test case already recorded (same item, result, time and test) is not recorded
/// again, so the same file twice records nothing new. A test case without a time takes the fallback
/// time, and the summary says where it came from. Test cases that name no item are listed, never
/// dropped.
///
/// ```swift
/// let summary = try TestResultIngest.ingestJUnit(
///   path: "build/junit.xml", bytes: bytes, context: context, session: .given(device: "sim-iphone-17-pro", os: "26.x"),
///   records: RecordsFile(path: "/repo/observations/records.yaml"))
/// print(summary.text)
/// ```
public enum TestResultIngest {
  /// What a run of ingest knows about the plan and the run.
  public struct Context: Sendable {
    /// The manual items of the plan.
    public var catalog: ObservableCatalog
    /// The plan's devices, to find the one an Xcode result ran on.
    public var devices: [Device]
    /// Who ran the tests.
    public var tester: String
    /// The app build tested.
    public var build: String?
    /// The time of test cases whose file gives none.
    public var fallbackTime: Timestamp
    /// Where ``fallbackTime`` comes from, for the summary (`from --time`, `the file's modification time`).
    public var fallbackTimeSource: String
    /// The records file's name, for the summary.
    public var recordsName: String

    /// Creates a context.
    public init(
      catalog: ObservableCatalog, devices: [Device], tester: String, build: String?, fallbackTime: Timestamp,
      fallbackTimeSource: String, recordsName: String
    ) {
      self.catalog = catalog
      self.devices = devices
      self.tester = tester
      self.build = build
      self.fallbackTime = fallbackTime
      self.fallbackTimeSource = fallbackTimeSource
      self.recordsName = recordsName
    }
  }

  /// A device of the plan.
  public struct Device: Hashable, Sendable {
    /// The matrix id.
    public var id: String
    /// The matrix name (`iPhone 17 Pro Simulator`).
    public var name: String
    /// Whether it is a simulator.
    public var isSimulator: Bool

    /// Creates a device.
    public init(id: String, name: String, isSimulator: Bool) {
      self.id = id
      self.name = name
      self.isSimulator = isSimulator
    }

    /// The model: the name without a trailing ` Simulator`.
    var model: String { name.hasSuffix(" Simulator") ? String(name.dropLast(" Simulator".count)) : name }
  }

  /// Reads JUnit XML and records its test cases for the session `device` on `os`.
  ///
  /// - Throws: A `Diagnostic` with the place for text that is not JUnit XML or that qapass wrote itself;
  ///   ``IngestError`` for a session the plan does not have; `ObservationFileError` from the records.
  public static func ingestJUnit(
    path: String, bytes: [UInt8], device: String, os: String, context: Context,
    records: some ObservationRecords
  ) throws -> IngestSummary {
    let session = try items(device: device, os: os, catalog: context.catalog)
    let document: JUnitDocument
    do {
      document = try JUnitReader.read(Data(bytes))
    } catch {
      throw Diagnostic(
        path: path, location: SourceLocation(line: error.line, column: error.column),
        message: "not JUnit XML: \(error.message)")
    }
    if let mark = document.qapassMark {
      throw Diagnostic(
        path: path, location: SourceLocation(line: mark.line, column: 1),
        message: Message.ownJUnit(mark.evidence))
    }
    let runs = [Run(device: device, os: os, items: session, cases: document.cases)]
    return try record(
      runs, source: "junit:\(path)", path: path, total: document.cases.count, context, records)
  }

  /// Reads the JSON of `xcresulttool get test-results tests` and records its test cases for the session
  /// of the device they ran on: the plan device whose model is the result's and whose kind (simulator or
  /// not) matches, on the OS session the result's OS version belongs to. `device` and `os` override them.
  ///
  /// - Throws: As ``ingestJUnit(path:bytes:device:os:context:records:)``; ``IngestError`` when the
  ///   result's device is not in the plan.
  public static func ingestXCResult(
    path: String, bytes: [UInt8], device: String?, os: String?, context: Context,
    records: some ObservationRecords
  ) throws -> IngestSummary {
    let tests = try XCResultTests.parse(path: path, bytes: bytes)
    // A test case on a device the result does not list would belong to no run: refused, never dropped.
    let listed = Set(tests.devices.map(\.deviceName))
    let orphans = tests.cases.filter { $0.deviceName.map { !listed.contains($0) } ?? false }
    if let first = orphans.first, let name = first.deviceName {
      throw IngestError(message: Message.unlistedDevice(name, test: first.name, count: orphans.count))
    }
    var runs: [Run] = []
    for ranOn in tests.devices {
      let cases = tests.cases.filter { $0.deviceName == ranOn.deviceName || $0.deviceName == nil }
      guard !cases.isEmpty else { continue }
      let id = try device ?? planDevice(for: ranOn, context.devices)
      let version = os ?? ranOn.osVersion
      runs.append(
        Run(
          device: id, os: version, items: try items(device: id, os: version, catalog: context.catalog),
          cases: cases))
    }
    if tests.devices.isEmpty { throw IngestError(message: Message.noDevice) }
    return try record(
      runs, source: "xcresult:\(path)", path: path, total: tests.cases.count, context, records)
  }

  /// Test cases that ran on one device, with the items of its session.
  struct Run {
    var device: String
    var os: String
    var items: [ObservableItem]
    var cases: [TestCaseResult]
  }

  static func record(
    _ runs: [Run], source: String, path: String, total: Int, _ context: Context,
    _ records: some ObservationRecords
  ) throws -> IngestSummary {
    let existing = Set(try records.existing(for: context.catalog).map(Key.init))
    var summary = IngestSummary(
      path: path, recordsName: context.recordsName, testCases: total,
      sessions: runs.map { ($0.device, $0.os) })
    var new: [Observation] = []
    for run in runs {
      for testCase in run.cases {
        guard let item = TestItemMatcher.match(testCase, among: run.items) else {
          summary.unmatched.append(testCase)
          continue
        }
        let stated = testCase.timestamp.flatMap { try? Timestamp.parse(utc($0)) }
        if stated == nil { summary.fallbackTimed += 1 }
        var observation = Observation(
          item: item, result: testCase.outcome, tester: context.tester, time: stated ?? context.fallbackTime,
          build: context.build, note: testCase.message,
          evidence: ["\(source)#\(testCase.classname)/\(testCase.name)"])
        observation.os = run.os
        if existing.contains(Key(observation)) || new.contains(where: { Key($0) == Key(observation) }) {
          summary.alreadyRecorded.append(observation)
        } else {
          new.append(observation)
        }
      }
    }
    if summary.fallbackTimed > 0 {
      summary.fallbackTime = (context.fallbackTime, context.fallbackTimeSource)
    }
    try records.append(new)
    summary.recorded = new
    return summary
  }

  /// What makes two observations the same record of one test: the item, result, time and the test itself
  /// (its evidence after the file name, so the same results under another path or another `--tester` are
  /// still the same).
  struct Key: Hashable {
    var item: ItemID
    var result: Outcome
    var time: Timestamp?
    var test: String?

    init(_ observation: Observation) {
      item = observation.itemID
      result = observation.result
      time = observation.time
      test = observation.evidence.first.map { evidence in
        evidence.firstIndex(of: "#").map { String(evidence[$0...]) } ?? evidence
      }
    }
  }

  /// The manual items of the session `device` on `os` (the planned OS or a release of it).
  static func items(device: String, os: String, catalog: ObservableCatalog) throws(IngestError)
    -> [ObservableItem]
  {
    let session = catalog.items.filter {
      $0.device.rawValue == device && OSVersion.observed(os, isWithin: $0.os)
    }
    if session.isEmpty {
      throw IngestError(
        message: Message.noSession(
          device, os, sessions: Set(catalog.items.map(\.session.description)).sorted()))
    }
    return session
  }

  /// The plan device an Xcode result ran on.
  static func planDevice(for ranOn: XCResultTests.Device, _ devices: [Device]) throws(IngestError) -> String {
    let matching = devices.filter {
      $0.isSimulator == ranOn.isSimulator && ($0.model == ranOn.modelName || $0.model == ranOn.deviceName)
    }
    guard matching.count == 1 else {
      throw IngestError(message: Message.unknownDevice(ranOn, candidates: matching.map(\.id)))
    }
    return matching[0].id
  }

  /// JUnit timestamps often lack the zone (`2026-11-29T18:04:05`); they are UTC by convention.
  static func utc(_ text: String) -> String {
    text.hasSuffix("Z") || text.contains("+") ? text : text + "Z"
  }

  enum Message {
    static func unlistedDevice(_ device: String, test: String, count: Int) -> String {
      "test case '\(test)'\(count > 1 ? " (and \(count - 1) more)" : "") ran on device '\(device)', which the "
        + "result's 'devices' list does not have; nothing was recorded (is the file complete?)"
    }

    static func ownJUnit(_ evidence: String) -> String {
      "this is a JUnit report qapass wrote (\(evidence)), not the app's own test results; ingesting it "
        + "would record qapass's verdicts as device observations"
    }

    static func noSession(_ device: String, _ os: String, sessions: [String]) -> String {
      "the plan has no manual items for device '\(device)' on OS '\(os)'; sessions: "
        + sessions.joined(separator: ", ")
    }

    static func unknownDevice(_ device: XCResultTests.Device, candidates: [String]) -> String {
      let kind = device.isSimulator ? "simulator" : "device"
      let what =
        "the result ran on '\(device.deviceName)' (\(device.modelName), \(device.platform) \(device.osVersion))"
      return candidates.isEmpty
        ? "\(what), and the plan has no \(kind) of that model; pass '--device <id>'"
        : "\(what), which is any of \(candidates.map { "'\($0)'" }.joined(separator: ", ")); pass '--device <id>'"
    }

    static let noDevice = "the result names no device it ran on; pass '--device <id>' and '--os <version>'"
  }
}

/// A session of the test results that the plan does not have.
public struct IngestError: Error, Hashable, Sendable, CustomStringConvertible {
  /// One sentence.
  public var message: String
  public var description: String { message }
}
