import Diagnostics
import Foundation
import TextFormats
import YAMLDecoding

/// The simulators installed on a Mac, as `xcrun simctl list devices available --json` lists them.
///
/// The JSON is an object `devices` whose keys are runtime identifiers and whose values are the devices of
/// that runtime (`udid`, `name`, `state`, `isAvailable`, `availabilityError`, `deviceTypeIdentifier`,
/// `dataPath`, `logPath`, …). With `available` simctl leaves out unavailable devices; without it they
/// come with `isAvailable: false` and the reason. Either form is read; unavailable devices never match.
///
/// ```swift
/// let json = """
///   {"devices": {"com.apple.CoreSimulator.SimRuntime.iOS-26-2": [
///     {"udid": "6F1C2A3B-4D5E-4F60-8A9B-26020000C001", "name": "iPhone 17 Pro", "isAvailable": true,
///      "deviceTypeIdentifier": "com.apple.CoreSimulator.SimDeviceType.iPhone-17-Pro"}]}}
///   """
/// let inventory = try SimulatorInventory.parse(path: "simctl.json", bytes: Array(json.utf8))
/// inventory.devices.filter(\.isAvailable).count   // 1
/// ```
package struct SimulatorInventory: Hashable, Sendable {
  /// Every device listed, ordered by runtime (oldest first) and then as simctl listed them.
  package var devices: [SimulatorDevice]
  /// Every runtime that has a key in the list, even one with no device, oldest first.
  package var runtimes: [SimulatorRuntime]

  /// Creates an inventory.
  package init(devices: [SimulatorDevice], runtimes: [SimulatorRuntime]) {
    self.devices = devices
    self.runtimes = runtimes
  }

  /// The command that prints the JSON this reads.
  package static let command = ["xcrun", "simctl", "list", "devices", "available", "--json"]

  /// Reads the output of ``command``.
  ///
  /// - Parameters:
  ///   - path: The file's name, for diagnostics.
  ///   - bytes: The JSON text.
  /// - Returns: The devices by runtime.
  /// - Throws: A `Diagnostic` when the text is not JSON of that shape, naming the member that is wrong.
  package static func parse(path: String, bytes: [UInt8]) throws(Diagnostic) -> SimulatorInventory {
    let list: Raw
    do {
      list = try JSONDecoder().decode(Raw.self, from: Data(bytes))
    } catch {
      let syntax = JSONProblem.codingPath(error) == nil ? JSONProblem.syntaxProblem(in: bytes) : nil
      throw Diagnostic(
        path: path,
        location: syntax.map { TextPosition(line: $0.line, column: $0.column) }
          ?? YAML.location(of: JSONProblem.codingPath(error), in: bytes),
        message: Message.notSimctl(JSONProblem.describe(error, in: bytes)))
    }
    let runtimes = list.devices.keys.map(SimulatorRuntime.init(identifier:)).sorted()
    var devices: [SimulatorDevice] = []
    for runtime in runtimes {
      for raw in list.devices[runtime.identifier] ?? [] {
        devices.append(
          SimulatorDevice(
            udid: raw.udid, name: raw.name, state: raw.state ?? "", isAvailable: raw.isAvailable ?? true,
            availabilityError: raw.availabilityError, deviceTypeIdentifier: raw.deviceTypeIdentifier,
            runtime: runtime))
      }
    }
    return SimulatorInventory(devices: devices, runtimes: runtimes)
  }

  /// The iOS runtimes listed, oldest first.
  package var iOSRuntimes: [SimulatorRuntime] { runtimes.filter { $0.platform == "iOS" } }

  /// What is installed, for an error message: each available model with its runtimes, then the
  /// runtimes whose devices are all unavailable, then those with no device at all.
  package var summary: String {
    let available = devices.filter(\.isAvailable)
    if available.isEmpty { return "no available simulators" }
    var names: [String] = []
    var runtimesByName: [String: [SimulatorRuntime]] = [:]
    for device in available {
      if runtimesByName[device.name] == nil { names.append(device.name) }
      if runtimesByName[device.name]?.contains(device.runtime) != true {
        runtimesByName[device.name, default: []].append(device.runtime)
      }
    }
    var parts = names.sorted().map { name in
      let runtimes = runtimesByName[name]!.sorted()
      return "'\(name)' on " + runtimes.map(\.description).joined(separator: ", ")
    }
    let unavailable = devices.filter { !$0.isAvailable }
    let idle = Set(unavailable.map(\.runtime)).subtracting(available.map(\.runtime)).sorted()
    for runtime in idle {
      let reason = unavailable.first { $0.runtime == runtime }?.availabilityError ?? "unavailable"
      parts.append("\(runtime) unavailable (\(reason))")
    }
    let listed = Set(devices.map(\.runtime))
    for runtime in runtimes where !listed.contains(runtime) { parts.append("\(runtime) with no simulator") }
    return parts.joined(separator: "; ")
  }

  enum Message {
    static func notSimctl(_ problem: String) -> String {
      "not the JSON of 'xcrun simctl list devices available --json': \(problem)"
    }
  }

  private struct Raw: Decodable {
    var devices: [String: [RawDevice]]
  }

  private struct RawDevice: Decodable {
    var udid: String
    var name: String
    var state: String?
    var isAvailable: Bool?
    var availabilityError: String?
    var deviceTypeIdentifier: String?
  }
}
