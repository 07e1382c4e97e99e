import Diagnostics
import MatrixExpansion
import MatrixFormat

extension Workflow {
  /// The inputs of ``expand(_:)``.
  package struct ExpandInputs: Sendable {
    /// The matrix file (a qapass file or a bare GitHub-style matrix) and the covering-array options, as a
    /// plan takes them, with two differences: without a `strategy` the full product is printed, whatever
    /// the file's `plan.strategy`, and `previousCells` names the earlier rows (none when `nil`).
    package var source: PlanSource

    /// Creates the inputs.
    package init(source: PlanSource) {
      self.source = source
    }
  }

  /// `qapass expand`: prints the matrix's combinations as JSON Lines on standard output, exactly as GitHub
  /// Actions expands them, or a t-way covering array of them (and says its summary on standard error).
  ///
  /// - Returns: The number of combinations printed.
  package func expand(_ inputs: ExpandInputs) throws -> UseCaseResult<Int> {
    let source = inputs.source
    let matrix = source.matrix ?? Defaults.matrix
    try begin([.input(matrix)] + (source.previousCells.map { [.input($0)] } ?? []))
    let limit = source.maxCombinations ?? Matrix.defaultCombinationLimit
    let (document, warnings) = try loadDocument(matrix)
    let (strength, seed, effort, pairwise) = (
      source.strength, source.seed, source.effort, source.strategy == .pairwise
    )
    if !pairwise && (strength != nil || seed != nil || effort != nil || source.previousCells != nil) {
      throw UsageError("'--strength', '--seed', '--effort' and '--previous' go with '--strategy pairwise'")
    }
    let previous =
      try source.previousCells.map { path in try CombinationLines.parse(path: path, bytes: try read(path)) }
      ?? []
    let expansion: Expansion
    var summary: CoveringSummary?
    switch document {
    case .bare(let matrix) where pairwise:
      (expansion, summary) = try matrix.coveringExpansion(
        strength: strength ?? 2, seed: seed ?? 0, previous: previous, limit: limit, effort: effort ?? 1)
    case .qapass(let file) where pairwise:
      (expansion, summary) = try file.matrix.coveringExpansion(
        strength: strength ?? 2, seed: seed ?? file.planning.seed, weights: file.planning.weights,
        constraints: file.catalogConstraints, previous: previous, limit: limit,
        effort: effort ?? file.planning.effort)
    default:
      expansion = try document.matrix.expand(limit: limit)
    }
    show(warnings + expansion.warnings)
    if let summary {
      say(CoveringReport.render(summary, path: matrix, count: expansion.count), onStandardError: true)
    }
    expansion.writeJSONLines { writeStandardOutput($0) }
    return finished(expansion.count)
  }
}
