import Diagnostics
import MatrixExpansion
import MatrixFormat

extension Workflow {
  /// The inputs of ``expand(_:)``.
  public struct ExpandInputs: Sendable {
    /// The matrix file (a qapass file or a bare GitHub-style matrix).
    public var matrix: String
    /// The largest expansion accepted (`nil`: the default limit).
    public var maxCombinations: Int?
    /// A t-way covering array instead of the full product.
    public var pairwise = false
    /// The interaction strength for pairwise (default 2).
    public var strength: Int?
    /// The seed for pairwise (default: the file's `plan.seed`, else 0).
    public var seed: UInt64?
    /// The covering-array search budget (default: the file's, else 1).
    public var effort: Double?
    /// Earlier pairwise rows as JSON Lines, kept where they still help.
    public var previous: String?

    /// Creates the inputs.
    public init(
      matrix: String, maxCombinations: Int? = nil, pairwise: Bool = false, strength: Int? = nil,
      seed: UInt64? = nil, effort: Double? = nil, previous: String? = nil
    ) {
      self.matrix = matrix
      self.maxCombinations = maxCombinations
      self.pairwise = pairwise
      self.strength = strength
      self.seed = seed
      self.effort = effort
      self.previous = previous
    }
  }

  /// `qapass expand`: prints the matrix's combinations as JSON Lines, exactly as GitHub Actions expands
  /// them, or a t-way covering array of them (its summary on standard error).
  ///
  /// - Returns: The number of combinations printed.
  public func expand(_ inputs: ExpandInputs) throws -> Completion<Int> {
    begin()
    let limit = inputs.maxCombinations ?? Matrix.defaultCombinationLimit
    let (document, warnings) = try loadDocument(inputs.matrix)
    let (strength, seed, effort, pairwise) = (inputs.strength, inputs.seed, inputs.effort, inputs.pairwise)
    if !pairwise && (strength != nil || seed != nil || effort != nil || inputs.previous != nil) {
      throw UsageError("'--strength', '--seed', '--effort' and '--previous' go with '--strategy pairwise'")
    }
    let previous =
      try inputs.previous.map { path in try CombinationLines.parse(path: path, bytes: try read(path)) } ?? []
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
      console.err(CoveringReport.render(summary, path: inputs.matrix, count: expansion.count))
    }
    expansion.writeJSONLines { console.out($0) }
    return completion(expansion.count)
  }
}
