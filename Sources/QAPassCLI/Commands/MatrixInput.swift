import Diagnostics
import MatrixExpansion
import MatrixFormat

/// The matrix-file argument and options that every planning command shares.
enum MatrixInput {
  static let fileArgument = CommandSpec.Argument(name: "file", help: "The matrix file.", isOptional: false)

  static let maxCombinations = CommandSpec.Option.value(
    "max-combinations", "<n>",
    help:
      "Refuse matrices that expand to more than n combinations (default \(Matrix.defaultCombinationLimit)).")

  /// The `--max-combinations` limit, or the default.
  static func limit(_ arguments: ParsedArguments) throws(UsageError) -> Int {
    try arguments.integer("max-combinations", in: 1...100_000_000) ?? Matrix.defaultCombinationLimit
  }

  /// Reads and checks the matrix file named by the first argument.
  static func load(
    _ arguments: ParsedArguments, _ context: CommandContext
  ) throws -> (path: String, document: MatrixDocument, warnings: [Diagnostic]) {
    guard let path = arguments.positional(0) else { throw UsageError("missing argument <file>") }
    let (document, warnings) = try MatrixDocument.load(path: path, bytes: try context.read(path))
    return (path, document, warnings)
  }
}
