/// A session resolved to one simulator on this Mac.
public struct SimulatorDestination: Hashable, Sendable {
  /// The session.
  public var session: SimulatorSession
  /// The simulator chosen.
  public var device: SimulatorDevice
  /// Why this one among several candidates, when there was a choice (`2 simulators named 'iPhone 17 Pro'
  /// on iOS 26.2; the booted one`).
  public var choice: String?

  /// Creates a destination.
  public init(session: SimulatorSession, device: SimulatorDevice, choice: String? = nil) {
    self.session = session
    self.device = device
    self.choice = choice
  }

  /// The value of `xcodebuild -destination`: `platform=iOS Simulator,id=<UDID>`.
  public var destination: String { "platform=\(device.runtime.platform) Simulator,id=\(device.udid)" }

  /// The argument pair as a shell would take it: `-destination 'platform=iOS Simulator,id=<UDID>'`.
  public var xcodebuildArguments: String { "-destination '\(destination)'" }
}
