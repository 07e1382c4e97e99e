import Diagnostics
import Simulators

extension Workflow {
  /// Where the list of installed simulators comes from.
  package struct SimulatorInventorySource: Sendable {
    /// Saved output of `xcrun simctl list devices available --json` (`nil`: run it; macOS only).
    package var simctlJSON: String?
    /// Saved output of `xcodebuild -showdestinations -scheme S`.
    package var xcodebuildDestinations: String?

    /// The saved outputs named, as inputs.
    var files: [FileRoles.Declaration] {
      [simctlJSON, xcodebuildDestinations].compactMap { $0 }.map(FileRoles.Declaration.input)
    }

    /// Creates the source; with neither file, simctl is run.
    package init(simctlJSON: String? = nil, xcodebuildDestinations: String? = nil) {
      self.simctlJSON = simctlJSON
      self.xcodebuildDestinations = xcodebuildDestinations
    }
  }

  /// The inputs of ``destinations(_:)``.
  package struct DestinationsInputs: Sendable {
    /// The matrix file and planning overrides.
    package var source: PlanSource
    /// The installed simulators.
    package var inventory = SimulatorInventorySource()
    /// The output format.
    package var format: DestinationList.Format = .table
    /// The sessions to resolve (all when empty).
    package var sessions: [String] = []
    /// Print the sessions that resolve and only warn about the others.
    package var allowMissing = false

    /// Creates the inputs; the other options start at their defaults.
    package init(source: PlanSource) {
      self.source = source
    }
  }

  /// `qapass destinations`: resolves each simulator session to a simulator installed on this Mac and
  /// prints its `xcodebuild -destination`.
  ///
  /// - Returns: The destinations; the status is 65 when a session does not resolve (unless
  ///   `allowMissing`) or none does.
  package func destinations(_ inputs: DestinationsInputs) throws -> Completion<DestinationList?> {
    try begin(inputs.inventory.files)
    let loaded = try loadPlan(inputs.source)
    let sessions = try Self.sessions(
      SimulatorSession.sessions(of: loaded.plan, file: loaded.file), named: inputs.sessions)
    if sessions.isEmpty {
      console.err("error: the plan has no simulator sessions (no device has 'kind: simulator')\n")
      return completion(nil, .dataError)
    }
    let inventory = try simulatorInventory(inputs.inventory)
    let list = DestinationList(sessions: sessions, inventory: inventory)
    for failure in list.failures {
      console.err("\(inputs.allowMissing ? "warning" : "error"): \(failure.description)\n")
    }
    if !list.failures.isEmpty, !inputs.allowMissing { return completion(list, .dataError) }
    if list.destinations.isEmpty {
      console.err("error: no simulator session resolved on this Mac\n")
      return completion(list, .dataError)
    }
    console.out(list.render(inputs.format))
    return completion(list)
  }

  /// The inputs of ``simulatorSetup(_:)``.
  package struct SimulatorSetupInputs: Sendable {
    /// The matrix file (no matrix: the one the checklists were made from) and planning overrides.
    package var source: PlanSource
    /// The session id, such as `sim-iphone-17-pro.26.x`.
    package var session: String
    /// The installed simulators.
    package var inventory = SimulatorInventorySource()
    /// Run the commands (macOS only) instead of printing them.
    package var apply = false

    /// Creates the inputs; the other options start at their defaults.
    package init(source: PlanSource, session: String) {
      self.source = source
      self.session = session
    }
  }

  /// `qapass simulator-setup`: prints (or, with `apply`, runs through the injected runner) the commands
  /// that prepare a simulator for a session's keyboard items.
  ///
  /// - Returns: The set-up; the status is 65 when the session does not resolve, 1 when a command failed.
  package func simulatorSetup(_ inputs: SimulatorSetupInputs) throws -> Completion<SimulatorSetup?> {
    try begin(inputs.inventory.files)
    let loaded = try loadPlan(inputs.source)
    let session = try Self.sessions(
      SimulatorSession.sessions(of: loaded.plan, file: loaded.file), named: [inputs.session])[0]
    let inventory = try simulatorInventory(inputs.inventory)
    let destination: SimulatorDestination
    do {
      destination = try DestinationResolver.resolve(session, in: inventory)
    } catch {
      console.err("error: \(error.description)\n")
      return completion(nil, .dataError)
    }
    let setup = SimulatorSetup(destination)
    guard inputs.apply else {
      console.out(setup.script)
      return completion(setup)
    }
    let report = SimulatorSetupRun.apply(setup, runner: runner)
    console.out(report.text)
    return completion(setup, report.failure == nil ? .success : .failure)
  }

  /// The sessions named (all of them when none is), or a usage error listing the simulator sessions.
  static func sessions(
    _ sessions: [SimulatorSession], named names: [String]
  ) throws(UsageError) -> [SimulatorSession] {
    if names.isEmpty { return sessions }
    return try names.map { name throws(UsageError) in
      if let session = sessions.first(where: { $0.id == name }) { return session }
      let ids = sessions.map(\.id)
      let hint = ids.isEmpty ? "; the plan has no simulator sessions" : Suggestion.hint(for: name, among: ids)
      throw UsageError("unknown simulator session '\(name)'\(hint)")
    }
  }

  /// The simulators of this Mac: read from the saved output named, or listed by running simctl.
  func simulatorInventory(_ source: SimulatorInventorySource) throws -> SimulatorInventory {
    if let path = source.xcodebuildDestinations {
      guard source.simctlJSON == nil else {
        throw UsageError("'--simctl-json' and '--xcodebuild-destinations' are two sources; give one")
      }
      return try SimulatorInventory.parseShowDestinations(path: path, bytes: try read(path))
    }
    if let path = source.simctlJSON {
      return try SimulatorInventory.parse(path: path, bytes: try read(path))
    }
    let command = SimulatorInventory.command
    let bytes: [UInt8]
    do {
      bytes = try runner.run(command)
    } catch {
      throw UsageError("\(error.description); elsewhere, pass '--simctl-json <path>' with its saved output")
    }
    return try SimulatorInventory.parse(path: "<\(command.joined(separator: " "))>", bytes: bytes)
  }
}
