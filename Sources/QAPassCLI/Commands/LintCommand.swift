import QAPassWorkflow

/// `qapass lint FILE`: checks a matrix file and summarises what it would plan.
enum LintCommand: Subcommand {
  static let spec = CommandSpec(
    name: "lint",
    abstract: "Check a matrix file and print a summary of what it would plan.",
    discussion: """
      Reports every problem in the file as path:line:col: error: message with the offending line,
      then, when the file is sound, the catalogs, the matrix and the cells removed as impossible
      (under pairwise, the full product's counts, then the cells the covering array picks).
      Runs every check 'run' and 'pass' depend on: the file's schema and references, keyboard
      identifiers (one qapass does not know is a warning naming the nearest known one), OS
      versions (an unquoted number such as 26 is an error everywhere, a bare "26" in the matrix a
      warning), recipes and regular expressions, and each input method's engine, which must load
      and commit the 'expect' text for the recipe, its own and each field's (a mismatch is shown
      at the 'expect' with what the engine commits; an engine this machine lacks is a warning),
      and a verdict for every text an automated item types, pastes or leaves (a regex field's
      texts come from its 'samples:'; a sample that overrules a built-in rule is a warning).
      Exit code: 0 when sound (warnings aside), 65 with errors.
      """,
    arguments: [MatrixInput.fileArgument],
    options: [MatrixInput.maxCombinations])

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    let limit = try MatrixInput.limit(arguments)
    return try workflow.lint(
      Workflow.LintInputs(matrix: try MatrixInput.matrix(arguments), maxCombinations: limit)
    )
  }
}
