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
      --allow-missing prints the sessions that resolve, warns about the others and succeeds, even
      when none resolves (a CI job given one session then prints no destination: an empty table,
      [] or an empty 'include'). With --record-missing FILE as well, each item of a session that
      does not resolve is recorded in FILE as blocked, with why it was not run ("not run: no
      available 'iPhone 17 Pro' simulator runs iOS 27.x on this Mac (iOS runtimes: 26.2, 26.4)"),
      so the report lists it as not run with the reason, never as failed; an item that already has
      a current result in the sheets or in --observations keeps it and is not recorded.
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
      .flag(
        "allow-missing",
        help: "Print the sessions that resolve, only warn about the others, and succeed even when none does."),
      .value(
        "record-missing", "<path>",
        help:
          "Record each item of a session that does not resolve as blocked, with why, in this records file."),
      followOutputLinksOption,
      .value(
        "tester", "<name>",
        help: "Who those records name (default \(Workflow.DestinationsInputs.notRunTester))."),
      MatrixInput.observationsOption,
    ],
    rules: [
      .needs(
        ["record-missing"], anyOf: ["allow-missing"],
        because: "a session that does not resolve is an error without it, and nothing is recorded"),
      .needs(
        ["tester", "observations"], anyOf: ["record-missing"],
        because: "they are for the records of the sessions that do not resolve"),
    ])

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    var inputs = Workflow.DestinationsInputs(
      source: try MatrixInput.source(arguments, matrix: try MatrixInput.matrix(arguments)))
    inputs.inventory = SimulatorInput.inventory(arguments)
    inputs.format = arguments.value("format").flatMap(DestinationList.Format.init(rawValue:)) ?? .table
    inputs.sessions = arguments.all("session")
    inputs.allowMissing = arguments.flag("allow-missing")
    inputs.recordMissing = arguments.value("record-missing")
    inputs.tester = arguments.value("tester")
    inputs.observations = arguments.value("observations")
    return try workflow.destinations(inputs)
  }
}
