import Effects

/// A session resolved to one simulator on this Mac.
package struct SimulatorDestination: Hashable, Sendable {
  /// The session.
  package var session: SimulatorSession
  /// The simulator chosen.
  package var device: SimulatorDevice
  /// Why this one among several candidates, when there was a choice (`2 simulators named 'iPhone 17 Pro'
  /// on iOS 26.2; the booted one`).
  package var choice: String?

  /// Creates a destination.
  package init(session: SimulatorSession, device: SimulatorDevice, choice: String? = nil) {
    self.session = session
    self.device = device
    self.choice = choice
  }

  /// The value of `xcodebuild -destination`: `platform=iOS Simulator,id=<UDID>`.
  package var destination: String { "platform=\(device.runtime.platform) Simulator,id=\(device.udid)" }

  /// The argument pair as a shell would take it: `-destination 'platform=iOS Simulator,id=<UDID>'`.
  package var xcodebuildArguments: String { ShellCommand(["-destination", destination]).text }
}
