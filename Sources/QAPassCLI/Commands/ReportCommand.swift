import QAPassWorkflow
import Reporting

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
    ] + publishOptions)

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> ExitCode {
    try workflow.report(try inputs(arguments, matrix: try MatrixInput.matrix(arguments))).status
  }

  /// The inputs of `report` and `pass`; here '--previous' names the previous report.json, not the
  /// pairwise cells of `plan --previous`.
  static func inputs(_ arguments: ParsedArguments, matrix: String) throws -> Workflow.ReportInputs {
    Workflow.ReportInputs(
      source: try MatrixInput.source(arguments, matrix: matrix, previousCells: false),
      formats: arguments.value("format").map { $0.split(separator: ",").map(String.init) }
        ?? ReportWriters.identifiers,
      out: arguments.value("out"), observations: arguments.value("observations"),
      createFolders: arguments.flag("create-folders"), previousReport: arguments.value("previous"),
      pictureBase: arguments.value("picture-base"), pack: arguments.value("pack"),
      automated: arguments.all("automated"))
  }

  /// The options `report` and `pass` share, after `--format`.
  static let publishOptions: [CommandSpec.Option] = [
    .value("out", "<dir>", help: "Where to write the report (default reports; '-': stdout)."),
    MatrixInput.checklistsOption,
    MatrixInput.observationsOption,
    createFoldersOption,
    .value(
      "previous", "<path>",
      help: "The previous report.json to compare with (default: the one in the output folder, if any)."),
    .value(
      "picture-base", "<url>",
      help: "Prefix of the pictures' links in report.md, e.g. an absolute URL for a GitHub job summary."),
    MatrixInput.packOption,
    automatedOption,
  ]

  static let automatedOption = CommandSpec.Option.value(
    "automated", "<results>",
    help: "QAPassHarness results (JSON) of the app's own code to put in the report; repeatable.",
    repeatable: true)
}
