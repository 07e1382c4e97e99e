import Diagnostics
import Observations
import QAModel
import Reporting
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
    /// The records file that a `blocked` observation of each item of a session that does not resolve
    /// is appended to, its reason saying why (`nil`: nothing is recorded).
    package var recordMissing: String?
    /// Who those observations name (default ``notRunTester``).
    package var tester: String?
    /// Where recorded observation files live (`nil`: `observations`): an item with a current result
    /// there or in its sheet keeps it, and gets no `blocked` observation.
    package var observations: String?

    /// Creates the inputs; the other options start at their defaults.
    package init(source: PlanSource) {
      self.source = source
    }

    /// The tester of the observations `recordMissing` appends when none is given.
    package static let notRunTester = "destinations"

    /// The saved simctl output read, and with `recordMissing` the observations read and the records file.
    var files: [FileRoles.Declaration] {
      guard let recordMissing else { return inventory.files }
      return inventory.files + [
        .inputs(in: source.checklists ?? Defaults.checklists, suffix: Checklist.sheetSuffix),
        .inputs(in: observations ?? Defaults.observations, suffix: ".yaml"),
        .store(recordMissing),
      ]
    }
  }

  /// `qapass destinations`: resolves each simulator session to a simulator installed on this Mac and
  /// prints its `xcodebuild -destination`.
  ///
  /// With `allowMissing`, a session that does not resolve is a warning and the command succeeds,
  /// whether or not another session resolved (a CI job given one session then prints no destination);
  /// with `recordMissing` too, each item of such a session that has no current result is recorded as
  /// `blocked`, with why it was not run, so the report lists it as not run, never as failed.
  ///
  /// - Returns: The destinations; the status is 65 when a session does not resolve, or none does,
  ///   unless `allowMissing`.
  package func destinations(_ inputs: DestinationsInputs) throws -> UseCaseResult<DestinationList?> {
    try begin(inputs.files)
    let loaded = try loadPlan(inputs.source)
    let sessions = try Self.sessions(
      SimulatorSession.sessions(of: loaded.plan, file: loaded.file), named: inputs.sessions)
    if sessions.isEmpty {
      say(
        "error: the plan has no simulator sessions (no device has 'kind: simulator')\n", onStandardError: true
      )
      return finished(nil, .dataError)
    }
    let inventory = try simulatorInventory(inputs.inventory)
    let list = DestinationList(sessions: sessions, inventory: inventory)
    for failure in list.failures {
      say("\(inputs.allowMissing ? "warning" : "error"): \(failure.description)\n", onStandardError: true)
    }
    if !list.failures.isEmpty, !inputs.allowMissing { return finished(list, .dataError) }
    if list.destinations.isEmpty {
      say(
        "\(inputs.allowMissing ? "warning" : "error"): no simulator session resolved on this Mac\n",
        onStandardError: true)
      if !inputs.allowMissing { return finished(list, .dataError) }
    }
    if let path = inputs.recordMissing, !list.failures.isEmpty {
      try recordNotRun(list.failures, loaded: loaded, to: path, inputs)
    }
    writeStandardOutput(list.render(inputs.format))
    return finished(list)
  }

  /// Appends a `blocked` observation of each item of the sessions in `failures` that has no current
  /// result, with why the session was not run on this Mac; the items that have one keep it.
  func recordNotRun(
    _ failures: [ResolutionError], loaded: LoadedPlan, to path: String, _ inputs: DestinationsInputs
  ) throws {
    let found = observationFiles(
      checklists: inputs.source.checklists ?? Defaults.checklists,
      observations: inputs.observations ?? Defaults.observations)
    let ingested = ingest(
      try observableCatalog(loaded), files: found.files, earlier: found.problems)
    let environment = console.environment
    // GitHub-hosted runners name their image (actions/runner-images): said beside each reason.
    let host = environment["ImageOS"].map { os in
      "runner image \([os, environment["ImageVersion"]].compactMap { $0 }.joined(separator: " "))"
    }
    let now = Timestamp.now(clock)
    let tester = inputs.tester ?? DestinationsInputs.notRunTester
    var observations: [Observation] = []
    for failure in failures {
      let items = ingested.items.filter { $0.item.session.description == failure.session.id }
      let open = items.filter { !$0.status.isResult }
      let note = failure.notRun(on: host)
      observations += open.map {
        Observation(
          item: $0.item, result: .blocked, tester: tester, time: now, build: loaded.plan.build, note: note)
      }
      say(
        DestinationsMessage.recordedNotRun(open.count, of: items.count, failure.session.id, path, note),
        onStandardError: true)
    }
    let records = try storeFile(path, createFolders: false)
    guard !observations.isEmpty else { return }
    do {
      try ObservationStore.append(observations, to: records, files: files)
    } catch {
      throw observationError(error)
    }
    if !context.written.contains(path) { context.written.append(path) }
  }

  enum DestinationsMessage {
    /// What `--record-missing` recorded for one session that did not resolve.
    static func recordedNotRun(_ count: Int, of total: Int, _ session: String, _ path: String, _ note: String)
      -> String
    {
      let kept = total > count ? " (\(total - count) with a current result keep it)" : ""
      return
        "recorded \(count) item\(count == 1 ? "" : "s") of session '\(session)' as \(Outcome.blocked) in "
        + "\(path)\(kept): \(note)\n"
    }
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

  /// `qapass simulator-setup`: prints on standard output (or, with `apply`, runs through the injected
  /// runner and says what they did) the commands that prepare a simulator for a session's keyboard items.
  ///
  /// - Returns: The set-up; the status is 65 when the session does not resolve, 1 when a command failed.
  package func simulatorSetup(_ inputs: SimulatorSetupInputs) throws -> UseCaseResult<SimulatorSetup?> {
    try begin(inputs.inventory.files)
    let loaded = try loadPlan(inputs.source)
    let session = try Self.sessions(
      SimulatorSession.sessions(of: loaded.plan, file: loaded.file), named: [inputs.session])[0]
    let inventory = try simulatorInventory(inputs.inventory)
    let destination: SimulatorDestination
    do {
      destination = try DestinationResolver.resolve(session, in: inventory)
    } catch {
      say("error: \(error.description)\n", onStandardError: true)
      return finished(nil, .dataError)
    }
    let setup = SimulatorSetup(destination)
    guard inputs.apply else {
      writeStandardOutput(setup.script)
      return finished(setup)
    }
    let report = SimulatorSetupRun.apply(setup, runner: runner)
    say(report.text)
    return finished(setup, report.failure == nil ? .success : .failure)
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
