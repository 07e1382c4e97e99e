import Reporting
import ScenarioEngine

/// `qapass pass [FILE]`: the main job — plan, run, checklists and sheets, ingest, report.
enum PassCommand: Subcommand {
  static let spec = CommandSpec(
    name: "pass",
    abstract: "The main job: plan, run the automated items, write checklists and sheets, ingest, report.",
    discussion: """
      FILE defaults to matrices/default.yaml. Writes checklists/ (a checklist and an observation
      sheet per device session, merging what testers already wrote), reads the observations in the
      sheets and in observations/, and writes reports/report.md, report-summary.md, junit.xml,
      junit-extended.xml, report.json and the coverage pictures (--out moves them), with what changed
      since the previous report.json (--previous). Exit code follows the verdict: 0 ACCEPTED,
      1 REJECTED, 2 INCOMPLETE; 65 when an observation file has errors (the report is still written).
      '--automated RESULTS' (repeatable) adds the results QAPassHarness wrote for the app's own code:
      the report names each subject with its version and pack fingerprint, and their failures count.
      """,
    arguments: [
      .init(name: "file", help: "The matrix file (default matrices/default.yaml).", isOptional: true)
    ],
    options: [
      MatrixInput.maxCombinations,
      .value("out", "<dir>", help: "Where to write the report (default reports; '-': stdout)."),
      PublishPath.checklistsOption,
      PublishPath.observationsOption,
      CommandContext.createFoldersOption,
      PublishPath.previousOption,
      PublishPath.pictureBaseOption,
      AutomatedSource.packOption,
      AutomatedSource.automatedOption,
    ])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    var arguments = arguments
    if arguments.positionals.isEmpty { arguments.positionals = [PublishPath.defaultMatrix] }
    // Here '--previous' names the previous report.json, not the pairwise cells of `plan --previous`.
    var planArguments = arguments
    planArguments.values["previous"] = nil
    let (file, options) = try PlanCommand.loadFile(planArguments, context)
    let plan = try PlanCommand.makePlan(file, options)
    let directory = arguments.value("checklists") ?? PublishPath.defaultChecklists
    let (checklists, problems) = try PublishPath.writeChecklists(
      plan: plan, file: file, options: options, into: directory,
      createFolders: PublishPath.createsFolders(arguments, "checklists"), context: context)
    PublishPath.summary(arguments, context)(
      "plan: \(plan.summary.automatedItems) automated items, \(plan.summary.manualItems) manual items "
        + "in \(checklists.count) device sessions (\(plan.fingerprint))\n"
        + "wrote \(checklists.count) checklists and sheets in \(directory)/\n")
    return try ReportCommand.publish(
      plan: plan, formats: ReportWriters.identifiers, arguments: arguments, earlier: problems,
      context: context)
  }
}
