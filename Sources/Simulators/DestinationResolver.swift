import MatrixFormat
import QAModel

/// Picks the simulator for each session from what is installed.
///
/// A device qualifies when it is available, runs iOS, and is the session's model: its name is the model,
/// or its device type is (a renamed `iPhone 17 Pro` still counts). Among those, the newest runtime that is
/// a release of the session's OS wins (`26.x` takes the highest installed 26 runtime); among devices of
/// that runtime, one whose name is the model, then a booted one, then the lowest UDID, so the same
/// inventory always gives the same choice.
///
/// ```swift
/// let json = """
///   {"devices": {"com.apple.CoreSimulator.SimRuntime.iOS-26-2": [
///     {"udid": "6F1C2A3B-4D5E-4F60-8A9B-26020000C001", "name": "iPhone 17 Pro", "isAvailable": true,
///      "deviceTypeIdentifier": "com.apple.CoreSimulator.SimDeviceType.iPhone-17-Pro"}]}}
///   """
/// let inventory = try SimulatorInventory.parse(path: "simctl.json", bytes: Array(json.utf8))
/// let session = SimulatorSession(
///   id: "sim-iphone-17-pro.26.x", device: "sim-iphone-17-pro", model: "iPhone 17 Pro", os: "26.x",
///   keyboards: ["zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic"])
/// let destination = try DestinationResolver.resolve(session, in: inventory)
/// destination.xcodebuildArguments   // -destination 'platform=iOS Simulator,id=6F1C2A3B-…'
/// ```
package enum DestinationResolver {
  /// The simulator for `session`.
  ///
  /// - Parameters:
  ///   - session: The session.
  ///   - inventory: The simulators on this Mac.
  /// - Returns: The destination, with the reason for the choice when several simulators qualified.
  /// - Throws: ``ResolutionError`` with what is installed when nothing qualifies.
  /// - Complexity: O(*n* log *n*) in the number of devices.
  package static func resolve(
    _ session: SimulatorSession, in inventory: SimulatorInventory
  ) throws(ResolutionError) -> SimulatorDestination {
    guard let os = OSVersion(session.os), !os.parts.isEmpty else {
      throw ResolutionError(
        session: session, reason: .badOS, installed: inventory.summary, iOSRuntimes: inventory.iOSRuntimes)
    }
    let models = inventory.devices.filter {
      $0.runtime.platform == "iOS" && ($0.name == session.model || $0.hasDeviceType(named: session.model))
    }
    let available = models.filter(\.isAvailable)
    guard !available.isEmpty else {
      let reason: ResolutionError.Reason = models.isEmpty ? .noModel : .modelUnavailable
      throw ResolutionError(
        session: session, reason: reason, installed: inventory.summary, iOSRuntimes: inventory.iOSRuntimes)
    }
    let matching = available.filter { $0.runtime.matches(os.parts) }
    guard let newest = matching.map(\.runtime).max() else {
      throw ResolutionError(
        session: session, reason: .noRuntime, installed: inventory.summary, iOSRuntimes: inventory.iOSRuntimes
      )
    }
    let candidates = matching.filter { $0.runtime == newest }.sorted { a, b in
      let aName = a.name == session.model
      let bName = b.name == session.model
      if aName != bName { return aName }
      let aBooted = a.state == "Booted"
      let bBooted = b.state == "Booted"
      if aBooted != bBooted { return aBooted }
      return a.udid < b.udid
    }
    let chosen = candidates[0]
    var choice: String?
    if candidates.count > 1 {
      let why =
        chosen.state == "Booted" && candidates[1].state != "Booted"
        ? "the booted one"
        : chosen.name == session.model && candidates[1].name != session.model
          ? "the one named so" : "the lowest UDID"
      choice = "\(candidates.count) simulators of '\(session.model)' on \(newest); \(why)"
    }
    return SimulatorDestination(session: session, device: chosen, choice: choice)
  }

  /// Every session resolved, in order; the sessions that cannot be resolved are returned as errors.
  package static func resolveAll(
    _ sessions: [SimulatorSession], in inventory: SimulatorInventory
  ) -> [Result<SimulatorDestination, ResolutionError>] {
    sessions.map { session in Result { () throws(ResolutionError) in try resolve(session, in: inventory) } }
  }
}
