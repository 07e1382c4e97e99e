import Diagnostics
import Foundation
import ScenarioEngine

/// `qapass run FILE`: runs the automated items against the core (or the naive negative controls).
enum RunCommand: Subcommand {
  static let spec = CommandSpec(
    name: "run",
    abstract: "Run the automated items of a plan and print a summary; exit 0 when all pass, 1 otherwise.",
    discussion: """
      Each composition item types its input method's keystroke recipe into the real engine and replays
      it into the text-field model as iOS would, under the item's event-delivery variant, then checks
      the validator. For each failure the keystroke trace is printed with the field and validator
      state at each step. '--subject naive' runs the same items against deliberately naive
      implementations (they validate marked text, trust the button, play haptics at the wrong time):
      the negative control that shows the checks catch the bugs they are about. Both run through the
      same runner as an app's own code: the items are exported as a scenario pack and replayed;
      '--pack PATH' replays a pack exported earlier, with no input-method engine installed.
      """,
    arguments: [.init(name: "file", help: "The matrix file (optional with --pack).", isOptional: true)],
    options: [
      AutomatedSource.packOption,
      MatrixInput.maxCombinations,
      .value(
        "subject", "<subject>", help: "What to check (default core).",
        choices: Subject.allCases.map(\.rawValue)),
      .value("json", "<path>", help: "Also write the results as JSON to this file."),
      .value("junit", "<path>", help: "Also write the results as JUnit XML to this file."),
    ])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let subject = arguments.value("subject").flatMap(Subject.init(rawValue:)) ?? .core
    let report: RunReport
    if arguments.positionals.isEmpty {
      guard let path = arguments.value("pack") else { throw UsageError("missing argument <file>") }
      let loaded = try AutomatedSource.loadPack(path, context)
      report = AutomatedRun.run(pack: loaded.pack, subject: subject, fingerprint: loaded.fingerprint)
    } else {
      let plan = try PlanCommand.loadPlan(arguments, context)
      report = try AutomatedSource.reference(
        plan: plan, subject: subject, arguments: arguments, context: context)
    }
    if let path = arguments.value("json") { try context.write(report.json(), to: path) }
    if let path = arguments.value("junit") { try context.write(report.junitXML(), to: path) }
    var out = report.summaryText()
    for result in report.results where result.status != .pass {
      out += "\n\(result.status.rawValue.uppercased()) \(result.id)\n"
      for problem in result.problems { out += "  - \(problem)\n" }
      if !result.steps.isEmpty { out += RunReport.traceTable(result.steps) }
      for line in result.hapticLog { out += "  | \(line)\n" }
    }
    context.console.out(out)
    return report.summary.failures + report.summary.errors == 0 ? .success : .failure
  }
}
