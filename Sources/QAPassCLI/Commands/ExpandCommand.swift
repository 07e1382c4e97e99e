import Diagnostics
import MatrixExpansion
import MatrixFormat

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
    ])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let limit = try MatrixInput.limit(arguments)
    let (path, document, warnings) = try MatrixInput.load(arguments, context)
    let strength = try arguments.integer("strength", in: 2...4)
    let seedValue = try arguments.integer("seed", in: 0...Int.max).map(UInt64.init)
    let effort = try arguments.nonNegativeNumber("effort")
    let pairwise = arguments.value("strategy") == "pairwise"
    if !pairwise
      && (strength != nil || seedValue != nil || effort != nil || arguments.value("previous") != nil)
    {
      throw UsageError("'--strength', '--seed', '--effort' and '--previous' go with '--strategy pairwise'")
    }
    let previous =
      try arguments.value("previous").map { path in
        try CombinationLines.parse(path: path, bytes: try context.read(path))
      } ?? []
    let expansion: Expansion
    var summary: CoveringSummary?
    switch document {
    case .bare(let matrix) where pairwise:
      (expansion, summary) = try matrix.coveringExpansion(
        strength: strength ?? 2, seed: seedValue ?? 0, previous: previous, limit: limit,
        effort: effort ?? 1)
    case .qapass(let file) where pairwise:
      (expansion, summary) = try file.matrix.coveringExpansion(
        strength: strength ?? 2, seed: seedValue ?? file.planning.seed, weights: file.planning.weights,
        constraints: file.catalogConstraints, previous: previous, limit: limit,
        effort: effort ?? file.planning.effort)
    default:
      expansion = try document.matrix.expand(limit: limit)
    }
    context.console.report(warnings + expansion.warnings, sources: context.sources)
    if let summary { context.console.err(CoveringReport.render(summary, path: path, count: expansion.count)) }
    expansion.writeJSONLines { context.console.out($0) }
    return .success
  }
}

extension ExpandCommand {
  /// `--effort`, shared with `plan`.
  static let effortOption = CommandSpec.Option.value(
    "effort", "<e>",
    help: "Covering-array search budget, 0 (greedy only) or more (default: the file's, else 1).")
}

/// The lines that say what a covering array did.
enum CoveringReport {
  static func render(_ summary: CoveringSummary, path: String, count: Int) -> String {
    let full = summary.fullCount == Int.max ? "an astronomical number of" : String(summary.fullCount)
    var out = "\(path): strategy pairwise, strength \(summary.strength), seed \(summary.seed): "
    out += "\(summary.rows) rows instead of \(full) combinations"
    if summary.seededRows > 0 { out += ", \(summary.seededRows) seeded by include" }
    if summary.keptPrevious > 0 { out += ", \(summary.keptPrevious) kept from the previous rows" }
    if count > summary.rows { out += ", plus \(count - summary.rows) include entries that fit no row" }
    out += "\n"
    for constraint in summary.constraints { out += "  constraint: \(constraint)\n" }
    if !summary.uncoverable.isEmpty {
      out += "  \(summary.uncoverable.count) interactions no valid row can hold:\n"
      for tuple in summary.uncoverable.prefix(20) { out += "    - \(tuple)\n" }
      if summary.uncoverable.count > 20 { out += "    - … and \(summary.uncoverable.count - 20) more\n" }
    }
    return out
  }
}
