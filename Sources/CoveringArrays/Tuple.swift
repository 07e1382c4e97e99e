/// A t-way interaction: one level for each of t distinct factors.
///
/// Factors are strictly increasing; `levels[i]` belongs to `factors[i]`. Tuples sort by factors, then levels.
package struct Tuple: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The factor indices, strictly increasing.
  package var factors: [Int]
  /// The level of each factor, aligned with `factors`.
  package var levels: [Int]

  /// Creates a tuple; `factors` must be strictly increasing and aligned with `levels`.
  package init(factors: [Int], levels: [Int]) {
    self.factors = factors
    self.levels = levels
  }

  /// Whether `row` holds every level of the tuple.
  package func isCovered(by row: [Int]) -> Bool {
    for (factor, level) in zip(factors, levels) {
      guard factor < row.count, row[factor] == level else { return false }
    }
    return true
  }

  /// `(f0=l0, f1=l1)` with factor indices.
  package var description: String {
    "(" + zip(factors, levels).map { "\($0)=\($1)" }.joined(separator: ", ") + ")"
  }

  package static func < (lhs: Tuple, rhs: Tuple) -> Bool {
    if lhs.factors != rhs.factors { return lhs.factors.lexicographicallyPrecedes(rhs.factors) }
    return lhs.levels.lexicographicallyPrecedes(rhs.levels)
  }
}
