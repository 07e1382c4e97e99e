import Diagnostics
import Foundation
import QAModel
import TextFormats
import YAMLDecoding

/// The tests of an Xcode result bundle, as `xcrun xcresulttool get test-results tests --path X.xcresult
/// --format json` prints them (Xcode 16 and later).
///
/// The JSON has `devices` (`deviceId`, `deviceName`, `modelName`, `platform`, `osVersion`,
/// `architecture`), `testPlanConfigurations` and a tree of `testNodes`: `Test Plan` > `Unit test bundle`
/// or `UI test bundle` > `Test Suite` > `Test Case`, each node with `name`, `nodeType`, `result`
/// (`Passed`, `Failed`, `Skipped`, `Expected Failure`) and `children`; a test case's children hold its
/// `Failure Message` and `Skip Message` nodes and, when it ran on several devices, one `Device` node per
/// device with that run's result.
///
/// ```swift
/// let json = """
///   {"devices": [{"deviceName": "iPhone 17 Pro", "platform": "iOS Simulator", "osVersion": "26.2"}],
///    "testNodes": [{"name": "NameFieldTests", "nodeType": "Test Suite", "children": [
///      {"name": "testManualImeM1ZhPinyinFullName()", "nodeType": "Test Case", "result": "Passed"}]}]}
///   """
/// let tests = try XCResultTests.parse(path: "tests.json", bytes: Array(json.utf8))
/// tests.devices.first?.osVersion   // "26.2"
/// tests.cases.first?.outcome       // .pass
/// ```
package struct XCResultTests: Hashable, Sendable {
  /// A device the tests ran on.
  package struct Device: Hashable, Sendable {
    /// The device's name on that Mac (`iPhone 17 Pro`); simulators may be renamed.
    package var deviceName: String
    /// The model (`iPhone 17 Pro`).
    package var modelName: String
    /// `iOS Simulator` or `iOS`.
    package var platform: String
    /// The OS release (`26.2`).
    package var osVersion: String

    /// Creates a device.
    package init(deviceName: String, modelName: String, platform: String, osVersion: String) {
      self.deviceName = deviceName
      self.modelName = modelName
      self.platform = platform
      self.osVersion = osVersion
    }

    /// Whether it is a simulator.
    package var isSimulator: Bool { platform.hasSuffix("Simulator") }
  }

  /// The devices, as listed.
  package var devices: [Device]
  /// Every test case (one per device it ran on), in tree order; ``TestCaseResult/deviceName`` says where.
  package var cases: [TestCaseResult]

  /// The command that prints the JSON this reads.
  package static func command(bundle: String) -> [String] {
    ["xcrun", "xcresulttool", "get", "test-results", "tests", "--path", bundle, "--format", "json"]
  }

  /// Reads the output of ``command(bundle:)``.
  ///
  /// - Throws: A `Diagnostic` for text that is not JSON of that shape, naming the member that is wrong,
  ///   or for a bundle, suite or test name over ``TestCaseResult/maxNameBytes``, at that name.
  package static func parse(path: String, bytes: [UInt8]) throws(Diagnostic) -> XCResultTests {
    let raw: Raw
    do {
      raw = try JSONDecoder().decode(Raw.self, from: Data(bytes))
    } catch {
      let syntax = JSONProblem.codingPath(error) == nil ? JSONProblem.syntaxProblem(in: bytes) : nil
      throw Diagnostic(
        path: path,
        location: syntax.map { TextPosition(line: $0.line, column: $0.column) }
          ?? YAML.location(of: JSONProblem.codingPath(error), in: bytes),
        message: Message.notXCResult(JSONProblem.describe(error, in: bytes)))
    }
    let devices = raw.devices.map {
      Device(
        deviceName: $0.deviceName, modelName: $0.modelName ?? $0.deviceName, platform: $0.platform ?? "",
        osVersion: $0.osVersion)
    }
    var cases: [TestCaseResult] = []
    var walk = Walk(onlyDevice: devices.count == 1 ? devices[0].deviceName : nil)
    for (index, node) in raw.testNodes.enumerated() {
      walk.path = ["testNodes", String(index)]
      collect(node, bundle: "", suite: "", walk: &walk, into: &cases)
      if walk.tooLong != nil { break }
    }
    if let (part, size, at) = walk.tooLong {
      // A name is matched against the plan's items, so its length is bounded where it is read.
      throw Diagnostic(
        path: path, location: YAML.location(of: at, in: bytes),
        message: TestCaseResult.Message.nameTooLong(part, bytes: size) + " (at \(at.joined(separator: ".")))")
    }
    return XCResultTests(devices: devices, cases: cases)
  }

  /// Where ``collect(_:bundle:suite:walk:into:)`` is in the tree, and the first name over
  /// ``TestCaseResult/maxNameBytes``: which part, its size and the coding path of its node's `name`.
  private struct Walk {
    var onlyDevice: String?
    var path: [String] = []
    var tooLong: (part: String, bytes: Int, at: [String])?
  }

  private static func collect(
    _ node: Node, bundle: String, suite: String, walk: inout Walk, into cases: inout [TestCaseResult]
  ) {
    let onlyDevice = walk.onlyDevice
    func children(bundle: String, suite: String) {
      let here = walk.path
      for (index, child) in (node.children ?? []).enumerated() where walk.tooLong == nil {
        walk.path = here + ["children", String(index)]
        collect(child, bundle: bundle, suite: suite, walk: &walk, into: &cases)
      }
      walk.path = here
    }
    switch node.nodeType {
    case "Unit test bundle", "UI test bundle":
      if tooLong("suite", node.name, &walk) { return }
      children(bundle: node.name, suite: "")
    case "Test Suite":
      let name = suite.isEmpty ? node.name : "\(suite).\(node.name)"
      if tooLong("class", name, &walk) { return }
      children(bundle: bundle, suite: name)
    case "Test Case":
      if tooLong("name", node.name, &walk) { return }
      let perDevice = (node.children ?? []).filter { $0.nodeType == "Device" }
      let runs = perDevice.isEmpty ? [(node, onlyDevice)] : perDevice.map { ($0, Optional($0.name)) }
      for (run, device) in runs {
        cases.append(
          TestCaseResult(
            suite: bundle, classname: suite, name: node.name, outcome: outcome(run.result),
            message: message(run) ?? message(node), deviceName: device,
            isExpectedFailure: run.result == Result.expectedFailure,
            duration: run.durationInSeconds ?? node.durationInSeconds))
      }
    default:
      children(bundle: bundle, suite: suite)
    }
  }

  /// Whether `name` is over ``TestCaseResult/maxNameBytes``; if so the walk stops there, at the node's
  /// `name`.
  private static func tooLong(_ part: String, _ name: String, _ walk: inout Walk) -> Bool {
    let bytes = name.utf8.count
    guard bytes > TestCaseResult.maxNameBytes else { return false }
    walk.tooLong = (part, bytes, walk.path + ["name"])
    return true
  }

  /// The `result` spellings of xcresulttool's test nodes that qapass maps.
  enum Result {
    static let passed = "Passed"
    static let skipped = "Skipped"
    static let expectedFailure = "Expected Failure"
  }

  /// `Passed` passes; `Skipped` is skipped; `Failed`, `Expected Failure` (an `XCTExpectFailure` whose
  /// failure happened: a known issue the test still sees) and anything else fail. An `XCTExpectFailure`
  /// whose failure did not happen is `Failed` already (XCTest fails a strict expectation that is not met).
  private static func outcome(_ result: String?) -> Outcome {
    switch result {
    case Result.passed: .pass
    case Result.skipped: .skipped
    default: .fail
    }
  }

  private static func message(_ node: Node) -> String? {
    for child in node.children ?? [] {
      if child.nodeType == "Failure Message" || child.nodeType == "Skip Message" {
        return TestCaseResult.firstLine(child.name)
      }
      if child.nodeType != "Device", let nested = message(child) { return nested }
    }
    return nil
  }

  enum Message {
    static func notXCResult(_ problem: String) -> String {
      "not the JSON of 'xcrun xcresulttool get test-results tests': \(problem)"
    }
  }

  private struct Raw: Decodable {
    var devices: [RawDevice]
    var testNodes: [Node]
  }

  private struct RawDevice: Decodable {
    var deviceName: String
    var modelName: String?
    var platform: String?
    var osVersion: String
  }

  private struct Node: Decodable {
    var name: String
    var nodeType: String
    var result: String?
    var durationInSeconds: Double?
    var children: [Node]?
  }
}
