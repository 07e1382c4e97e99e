import Diagnostics
import Foundation
import Observations
import Reporting
import ScenarioEngine

/// `qapass ingest-junit FILE --device D --os O`: the app's own XCTest results as device or simulator evidence.
enum IngestJUnitCommand: Subcommand {
  static let spec = CommandSpec(
    name: "ingest-junit",
    abstract: "Record the app's own test results (JUnit XML from Xcode runs) against plan items.",
    discussion: """
      Reads JUnit XML as xcbeautify, fastlane's trainer or xcpretty write it from an Xcode test run
      on a simulator or device. A test case counts for a manual plan item of the given device and
      OS when its name, class name or a <property> value carries the item id — in full, or without
      the '<device>.<os>' part, compared without case and punctuation, so an XCTest method such
      as testManualImeM2ZhPinyinFullName matches manual.ime.m2.<device>.<os>.zh-pinyin.full-name.
      Each match is appended to the records file as an observation (passed -> pass, failure or
      error -> fail, skipped -> skipped) with the test case as evidence. Test cases that match no
      item are listed, not dropped.
      """,
    arguments: [.init(name: "junit", help: "The JUnit XML file.", isOptional: false)],
    options: [
      .value("device", "<id>", help: "The device (or simulator) id from the matrix the tests ran on."),
      .value(
        "os", "<version>", help: "The OS version they ran on, as the matrix writes it (or a release of it)."),
      .value("matrix", "<file>", help: "The matrix file (default matrices/default.yaml)."),
      .value("file", "<path>", help: "The records file to append to (default observations/records.yaml)."),
      .value("tester", "<name>", help: "Who ran the tests (default: junit)."),
      .value("build", "<build>", help: "The app build tested (default: the matrix's build)."),
      .value("time", "<iso8601>", help: "When, if the suites carry no timestamp (default now)."),
    ])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let junitPath = arguments.positional(0)!
    guard let device = arguments.value("device"), let os = arguments.value("os") else {
      throw UsageError("'--device <id>' and '--os <version>' name where the tests ran; both are needed")
    }
    var planArguments = ParsedArguments()
    planArguments.positionals = [arguments.value("matrix") ?? PublishPath.defaultMatrix]
    let plan = try PlanCommand.loadPlan(planArguments, context)
    let catalog = ObservableCatalog(plan: plan)
    let session = catalog.items.filter { $0.device == device && ObservableItem.os(os, isWithin: $0.os) }
    if session.isEmpty {
      throw UsageError(
        "the plan has no manual items for device '\(device)' on OS '\(os)'; sessions: "
          + Set(catalog.items.map(\.session)).sorted().joined(separator: ", "))
    }
    let bytes = try context.read(junitPath)
    let cases: [JUnitCase]
    do {
      cases = try JUnitReader.read(Data(bytes))
    } catch {
      throw Diagnostic(
        path: junitPath, location: SourceLocation(line: error.line, column: error.column),
        message: "not JUnit XML: \(error.message)")
    }
    let fallbackTime: Timestamp
    if let text = arguments.value("time") {
      do { fallbackTime = try Timestamp.parse(text) } catch {
        throw UsageError("'--time': \(error.description)")
      }
    } else {
      fallbackTime = Timestamp.now(context.clock)
    }
    let tester = arguments.value("tester") ?? "junit"
    var observations: [Observation] = []
    var unmatched: [JUnitCase] = []
    for testCase in cases {
      guard let item = match(testCase, among: session) else {
        unmatched.append(testCase)
        continue
      }
      let time = testCase.timestamp.flatMap { try? Timestamp.parse(Self.utc($0)) } ?? fallbackTime
      let result: ObservationResult =
        switch testCase.outcome {
        case .passed: .pass
        case .failed: .fail
        case .skipped: .skipped
        }
      var observation = Observation(
        item: item, result: result, tester: tester, time: time, build: arguments.value("build") ?? plan.build,
        note: testCase.message, evidence: ["junit:\(junitPath)#\(testCase.classname)/\(testCase.name)"])
      observation.os = os
      observations.append(observation)
    }
    let path = arguments.value("file") ?? PublishPath.defaultRecords
    if !observations.isEmpty {
      do {
        let records = try context.recordsFile(path, createFolders: arguments.value("file") == nil)
        try ObservationStore.append(observations, to: records, files: context.files)
      } catch let error as ObservationFileError {
        throw PublishPath.observationError(error, context: context)
      }
    }
    var out = "\(junitPath): \(cases.count) test cases, \(observations.count) recorded in \(path)"
    out += " for \(device) on \(os), \(unmatched.count) matching no plan item\n"
    for observation in observations { out += "  \(observation.result.rawValue)  \(observation.itemID)\n" }
    if !unmatched.isEmpty {
      out += "not matched (name or property carries no item id of this session):\n"
      for testCase in unmatched {
        out +=
          "  \(junitPath):\(testCase.line): \(testCase.classname).\(testCase.name) (\(testCase.outcome.rawValue))\n"
      }
    }
    context.console.out(out)
    return .success
  }

  /// The item a test case names: a property value or the name carries the full id, or the id without
  /// its session part; compared without case and punctuation. The longest match wins.
  static func match(_ testCase: JUnitCase, among items: [ObservableItem]) -> ObservableItem? {
    let haystacks =
      ([testCase.name, testCase.classname, testCase.classname + testCase.name]
      + testCase.properties.values.sorted()).map(squash)
    var best: (item: ObservableItem, length: Int)?
    for item in items {
      let full = squash(item.id)
      let short = squash(item.id.replacingOccurrences(of: ".\(item.session)", with: ""))
      for needle in [full, short] where !needle.isEmpty && haystacks.contains(where: { $0.contains(needle) })
      {
        if best == nil || needle.count > best!.length { best = (item, needle.count) }
      }
    }
    return best?.item
  }

  /// Lower-case letters and digits only: `manual.ime.m2` and `testManualImeM2` compare alike.
  static func squash(_ text: String) -> String {
    String(
      text.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }.map(
        Character.init))
  }

  /// JUnit timestamps often lack the zone (`2026-11-29T18:04:05`); they are UTC by convention.
  static func utc(_ text: String) -> String {
    text.hasSuffix("Z") || text.contains("+") ? text : text + "Z"
  }
}
