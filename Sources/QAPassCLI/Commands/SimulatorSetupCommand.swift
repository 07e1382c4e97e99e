import Diagnostics
import Simulators

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
      .value("matrix", "<file>", help: "The matrix file (default matrices/default.yaml)."),
      MatrixInput.maxCombinations,
      PublishPath.checklistsOption,
      SimulatorInput.simctlOption,
      SimulatorInput.destinationsOption,
      .flag("apply", help: "Run the commands (macOS only) instead of printing them."),
    ])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    var planArguments = arguments
    planArguments.positionals = [arguments.value("matrix") ?? PublishPath.defaultMatrix]
    let (file, options) = try PlanCommand.loadFile(planArguments, context)
    let plan = try PlanCommand.makePlan(file, options)
    let session = try sessions(
      SimulatorSession.sessions(of: plan, file: file), named: [arguments.positional(0)!])[0]
    let inventory = try SimulatorInput.inventory(arguments, context)
    let destination: SimulatorDestination
    do {
      destination = try DestinationResolver.resolve(session, in: inventory)
    } catch {
      context.console.err("error: \(error.description)\n")
      return .dataError
    }
    let setup = SimulatorSetup(destination)
    guard arguments.flag("apply") else {
      context.console.out(setup.script)
      return .success
    }
    let report = SimulatorSetupRun.apply(setup, runner: context.runner)
    context.console.out(report.text)
    return report.failure == nil ? .success : .failure
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
}
