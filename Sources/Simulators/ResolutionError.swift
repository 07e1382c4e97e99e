/// A session no installed simulator can serve, with what is installed instead.
package struct ResolutionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Why nothing qualified.
  package enum Reason: Hashable, Sendable {
    /// No iOS simulator of the model is installed.
    case noModel
    /// Simulators of the model exist, but none is available (their runtime is missing).
    case modelUnavailable
    /// The model is installed, but not on any runtime of the session's OS.
    case noRuntime
    /// The session's OS is not a version.
    case badOS
  }

  /// The session.
  package var session: SimulatorSession
  /// Why.
  package var reason: Reason
  /// ``SimulatorInventory/summary`` of the Mac.
  package var installed: String

  /// One sentence naming the session, what it needs and what is installed.
  package var description: String {
    let need: String
    switch reason {
    case .noModel: need = "no iOS simulator '\(session.model)' is installed"
    case .modelUnavailable: need = "every '\(session.model)' simulator is unavailable"
    case .noRuntime:
      need =
        "no available '\(session.model)' simulator runs iOS \(session.os) (\(Self.runtimeHint(session.os)))"
    case .badOS: need = "'\(session.os)' is not an OS version"
    }
    return "session '\(session.id)': \(need); installed: \(installed)"
  }

  private static func runtimeHint(_ os: String) -> String {
    "install the runtime in Xcode > Settings > Components, or create the simulator with "
      + "'xcrun simctl create'"
  }
}
