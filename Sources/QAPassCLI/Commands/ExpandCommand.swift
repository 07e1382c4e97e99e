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
    arguments: [.init(name: "file", help: "The matrix file to expand.", isOptional: false)],
    options: [
      .value(
        "max-combinations", "<n>",
        help:
          "Refuse matrices that expand to more than n combinations (default \(Matrix.defaultCombinationLimit))."
      )
    ])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let path = arguments.positional(0)!
    let limit =
      try arguments.integer("max-combinations", in: 1...100_000_000) ?? Matrix.defaultCombinationLimit
    let (document, warnings) = try MatrixDocument.load(path: path, bytes: try context.read(path))
    let expansion = try document.matrix.expand(limit: limit)
    context.console.report(warnings + expansion.warnings, sources: context.sources)
    expansion.writeJSONLines { context.console.out($0) }
    return .success
  }
}
