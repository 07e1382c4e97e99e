import QAPassWorkflow
import Reporting

/// `qapass plan [FILE]`: the items of a QA pass, with stable ids.
enum PlanCommand: Subcommand {
  static let spec = CommandSpec(
    name: "plan",
    abstract: "List the items of a QA pass: automated checks and manual device items, with stable ids.",
    discussion: """
      Automated items are the composition checks (C1 no false error before a candidate is chosen,
      C2 a prompt, consistent update after confirmation, C3 submission paths that bypass the button
      still enforce the check) per input method, field, event-delivery variant and submission path,
      the paths without marked text, and the haptic contract checks. Manual items are per device
      session (device x OS): real-keyboard items per input method and haptic feel items on
      physical haptic devices. Impossible cells are listed with the reason they were removed.

      --strategy pairwise plans the manual cells as a t-way covering array (automated items always
      run in full). --explain says what each include, exclude and catalog fact did, which input
      methods each field crosses, and the coverage. --shard i/n keeps the manual sessions of one of
      n testers; --assign spreads them over the matrix's testers instead (--format table, json or
      markdown). --format github-matrix prints a JSON 'include' list of simulator jobs for a GitHub
      Actions job to use with fromJSON: each row names a job (job, os_major for the runner image,
      sessions, name), never an item nor a simulator UDID, so it stays far under GitHub's 1 MB
      job-output limit; one job per simulator session up to the 256 jobs a matrix runs, beyond that
      each OS major version's sessions are dealt into jobs that run several, and standard error says
      so. --format simulator-jobs lists each job's sessions, one a line (job number, a tab, the
      session), for the job to ask for its own. A plan with no simulator session prints an empty
      'include' and says so (exit 0): skip the simulator jobs then. FILE defaults to the matrix the
      checklists were made from (their plan-source.yaml), else matrices/default.yaml.
      """,
    arguments: [MatrixInput.passFileArgument],
    options: [
      MatrixInput.maxCombinations,
      .value(
        "format", "<format>", help: "Output format (default table).",
        choices: Writers.plan.identifiers + Workflow.PlanInputs.fanOutFormats),
      .value(
        "strategy", "<strategy>", help: "Override the file's plan strategy.", choices: ["full", "pairwise"]),
      .value("strength", "<t>", help: "Interaction strength for pairwise, 2 to 4 (default 2)."),
      .value("seed", "<n>", help: "Seed for pairwise (default: the file's plan.seed)."),
      ExpandCommand.effortOption,
      .value("shard", "<i/n>", help: "Keep shard i of n: whole device sessions, balanced by item count."),
      .flag(
        "explain",
        help:
          "Explain what each include, exclude and catalog fact did, the input methods each field crosses, "
          + "and the coverage."),
      .flag(
        "assign",
        help:
          "Spread the device sessions over the matrix's testers by the devices they hold; sessions stay "
          + "with the testers their checklists name, and every change is listed."),
      previousOption,
      MatrixInput.checklistsOption,
    ],
    rules: [
      .excludes(
        "explain", ["format", "shard", "assign"],
        because: "the explanation is text about the whole plan, its cells, fields and coverage"),
      .excludes(
        "assign", ["shard"],
        because: "both split the sessions, '--assign' over the matrix's testers and '--shard' into equal "
          + "parts: use one"),
      MatrixInput.fullStrategyRule,
    ])

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    var inputs = Workflow.PlanInputs(
      source: try MatrixInput.source(arguments, matrix: arguments.positional(0)))
    inputs.format = arguments.value("format") ?? PlanTableWriter.identifier
    inputs.shard = try shard(arguments)
    inputs.explain = arguments.flag("explain")
    inputs.assign = arguments.flag("assign")
    return try workflow.plan(inputs)
  }

  static let previousOption = CommandSpec.Option.value(
    "previous", "<file>",
    help: "Earlier pairwise cells as JSON Lines, kept where they still help (default checklists/cells.jsonl)."
  )

  /// `--shard i/n`, checked.
  static func shard(_ arguments: ParsedArguments) throws(UsageError) -> (index: Int, count: Int)? {
    guard let text = arguments.value("shard") else { return nil }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, count <= 1000,
      (1...count).contains(index)
    else {
      throw UsageError("'--shard' takes i/n with 1 <= i <= n <= 1000, such as 2/3, not '\(text)'")
    }
    return (index, count)
  }
}
