import QAPassWorkflow
import Reporting

/// `qapass pass [FILE]`: the main job — plan, run, checklists and sheets, ingest, report.
enum PassCommand: Subcommand {
  static let spec = CommandSpec(
    name: "pass",
    abstract: "The main job: plan, run the automated items, write checklists and sheets, ingest, report.",
    discussion: """
      FILE defaults to the matrix the checklists were made from (checklists/plan-source.yaml, with the
      planning options it records), else matrices/default.yaml. Writes checklists/ (a checklist and an observation
      sheet per device session, merging what testers already wrote), reads the observations in the
      sheets and in observations/, and writes reports/report.md, report-summary.md, junit.xml,
      junit-extended.xml, report.json and the coverage pictures (--out moves them), with what changed
      since the previous report.json (--previous). Exit code follows the verdict: 0 ACCEPTED,
      1 REJECTED, 2 INCOMPLETE; 65 when an observation file has errors (the report is still written).
      '--automated RESULTS' (repeatable) adds the results QAPassHarness wrote for the app's own code:
      the report names each subject with its version and pack fingerprint and says how many of the
      automated items it ran, passed, failed and did not run. An app failure rejects; an item the app
      did not run, results of another plan or pack (give both the same --pack), and a subject the
      matrix's 'subjects:' or --require-automated names without results make the pass INCOMPLETE.
      """,
    arguments: [MatrixInput.passFileArgument],
    options: [MatrixInput.maxCombinations] + ReportInput.publishOptions)

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    let matrix = arguments.positional(0)
    return try workflow.pass(try ReportInput.inputs(arguments, matrix: matrix))
  }
}
