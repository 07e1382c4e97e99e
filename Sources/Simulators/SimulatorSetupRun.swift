import Effects

/// What running a ``SimulatorSetup`` did: each command run, up to the first that failed.
package struct SimulatorSetupRun: Hashable, Sendable {
  /// The commands that ran and succeeded, in order.
  package var ran: [ShellCommand]
  /// The command that failed and why; `nil` when all ran.
  package var failure: CommandFailure?
  /// The setup run.
  package var setup: SimulatorSetup

  /// Runs the steps of `setup` in order with `runner`, stopping at the first failure.
  package static func apply(_ setup: SimulatorSetup, runner: any CommandRunner) -> SimulatorSetupRun {
    var run = SimulatorSetupRun(ran: [], failure: nil, setup: setup)
    for step in setup.steps {
      do {
        _ = try runner.run(step.command.arguments)
        run.ran.append(step.command)
      } catch {
        run.failure = error
        break
      }
    }
    return run
  }

  /// One line per command run, the failure if any, then what the tester must confirm.
  package var text: String {
    var out = ""
    for command in ran { out += "ran: \(command.text)\n" }
    if let failure {
      out += "failed: \(failure.description)\n"
      let command = ShellCommand(["qapass", "simulator-setup", setup.destination.session.id])
      out += "The remaining commands did not run; '\(command.text)' "
      out += "prints them all.\n"
      return out
    }
    out += "Now confirm on the simulator, before the checklist:\n"
    for (index, line) in setup.confirmations.enumerated() { out += "  \(index + 1). \(line)\n" }
    return out
  }
}
