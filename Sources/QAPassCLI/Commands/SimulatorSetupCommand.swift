import QAPassWorkflow

/// `qapass simulator-setup SESSION`: the commands that prepare a simulator for a session's keyboard items.
enum SimulatorSetupCommand: Subcommand {
  static let spec = CommandSpec(
    name: "simulator-setup",
    abstract: "Print (or, with --apply on macOS, run) the commands that prepare a simulator for a session.",
    discussion: """
      Resolves the session to a simulator on this Mac as 'qapass destinations' does, then prints the
      commands: boot it; enable the session's keyboards through the AppleKeyboards preference; set
      the language and region when the session's matrix cell has 'language' or 'region'; turn off
      Simulator's Connect Hardware Keyboard; reboot so the settings are read. Then what the tester
      must confirm by eye: that the hardware keyboard is really off (whether the preference still
      takes effect is unverified), that the keyboards are listed, and that the keyboard under test
      is active (it cannot be set from outside). --apply runs the commands, on macOS only.
      """,
    arguments: [
      .init(name: "session", help: "The session id, such as sim-iphone-17-pro.26.x.", isOptional: false)
    ],
    options: [
      MatrixInput.matrixOption,
      MatrixInput.maxCombinations,
      MatrixInput.checklistsOption,
      SimulatorInput.simctlOption,
      SimulatorInput.destinationsOption,
      .flag("apply", help: "Run the commands (macOS only) instead of printing them."),
    ])

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    var inputs = Workflow.SimulatorSetupInputs(
      source: try MatrixInput.source(arguments, matrix: arguments.value("matrix")),
      session: arguments.positional(0)!)
    inputs.inventory = SimulatorInput.inventory(arguments)
    inputs.apply = arguments.flag("apply")
    return try workflow.simulatorSetup(inputs)
  }
}
