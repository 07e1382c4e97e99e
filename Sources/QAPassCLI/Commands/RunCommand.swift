import Diagnostics
import Foundation
import Reporting
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

      A qapass built without the input-method engines (the Mac build) runs only the items that
      type no keystrokes and lists the others as not run (it then exits 2 when nothing failed),
      unless '--pack' replays them.
      """,
    arguments: [.init(name: "file", help: "The matrix file (optional with --pack).", isOptional: true)],
    options: [
      AutomatedSource.packOption,
      MatrixInput.maxCombinations,
      .value(
        "subject", "<subject>", help: "What to check (default core).",
        choices: Subject.allCases.map(\.rawValue)),
      .value(
        "json", "<path>",
        help: "Also write the results as JSON (report.json's schema) to this file ('-': stdout)."),
      .value(
        "junit", "<path>",
        help: "Also write the results as JUnit XML (junit.xml's identities) to this file ('-': stdout)."),
      CommandContext.createFoldersOption,
    ])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let subject = arguments.value("subject").flatMap(Subject.init(rawValue:)) ?? .core
    let createFolders = arguments.flag("create-folders")
    // An output that would be refused is refused before the items run, not after.
    for option in ["json", "junit"] {
      if let path = arguments.value(option) { try context.checkOutput(path, createFolders: createFolders) }
    }
    let report: RunReport
    var plan: Plan?
    if arguments.positionals.isEmpty {
      guard let path = arguments.value("pack") else { throw UsageError("missing argument <file>") }
      if arguments.value("json") != nil || arguments.value("junit") != nil {
        throw UsageError("'--json' and '--junit' report the plan's items: give the matrix FILE with '--pack'")
      }
      let loaded = try AutomatedSource.loadPack(path, context)
      report = AutomatedRun.run(pack: loaded.pack, subject: subject, fingerprint: loaded.fingerprint)
    } else {
      let loadedPlan = try PlanCommand.loadPlan(arguments, context)
      plan = loadedPlan
      report = try AutomatedSource.reference(
        plan: loadedPlan, subject: subject, arguments: arguments, context: context)
    }
    if let plan, arguments.value("json") != nil || arguments.value("junit") != nil {
      let results = AcceptanceReport.makeRun(
        plan: plan, run: report, generatedAt: PublishPath.sourceDateEpoch(context.console.environment),
        generatedFrom: PublishPath.sourceDateEpoch(context.console.environment) == nil
          ? .none : .sourceDateEpoch)
      if let path = arguments.value("json") {
        try context.write(
          JSONReportWriter.json(results).rendered(trailingNewline: true), to: path,
          createFolders: createFolders)
      }
      if let path = arguments.value("junit") {
        try context.write(JUnitReportWriter.xml(results), to: path, createFolders: createFolders)
      }
    }
    var out = report.summaryText()
    if let notRun = report.notRunExplanation { out += "\(notRun)\n" }
    for result in report.results where result.status != .pass {
      out += "\n\(result.status.rawValue.uppercased()) \(result.id)\n"
      for problem in result.problems { out += "  - \(problem)\n" }
      if !result.steps.isEmpty { out += DriverStep.traceTable(result.steps) }
      for line in result.hapticLog { out += "  | \(line)\n" }
    }
    // The results may themselves go to standard output (`--junit -`): the summary then goes to stderr.
    let toStandardOutput = ["json", "junit"].contains { ["-", "/dev/stdout"].contains(arguments.value($0)) }
    (toStandardOutput ? context.console.err : context.console.out)(out)
    if report.summary.failures + report.summary.errors > 0 { return .failure }
    return report.notRun.isEmpty ? .success : .incomplete
  }
}
