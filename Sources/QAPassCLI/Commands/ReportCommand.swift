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
      Exit code: 0 ACCEPTED, 1 REJECTED, 2 INCOMPLETE; 65 when an observation file has errors
      (the report is still written, without the entries in error).
      """,
    arguments: [MatrixInput.fileArgument],
    options: [
      MatrixInput.maxCombinations,
      .value(
        "format", "<formats>", help: "Comma-separated report formats (default markdown,junit,json).",
        choices: ReportWriters.identifiers),
      .value("out", "<dir>", help: "Where to write the report (default reports)."),
      PublishPath.checklistsOption,
      PublishPath.observationsOption,
      AutomatedSource.packOption,
      AutomatedSource.automatedOption,
    ])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let (file, options) = try PlanCommand.loadFile(arguments, context)
    let plan = try PlanCommand.makePlan(file, options)
    let formats = (arguments.value("format") ?? ReportWriters.identifiers.joined(separator: ","))
      .split(separator: ",").map(String.init)
    return try publish(plan: plan, formats: formats, arguments: arguments, context: context)
  }

  /// Runs, ingests, reports, and prints the verdict; shared with `pass`.
  static func publish(
    plan: Plan, formats: [String], arguments: ParsedArguments, context: CommandContext
  ) throws -> ExitCode {
    let run = try AutomatedSource.reference(
      plan: plan, subject: .core, arguments: arguments, context: context)
    let external = try AutomatedSource.external(arguments, context)
    let files = try PublishPath.observationFiles(
      checklists: arguments.value("checklists") ?? PublishPath.defaultChecklists,
      observations: arguments.value("observations") ?? PublishPath.defaultObservations, context: context)
    let (statuses, ingest) = PublishPath.ingest(plan: plan, files: files, context: context)
    let report = AcceptanceReport.make(
      plan: plan, run: run, manual: statuses,
      generatedAt: PublishPath.generatedAt(ingest, environment: context.console.environment)
    ).including(external, reference: run)
    let directory = arguments.value("out") ?? PublishPath.defaultReports
    let written = try PublishPath.writeReport(report, formats: formats, into: directory, context: context)
    var out = "verdict: \(report.verdict.rawValue)\n"
    for reason in report.reasons { out += "  - \(reason)\n" }
    out +=
      "automated: \(run.summary.passes) of \(run.summary.items) passed (\(run.subjectName) \(run.subjectVersion))"
    for harness in external {
      let counts = harness.summary
      out += "; \(counts.passes) of \(counts.items) passed (\(harness.subjectName) \(harness.subjectVersion))"
    }
    out += "; observations: \(files.count) files\n"
    for path in written { out += "wrote \(path)\n" }
    context.console.out(out)
    if ingest.hasErrors { return .dataError }
    return PublishPath.exitCode(for: report.verdict)
  }
}
