/// An abstract test matrix for covering-array generation: factors, forbidden combinations and seed rows.
///
/// Levels are plain indices `0..<levels`; the caller keeps the names of the values. A row is an array with one
/// level per factor, in factor order.
///
/// ```swift
/// let model = CoveringModel(
///   factors: [Factor(name: "OS", levels: 3), Factor(name: "Device", levels: 2)],
///   constraints: [Constraint(forbidden: [0: [2], 1: [0]])])
/// ```
package struct CoveringModel: Hashable, Sendable {
  /// The dimensions of the matrix, in row order.
  package var factors: [Factor]
  /// Forbidden partial assignments; no planned row ever matches one.
  package var constraints: [Constraint]
  /// Rows that must be planned; `nil` cells are free and get completed into a full valid row.
  package var seeds: [[Int?]]

  /// Creates a model from its factors, forbidden combinations and seed rows.
  package init(factors: [Factor], constraints: [Constraint] = [], seeds: [[Int?]] = []) {
    self.factors = factors
    self.constraints = constraints
    self.seeds = seeds
  }
}

/// One dimension of a covering model: a name, a number of levels and optional weights.
package struct Factor: Hashable, Sendable {
  /// The name used in messages.
  package var name: String
  /// The number of values; levels are `0..<levels`.
  package var levels: Int
  /// Relative preference of each level when a cell is free to take any value; `nil` means uniform.
  ///
  /// Weights never cost coverage: they only break ties between values that cover equally many new tuples.
  package var weights: [Double]?

  /// Creates a factor.
  package init(name: String, levels: Int, weights: [Double]? = nil) {
    self.name = name
    self.levels = levels
    self.weights = weights
  }
}

/// A forbidden partial assignment, with the semantics of a GitHub matrix `exclude` entry with value sets.
///
/// A row violates the constraint when, for every listed factor, the row's level is in that factor's set.
///
/// ```swift
/// // "iPhone X (device 1) cannot run iOS 17 or later (levels 1...5 of factor 0)"
/// Constraint(forbidden: [2: [1], 0: [1, 2, 3, 4, 5]])
/// ```
package struct Constraint: Hashable, Sendable {
  /// Factor index to the set of levels that, together, are forbidden.
  package var forbidden: [Int: Set<Int>]

  /// Creates a constraint from factor indices and their forbidden level sets.
  package init(forbidden: [Int: Set<Int>]) {
    self.forbidden = forbidden
  }

  /// Whether a full row matches every listed factor's set (and so must not be planned).
  ///
  /// Factors outside the row's range never match.
  package func isViolated(by row: [Int]) -> Bool {
    for (factor, levels) in forbidden {
      guard factor >= 0, factor < row.count, levels.contains(row[factor]) else { return false }
    }
    return true
  }
}
