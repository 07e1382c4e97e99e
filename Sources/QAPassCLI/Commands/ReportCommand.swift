import QAPassWorkflow
import Reporting

/// `qapass report [FILE]`: the acceptance report from the automated results and the recorded observations.
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
      already in the output folder). App results (--automated) count as in 'qapass pass': each subject
      must run every automated item of this plan's pack, and a subject the matrix's 'subjects:' or
      --require-automated names must have results, or the report is INCOMPLETE. Exit code:
      0 ACCEPTED, 1 REJECTED, 2 INCOMPLETE; 65 when an observation file has errors (the report is
      still written, without the entries in error). FILE defaults to the matrix the checklists were
      made from (their plan-source.yaml), else matrices/default.yaml.
      """,
    arguments: [MatrixInput.passFileArgument],
    options: [
      MatrixInput.maxCombinations,
      .value(
        "format", "<formats>", help: "Comma-separated report formats (default all of them).",
        choices: ReportWriters.identifiers),
    ] + ReportInput.publishOptions)

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    try workflow.report(try ReportInput.inputs(arguments, matrix: arguments.positional(0)))
  }
}
