import ScenarioEngine

/// `qapass pass [FILE]`: the main job — plan, run, checklists and sheets, ingest, report.
enum PassCommand: Subcommand {
  static let spec = CommandSpec(
    name: "pass",
    abstract: "The main job: plan, run the automated items, write checklists and sheets, ingest, report.",
    discussion: """
      FILE defaults to matrices/default.yaml. Writes checklists/ (a checklist and an observation
      sheet per device session, merging what testers already wrote), reads the observations in the
      sheets and in observations/, and writes reports/report.md, junit.xml, report.json and the
      coverage pictures (--out moves them). Exit code follows the verdict: 0 ACCEPTED, 1 REJECTED,
      2 INCOMPLETE; 65 when an observation file has errors (the report is still written).
      '--automated RESULTS' (repeatable) adds the results QAPassHarness wrote for the app's own code:
      the report names each subject with its version and pack fingerprint, and their failures count.
      """,
    arguments: [
      .init(name: "file", help: "The matrix file (default matrices/default.yaml).", isOptional: true)
    ],
    options: [
      MatrixInput.maxCombinations,
      .value("out", "<dir>", help: "Where to write the report (default reports)."),
      PublishPath.checklistsOption,
      PublishPath.observationsOption,
      AutomatedSource.packOption,
      AutomatedSource.automatedOption,
    ])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    var arguments = arguments
    if arguments.positionals.isEmpty { arguments.positionals = [PublishPath.defaultMatrix] }
    let (file, options) = try PlanCommand.loadFile(arguments, context)
    let plan = try PlanCommand.makePlan(file, options)
    let directory = arguments.value("checklists") ?? PublishPath.defaultChecklists
    let checklists = try PublishPath.writeChecklists(
      plan: plan, file: file, options: options, into: directory, context: context)
    context.console.out(
      "plan: \(plan.summary.automatedItems) automated items, \(plan.summary.manualItems) manual items "
        + "in \(checklists.count) device sessions (\(plan.fingerprint))\n"
        + "wrote \(checklists.count) checklists and sheets in \(directory)/\n")
    return try ReportCommand.publish(
      plan: plan, formats: ["markdown", "junit", "json"], arguments: arguments, context: context)
  }
}
