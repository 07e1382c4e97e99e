import Diagnostics
import Observations
import Reporting
import ScenarioEngine

/// `qapass report FILE`: the acceptance report from the automated results and the recorded observations.
enum ReportCommand: Subcommand {
  static let spec = CommandSpec(
    name: "report",
    abstract: "Run the automated items, ingest the observations and write the acceptance report.",
    discussion: """
      The verdict comes first: ACCEPTED (everything passed), REJECTED (an automated item or a
      current manual observation failed) or INCOMPLETE (nothing failed, but items are untested,
      stale, blocked or skipped). Observations are read from the sheets in the checklists folder
      and every .yaml file in the observations folder; the latest observation of an item counts,
      and one whose text version, haptic fingerprint or build no longer matches is stale.
      The report says what changed since the previous report.json (--previous, by default the one
      already in the output folder). Exit code: 0 ACCEPTED, 1 REJECTED, 2 INCOMPLETE; 65 when an
      observation file has errors (the report is still written, without the entries in error).
      """,
    arguments: [MatrixInput.fileArgument],
    options: [
      MatrixInput.maxCombinations,
      .value(
        "format", "<formats>", help: "Comma-separated report formats (default all of them).",
        choices: ReportWriters.identifiers),
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
    // Here '--previous' names the previous report.json, not the pairwise cells of `plan --previous`.
    var planArguments = arguments
    planArguments.values["previous"] = nil
    let (file, options) = try PlanCommand.loadFile(planArguments, context)
    let plan = try PlanCommand.makePlan(file, options)
    let formats = (arguments.value("format") ?? ReportWriters.identifiers.joined(separator: ","))
      .split(separator: ",").map(String.init)
    return try publish(plan: plan, formats: formats, arguments: arguments, earlier: [], context: context)
  }

  /// Runs, ingests, reports, and prints the verdict; shared with `pass`.
  ///
  /// The report is written whenever it can be: observation files in error are left out (their valid
  /// entries still count) and named in it, and the exit code is then 65.
  static func publish(
    plan: Plan, formats: [String], arguments: ParsedArguments, earlier: [Diagnostic], context: CommandContext
  ) throws -> ExitCode {
    // A report folder that cannot be written is found before the automated items run.
    let directory = arguments.value("out") ?? PublishPath.defaultReports
    if directory != "-" {
      try context.outputFolder(directory, createFolders: PublishPath.createsFolders(arguments, "out"))
    }
    let run = try AutomatedSource.reference(
      plan: plan, subject: .core, arguments: arguments, context: context)
    let external = try AutomatedSource.external(arguments, context)
    let (files, unreadable) = PublishPath.observationFiles(
      checklists: arguments.value("checklists") ?? PublishPath.defaultChecklists,
      observations: arguments.value("observations") ?? PublishPath.defaultObservations, context: context)
    let (statuses, ingest) = PublishPath.ingest(
      plan: plan, files: files, earlier: earlier + unreadable, context: context)
    let previous = try PublishPath.previousReport(
      arguments.value("previous"), outputDirectory: directory, context: context)
    let time = PublishPath.generatedAt(ingest, environment: context.console.environment)
    let report = AcceptanceReport.make(
      plan: plan, run: run, manual: statuses, generatedAt: time.time, generatedFrom: time.source,
      checklists: arguments.value("checklists") ?? PublishPath.defaultChecklists, previous: previous
    ).including(external, reference: run).leavingOut(FileInError.files(from: ingest.diagnostics))
    let written = try PublishPath.writeReport(
      report, formats: formats, into: directory, createFolders: PublishPath.createsFolders(arguments, "out"),
      pictureBase: arguments.value("picture-base") ?? "", replacing: previous?.path,
      context: context)
    var out = "verdict: \(report.verdict.rawValue)\n"
    for reason in report.reasons { out += "  - \(reason)\n" }
    if let changes = report.changes { out += "since \(changes.previousPath): \(changes.summary)\n" }
    out +=
      "automated: \(run.summary.passes) of \(run.summary.items) passed (\(run.subjectName) \(run.subjectVersion))"
    for harness in external {
      let counts = harness.summary
      out += "; \(counts.passes) of \(counts.items) passed (\(harness.subjectName) \(harness.subjectVersion))"
    }
    out += "; observations: \(files.count) files\n"
    if let notRun = run.notRunExplanation { out += "\(notRun)\n" }
    for path in written { out += "wrote \(path)\n" }
    PublishPath.summary(arguments, context)(out)
    if ingest.hasErrors { return .dataError }
    return PublishPath.exitCode(for: report.verdict)
  }
}
