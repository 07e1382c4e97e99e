import QAPassWorkflow
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
      MatrixInput.checklistsOption,
      SimulatorInput.simctlOption,
      SimulatorInput.destinationsOption,
      .value(
        "format", "<format>", help: "Output format (default table).",
        choices: DestinationList.Format.allCases.map(\.rawValue)),
      .value("session", "<id>", help: "Resolve this session only.", repeatable: true),
      .flag("allow-missing", help: "Print the sessions that resolve and only warn about the others."),
    ])

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> ExitCode {
    var inputs = Workflow.DestinationsInputs(
      source: try MatrixInput.source(arguments, matrix: try MatrixInput.matrix(arguments)))
    inputs.inventory = SimulatorInput.inventory(arguments)
    inputs.format = arguments.value("format").flatMap(DestinationList.Format.init(rawValue:)) ?? .table
    inputs.sessions = arguments.all("session")
    inputs.allowMissing = arguments.flag("allow-missing")
    return try workflow.destinations(inputs).status
  }
}
