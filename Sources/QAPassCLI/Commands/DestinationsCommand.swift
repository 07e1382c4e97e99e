import Diagnostics
import Simulators

/// `qapass destinations FILE`: the `xcodebuild -destination` of each simulator session on this Mac.
enum DestinationsCommand: Subcommand {
  static let spec = CommandSpec(
    name: "destinations",
    abstract:
      "Resolve each simulator session to a simulator installed on this Mac (its xcodebuild -destination).",
    discussion: """
      For each simulator session of the plan, picks an available simulator of the device's model
      (by name, or by device type when it was renamed) on the newest runtime that is a release of
      the session's OS: 26.x takes the highest installed iOS 26 runtime. Prints, per session,
      -destination 'platform=iOS Simulator,id=UDID' for 'xcodebuild test'. The UDIDs are valid on
      this Mac only: qapass prints them and never writes them to a file. '--format github-matrix'
      prints the same rows as a GitHub Actions 'include' list, to run on the macOS runner itself.
      When a session has no simulator, the error lists what is installed (exit 65).
      """,
    arguments: [MatrixInput.fileArgument],
    options: [
      MatrixInput.maxCombinations,
      SimulatorInput.simctlOption,
      SimulatorInput.destinationsOption,
      .value(
        "format", "<format>", help: "Output format (default table).",
        choices: DestinationList.Format.allCases.map(\.rawValue)),
      .value("session", "<id>", help: "Resolve this session only.", repeatable: true),
      .flag("allow-missing", help: "Print the sessions that resolve and only warn about the others."),
    ])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let (file, options) = try PlanCommand.loadFile(arguments, context)
    let plan = try PlanCommand.makePlan(file, options)
    let sessions = try SimulatorSetupCommand.sessions(
      SimulatorSession.sessions(of: plan, file: file), named: arguments.all("session"))
    if sessions.isEmpty {
      context.console.err("error: the plan has no simulator sessions (no device has 'kind: simulator')\n")
      return .dataError
    }
    let inventory = try SimulatorInput.inventory(arguments, context)
    let list = DestinationList(sessions: sessions, inventory: inventory)
    let format = arguments.value("format").flatMap(DestinationList.Format.init(rawValue:)) ?? .table
    for failure in list.failures {
      let severity = arguments.flag("allow-missing") ? "warning" : "error"
      context.console.err("\(severity): \(failure.description)\n")
    }
    if !list.failures.isEmpty, !arguments.flag("allow-missing") { return .dataError }
    if list.destinations.isEmpty {
      context.console.err("error: no simulator session resolved on this Mac\n")
      return .dataError
    }
    context.console.out(list.render(format))
    return .success
  }
}
