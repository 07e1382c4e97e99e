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
  /// The iOS runtimes of the Mac, oldest first.
  package var iOSRuntimes: [SimulatorRuntime] = []

  /// One sentence naming the session, what it needs and what is installed.
  package var description: String {
    "session '\(session.id)': \(need(hint: true)); installed: \(installed)"
  }

  /// Why the session's items were not run on this Mac, short enough to stand beside each item in a
  /// report: what is missing and the iOS runtimes the Mac has.
  ///
  /// ```swift
  /// let session = SimulatorSession(
  ///   id: "sim-iphone-17-pro.27.x", device: "sim-iphone-17-pro", model: "iPhone 17 Pro", os: "27.x")
  /// let prefix = "com.apple.CoreSimulator.SimRuntime.iOS-"
  /// let runtimes = ["26-2", "26-4", "26-5"].map { SimulatorRuntime(identifier: prefix + $0) }
  /// let error = ResolutionError(
  ///   session: session, reason: .noRuntime, installed: "'iPhone 17 Pro' on iOS 26.2, iOS 26.4, iOS 26.5",
  ///   iOSRuntimes: runtimes)
  /// error.notRun(on: "runner image macos26 20260610.0145.2")
  /// // not run: no available 'iPhone 17 Pro' simulator runs iOS 27.x on this Mac (runner image
  /// // macos26 20260610.0145.2; iOS runtimes: 26.2, 26.4, 26.5)
  /// ```
  ///
  /// - Parameter host: What the Mac is, when known (a CI runner's image), said beside the runtimes.
  package func notRun(on host: String? = nil) -> String {
    let runtimes = iOSRuntimes.isEmpty ? "none" : iOSRuntimes.map(\.versionText).joined(separator: ", ")
    let facts = (host.map { [$0] } ?? []) + ["iOS runtimes: \(runtimes)"]
    return "not run: \(need(hint: false)) on this Mac (\(facts.joined(separator: "; ")))"
  }

  /// What the session needs that is missing, with how to install it when `hint`.
  private func need(hint: Bool) -> String {
    switch reason {
    case .noModel: return "no iOS simulator '\(session.model)' is installed"
    case .modelUnavailable: return "every '\(session.model)' simulator is unavailable"
    case .noRuntime:
      let runs = "no available '\(session.model)' simulator runs iOS \(session.os)"
      return hint ? "\(runs) (\(Self.runtimeHint(session.os)))" : runs
    case .badOS: return "'\(session.os)' is not an OS version"
    }
  }

  private static func runtimeHint(_ os: String) -> String {
    "install the runtime in Xcode > Settings > Components, or create the simulator with "
      + "'xcrun simctl create'"
  }
}
