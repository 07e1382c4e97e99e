import QAPassWorkflow

/// `qapass lint FILE`: checks a matrix file and summarises what it would plan.
enum LintCommand: Subcommand {
  static let spec = CommandSpec(
    name: "lint",
    abstract: "Check a matrix file and print a summary of what it would plan.",
    discussion: """
      Reports every problem in the file as path:line:col: error: message with the offending line,
      then, when the file is sound, the catalogs, the matrix and the cells removed as impossible.
      Runs every check 'run' and 'pass' depend on: the file's schema and references, keyboard
      identifiers, OS versions, recipes and regular expressions, and each input method's engine,
      which must load and commit the 'expect' text for the recipe (an engine this machine lacks is
      a warning), and a verdict for every text an automated item types, pastes or leaves (a regex
      field's texts come from its 'samples:'; a sample that overrules a built-in rule is a warning).
      Exit code: 0 when sound (warnings aside), 65 with errors.
      """,
    arguments: [MatrixInput.fileArgument],
    options: [MatrixInput.maxCombinations])

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> ExitCode {
    let limit = try MatrixInput.limit(arguments)
    return try workflow.lint(
      Workflow.LintInputs(matrix: try MatrixInput.matrix(arguments), maxCombinations: limit)
    ).status
  }
}
