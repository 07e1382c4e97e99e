import Diagnostics
import Digests
import Foundation
import Observations
import QAModel

/// The app's own test results recorded against plan items: the one use case behind `ingest-junit` and
/// `ingest-xcresult`.
///
/// Each test case that names a manual item of its session by the naming rule (``TestItemMatcher``)
/// becomes an observation (passed → pass, failed → fail, skipped → skipped, an expected failure that
/// happened → fail, noted as a known issue) with the test case as evidence (``TestEvidence``). Test cases
/// that name no item are listed with a hint, never dropped and never counted; a name that two items of
/// the session share is an error, and nothing is recorded.
///
/// Ingest is idempotent whatever the file's time: a test case is the same record when its item, result
/// and test are, and its run is: the time the file gives it (a JUnit suite's `timestamp`) or, when the
/// file gives none, the digest of the results' content. A test case without a time is recorded at the
/// fallback time (`--time`, or the file's modification time), and the summary says so; touching the file
/// and ingesting it again records nothing new.
///
/// The OS is checked: it must lie within a planned OS of the device (``OSVersion``), and an OS given for
/// an Xcode result must agree with the OS the result ran on.
///
/// ```swift
/// let item = ObservableItem(
///   id: "manual.ime.m2.sim-iphone-17-pro.26.x.zh-pinyin.full-name", textVersion: 1,
///   device: "sim-iphone-17-pro", os: "26.x", inputMethod: "zh-pinyin", field: "full-name",
///   idWithoutSession: "manual.ime.m2.zh-pinyin.full-name", title: "No error while composing")
/// let context = TestResultIngest.Context(
///   catalog: ObservableCatalog(items: [item], build: "4.12.0 (812)", planFingerprint: "sha256:0f1e2d3c"),
///   devices: [.init(id: "sim-iphone-17-pro", name: "iPhone 17 Pro Simulator", isSimulator: true)],
///   tester: "ci", build: "4.12.0 (812)", fallbackTime: try Timestamp.parse("2026-11-29T18:04:05Z"),
///   fallbackTimeSource: "from --time", recordsName: "observations/records.yaml")
/// let junit = """
///   <testsuite name="SignUpUITests">
///     <testcase classname="NameFieldTests" name="testManualImeM2ZhPinyinFullName"/>
///   </testsuite>
///   """
/// let records = RecordsFile(
///   path: "/repo/observations/records.yaml", files: InMemoryFileSystem(["/repo/observations": .folder]))
/// let summary = try TestResultIngest.ingestJUnit(
///   path: "build/junit.xml", bytes: Array(junit.utf8), device: "sim-iphone-17-pro", os: "26.x",
///   context: context, records: records)
/// print(summary.text)  // one pass recorded for the item
/// ```
package enum TestResultIngest {
  /// What a run of ingest knows about the plan and the run.
  package struct Context: Sendable {
    /// The manual items of the plan.
    package var catalog: ObservableCatalog
    /// The plan's devices, to find the one an Xcode result ran on.
    package var devices: [Device]
    /// Who ran the tests.
    package var tester: String
    /// The app build tested.
    package var build: String?
    /// The time of test cases whose file gives none.
    package var fallbackTime: Timestamp
    /// Where ``fallbackTime`` comes from, for the summary (`from --time`, `the file's modification time`).
    package var fallbackTimeSource: String
    /// The records file's name, for the summary.
    package var recordsName: String

    /// Creates a context.
    package init(
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
  package struct Device: Hashable, Sendable {
    /// The matrix id.
    package var id: String
    /// The matrix name (`iPhone 17 Pro Simulator`).
    package var name: String
    /// Whether it is a simulator.
    package var isSimulator: Bool

    /// Creates a device.
    package init(id: String, name: String, isSimulator: Bool) {
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
  package static func ingestJUnit(
    path: String, bytes: [UInt8], device: String, os: String, context: Context,
    records: some ObservationRecords
  ) throws -> IngestSummary {
    let session = try items(device: device, os: os, catalog: context.catalog)
    let document: JUnitDocument
    do {
      document = try JUnitReader.read(bytes: bytes)
    } catch {
      throw Diagnostic(
        path: path, location: TextPosition(line: error.line, column: error.column),
        message: error.isLimit ? error.message : "not JUnit XML: \(error.message)")
    }
    if let mark = document.qapassMark {
      throw Diagnostic(
        path: path, location: TextPosition(line: mark.line, column: 1),
        message: Message.ownJUnit(mark.evidence))
    }
    let runs = [Run(device: device, os: os, items: session, cases: document.cases)]
    return try record(
      runs, source: "junit:\(path)", path: path, bytes: bytes, total: document.cases.count, context, records)
  }

  /// Reads the JSON of `xcresulttool get test-results tests` and records its test cases for the session
  /// of the device they ran on: the plan device whose model is the result's and whose kind (simulator or
  /// not) matches, on the OS session the result's OS version belongs to. `device` overrides the device;
  /// `os` must agree with the result's OS (`26.x` or `26.2` for a result on 26.2, never `27.x`), and the
  /// more precise of the two is recorded.
  ///
  /// - Throws: As ``ingestJUnit(path:bytes:device:os:context:records:)``; ``IngestError`` when the
  ///   result's device is not in the plan, or `os` disagrees with the OS the result ran on.
  package static func ingestXCResult(
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
      // A result with no test case at all is a run that produced none (the build failed): recorded so.
      guard !cases.isEmpty || tests.cases.isEmpty else { continue }
      let id =
        try device.map { try agreeingDevice($0, with: ranOn, context.devices) }
        ?? planDevice(for: ranOn, context.devices)
      let version = try os.map { try agreeing($0, with: ranOn) } ?? ranOn.osVersion
      runs.append(
        Run(
          device: id, os: version, items: try items(device: id, os: version, catalog: context.catalog),
          cases: cases))
    }
    if tests.devices.isEmpty { throw IngestError(message: Message.noDevice) }
    return try record(
      runs, source: "xcresult:\(path)", path: path, bytes: bytes, total: tests.cases.count, context, records)
  }

  /// Test cases that ran on one device, with the items of its session.
  struct Run {
    var device: String
    var os: String
    var items: [ObservableItem]
    var cases: [TestCaseResult]
  }

  static func record(
    _ runs: [Run], source: String, path: String, bytes: [UInt8], total: Int, _ context: Context,
    _ records: some ObservationRecords
  ) throws -> IngestSummary {
    let content = String(Digest.sha256Hex(of: bytes).prefix(TestEvidence.runDigits))
    var summary = IngestSummary(
      path: path, recordsName: context.recordsName, testCases: total,
      sessions: runs.map { ($0.device, $0.os) })
    var matched: [(observation: Observation, timed: Bool, expectedFailure: Bool)] = []
    var testRuns: [AppTestRun] = []
    for run in runs {
      let matcher = TestItemMatcher(session: run.items, plan: context.catalog.items)
      var tests: [AppTest] = []
      var runTime: Timestamp?
      for testCase in run.cases {
        let stated = testCase.timestamp.flatMap { try? Timestamp.parse(utc($0)) }
        if let stated { runTime = min(runTime ?? stated, stated) }
        let item: ObservableItem
        // A hint costs a search of the session's items: the summary lists the first unmatched cases only.
        let hinting = summary.unmatched.count < IngestSummary.maxListedUnmatched
        switch matcher.match(testCase, hinting: hinting) {
        case .item(let found):
          item = found
        case .unmatched(let hint):
          summary.unmatched.append(.init(testCase: testCase, hint: hint))
          tests.append(appTest(testCase, item: nil))
          continue
        case .ambiguous(let items):
          throw Diagnostic(
            path: path, location: testCase.line.map { TextPosition(line: $0, column: 1) },
            message: Message.ambiguous(testCase, items))
        }
        tests.append(appTest(testCase, item: item.id))
        let evidence = TestEvidence(
          source: source, run: stated == nil ? content : nil, test: "\(testCase.classname)/\(testCase.name)")
        var observation = Observation(
          item: item, result: testCase.outcome, tester: context.tester, time: stated ?? context.fallbackTime,
          build: context.build, note: testCase.note, evidence: [evidence.text])
        observation.os = run.os
        matched.append((observation, stated != nil, testCase.isExpectedFailure))
      }
      testRuns.append(
        AppTestRun(
          session: SessionID(device: DeviceID(rawValue: run.device), os: run.items[0].os), os: run.os,
          build: context.build, source: source, content: content, time: runTime ?? context.fallbackTime,
          tester: context.tester, tests: tests, noResult: run.cases.isEmpty ? Message.noResult : nil))
    }
    var seen = Set(try records.existing(for: context.catalog).map(Key.init))
    var new: [Observation] = []
    for (observation, timed, expectedFailure) in matched {
      guard seen.insert(Key(observation)).inserted else {
        summary.alreadyRecorded.append(observation)
        continue
      }
      new.append(observation)
      if !timed { summary.fallbackTimed += 1 }
      if expectedFailure { summary.expectedFailures += 1 }
    }
    if summary.fallbackTimed > 0 {
      summary.fallbackTime = (context.fallbackTime, context.fallbackTimeSource)
    }
    // The runs first: a run already recorded is left out, so an ingest stopped between the two files
    // records the observations when it is run again.
    summary.testRuns = try records.appendRuns(testRuns)
    summary.testRunsAlreadyRecorded = testRuns.count - summary.testRuns.count
    try records.append(new)
    summary.recorded = new
    return summary
  }

  /// The test case as the run keeps it: its place from the failure message, when it starts with one.
  static func appTest(_ testCase: TestCaseResult, item: ItemID?) -> AppTest {
    let place = testCase.failurePlace
    return AppTest(
      suite: testCase.suite, classname: testCase.classname, name: testCase.name, result: testCase.outcome,
      duration: testCase.duration, message: testCase.note, file: place?.file, line: place?.line, item: item)
  }

  /// What makes two observations the same record of one test case: the item, the result, the test, and
  /// the run: the time the file gave it, or, when it gave none, the digest of the results' content (see
  /// ``TestEvidence``), and the build tested: the same results ingested for another `--build` are that
  /// build's. The path is not part of it, nor the tester, so the same results under another path or
  /// another `--tester` are the same, and neither is a fallback time.
  struct Key: Hashable {
    var item: ItemID
    var result: Outcome
    var test: String?
    var run: RunIdentity
    var build: String?

    /// The run a record comes from: the time its file gave it, or the digest of the results' content.
    enum RunIdentity: Hashable {
      case time(Timestamp?)
      case content(String)
    }

    init(_ observation: Observation) {
      item = observation.itemID
      result = observation.result
      let evidence = observation.evidence.first.flatMap(TestEvidence.init(parsing:))
      test = evidence?.test ?? observation.evidence.first
      run = evidence?.run.map(RunIdentity.content) ?? .time(observation.time)
      build = observation.build
    }
  }

  /// The manual items of the session `device` on `os`: the planned OS written as `os` is, or else the
  /// most precise planned OS that `os` is a release of (``OSVersion/admits(_:)``: `26.2` for `26.x`).
  ///
  /// - Throws: ``IngestError`` when the device has no manual items, or `os` lies within none of its
  ///   planned OS versions.
  static func items(device: String, os: String, catalog: ObservableCatalog) throws(IngestError)
    -> [ObservableItem]
  {
    let ofDevice = catalog.items.filter { $0.device.rawValue == device }
    guard !ofDevice.isEmpty else {
      let devices = Set(catalog.items.map(\.device.rawValue))
      throw IngestError(message: Message.noDevice(device, devices: devices.sorted()))
    }
    var planned: [String] = []
    for item in ofDevice where !planned.contains(item.os) { planned.append(item.os) }
    let admitting = planned.filter { OSVersion.observed(os, isWithin: $0) }
    let chosen =
      admitting.contains(os)
      ? os
      : admitting.max { a, b in
        let (pa, pb) = (OSVersion(a)?.parts.count ?? 0, OSVersion(b)?.parts.count ?? 0)
        return pa != pb ? pa < pb : a > b
      }
    guard let chosen else {
      throw IngestError(message: Message.osOutside(os, device: device, planned: planned))
    }
    return ofDevice.filter { $0.os == chosen }
  }

  /// The OS to record for a result that ran on `ranOn` when `given` was passed: the more precise of the
  /// two when one is a release of the other (or they are the same).
  ///
  /// - Throws: ``IngestError`` when both are OS versions and neither is a release of the other.
  static func agreeing(_ given: String, with ranOn: XCResultTests.Device) throws(IngestError) -> String {
    guard let stated = OSVersion(given), let actual = OSVersion(ranOn.osVersion) else { return given }
    if given == ranOn.osVersion || stated.admits(actual) { return ranOn.osVersion }
    if actual.admits(stated) { return given }
    throw IngestError(message: Message.osDisagrees(given, ranOn))
  }

  /// `given` (`--device`), when the plan device of that id is of the model and kind the result ran on.
  ///
  /// - Throws: ``IngestError`` naming both when it is another model or kind; nothing is recorded.
  static func agreeingDevice(
    _ given: String, with ranOn: XCResultTests.Device, _ devices: [Device]
  ) throws(IngestError) -> String {
    // A device the plan does not have is refused where the session is looked up, with its did-you-mean.
    guard let planned = devices.first(where: { $0.id == given }) else { return given }
    if planned.isSimulator == ranOn.isSimulator
      && (planned.model == ranOn.modelName || planned.model == ranOn.deviceName)
    {
      return given
    }
    throw IngestError(message: Message.deviceDisagrees(planned, ranOn))
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

    static func noDevice(_ device: String, devices: [String]) -> String {
      "the plan has no manual items for device '\(device)'"
        + Suggestion.hint(for: device, among: devices).replacingOccurrences(
          of: "; expected", with: "; devices:")
    }

    static func osOutside(_ os: String, device: String, planned: [String]) -> String {
      let sessions = planned.map { "'\(device).\($0)'" }.joined(separator: ", ")
      return "OS '\(os)' is not within a planned OS of device '\(device)' (its sessions: \(sessions)); "
        + "give the OS the tests ran on: a planned one (\(planned.map { "'\($0)'" }.joined(separator: ", "))) or a "
        + "release of one (26.2 for 26.x)"
    }

    static func osDisagrees(_ given: String, _ ranOn: XCResultTests.Device) -> String {
      "'--os \(given)' disagrees with the result, which ran on \(ranOn.platform.isEmpty ? "OS" : ranOn.platform) "
        + "\(ranOn.osVersion) ('\(ranOn.deviceName)'); nothing was recorded (leave '--os' out to take the result's)"
    }

    static func deviceDisagrees(_ planned: Device, _ ranOn: XCResultTests.Device) -> String {
      "'--device \(planned.id)' (\(planned.name)) disagrees with the result, which ran on '\(ranOn.deviceName)' "
        + "(\(ranOn.modelName), \(ranOn.platform.isEmpty ? "OS" : ranOn.platform) \(ranOn.osVersion)); nothing was "
        + "recorded (leave '--device' out to file the results under the device they ran on)"
    }

    static let noResult =
      "the results hold no test case: the tests did not run (did the build fail?)"

    static func ambiguous(_ testCase: TestCaseResult, _ items: [ObservableItem]) -> String {
      "test '\(testCase.displayName)' names \(items.count) items alike: "
        + items.map { "'\($0.id)'" }.joined(separator: ", ")
        + " (their ids differ only in case or punctuation, which a test name cannot hold); give the test case a "
        + "<property name=\"\(TestItemMatcher.itemProperty)\"> with the exact id, or rename one of them in the "
        + "matrix; nothing was recorded"
    }

    static func unknownDevice(_ device: XCResultTests.Device, candidates: [String]) -> String {
      let kind = device.isSimulator ? "simulator" : "device"
      let what =
        "the result ran on '\(device.deviceName)' (\(device.modelName), \(device.platform) \(device.osVersion))"
      return candidates.isEmpty
        ? "\(what), and the plan has no \(kind) of that model; name the matrix's device by its model "
          + "('name: \(device.modelName)\(device.isSimulator ? " Simulator" : "")')"
        : "\(what), which is any of \(candidates.map { "'\($0)'" }.joined(separator: ", ")); pass '--device <id>'"
    }

    static let noDevice = "the result names no device it ran on; pass '--device <id>' and '--os <version>'"
  }
}

/// A session of the test results that the plan does not have.
package struct IngestError: Error, Hashable, Sendable, CustomStringConvertible {
  /// One sentence.
  package var message: String
  package var description: String { message }
}
