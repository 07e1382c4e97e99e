import QAPassWorkflow

/// `qapass expand FILE`: the matrix's combinations as JSON Lines, exactly as GitHub Actions expands them,
/// or a t-way covering array of them.
enum ExpandCommand: Subcommand {
  static let spec = CommandSpec(
    name: "expand",
    abstract: "Print the combinations of a matrix as JSON Lines, expanded as GitHub Actions does.",
    discussion: """
      FILE is a qapass matrix file (its 'matrix:' block is expanded) or a bare GitHub-style matrix
      mapping (dimensions, 'include', 'exclude'). One JSON object per line, dimensions first in the
      order written, then included keys. Scalars keep their text: 17.10 stays 17.10.

      With --strategy pairwise the rows are a t-way covering array: every combination of t values
      of any t dimensions appears in some row. 'exclude' entries (and, in a qapass file, the devices'
      OS ranges and keyboards) are constraints no row violates; 'include' entries are seeded rows.
      The strategy, seed and row counts are printed to stderr.
      """,
    arguments: [MatrixInput.fileArgument],
    options: [
      MatrixInput.maxCombinations,
      .value("strategy", "<strategy>", help: "full (default) or pairwise.", choices: ["full", "pairwise"]),
      .value("strength", "<t>", help: "Interaction strength for pairwise, 2 to 4 (default 2)."),
      .value("seed", "<n>", help: "Seed for pairwise (default: the file's plan.seed, else 0)."),
      effortOption,
      .value("previous", "<file>", help: "Earlier pairwise rows as JSON Lines, kept where they still help."),
    ],
    rules: [MatrixInput.fullStrategyRule])

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    try workflow.expand(
      Workflow.ExpandInputs(
        source: try MatrixInput.source(arguments, matrix: try MatrixInput.matrix(arguments)))
    )
  }
}

extension ExpandCommand {
  /// `--effort`, shared with `plan`.
  static let effortOption = CommandSpec.Option.value(
    "effort", "<e>",
    help: "Covering-array search budget, 0 (greedy only) or more (default: the file's, else 1).")
}
