import Diagnostics
import MatrixExpansion
import MatrixFormat

/// `qapass expand FILE`: the matrix's combinations as JSON Lines, exactly as GitHub Actions expands them.
enum ExpandCommand: Subcommand {
  static let spec = CommandSpec(
    name: "expand",
    abstract: "Print the combinations of a matrix as JSON Lines, expanded as GitHub Actions does.",
    discussion: """
      FILE is a qapass matrix file (its 'matrix:' block is expanded) or a bare GitHub-style matrix
      mapping (dimensions, 'include', 'exclude'). One JSON object per line, dimensions first in the
      order written, then included keys. Scalars keep their text: 17.10 stays 17.10.
      """,
    arguments: [MatrixInput.fileArgument],
    options: [MatrixInput.maxCombinations])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let limit = try MatrixInput.limit(arguments)
    let (_, document, warnings) = try MatrixInput.load(arguments, context)
    let expansion = try document.matrix.expand(limit: limit)
    context.console.report(warnings + expansion.warnings, sources: context.sources)
    expansion.writeJSONLines { context.console.out($0) }
    return .success
  }
}
