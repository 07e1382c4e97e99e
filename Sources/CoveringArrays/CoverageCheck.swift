/// An independent, deliberately simple checker for covering arrays, written apart from the generator.
///
/// It enumerates every t-tuple by brute force, so it is slow on large models but easy to trust; tests and the
/// benchmark use it to validate every array, ours and the peers'.
package enum CoverageCheck {
  /// Every t-tuple of the model that no row holds, sorted (including tuples no valid row could hold).
  ///
  /// - Complexity: O(C(k, t) · v^t + C(k, t) · N · t) for N rows, k factors and up to v levels.
  package static func missingTuples(rows: [[Int]], model: CoveringModel, strength: Int) -> [Tuple] {
    let k = model.factors.count
    guard strength >= 1, strength <= k else { return [] }
    var missing: [Tuple] = []
    for factors in combinations(k, strength) {
      var seen = Set<[Int]>()
      for row in rows where row.count == k { seen.insert(factors.map { row[$0] }) }
      for levels in assignments(factors.map { model.factors[$0].levels }) where !seen.contains(levels) {
        missing.append(Tuple(factors: factors, levels: levels))
      }
    }
    return missing
  }

  /// Every (row, constraint) pair where the row matches the forbidden combination, in row order.
  package static func violations(rows: [[Int]], model: CoveringModel) -> [(row: Int, constraint: Int)] {
    var found: [(row: Int, constraint: Int)] = []
    for (r, row) in rows.enumerated() {
      for (c, constraint) in model.constraints.enumerated() where constraint.isViolated(by: row) {
        found.append((r, c))
      }
    }
    return found
  }

  /// Every t-tuple no complete valid row holds, by enumerating all rows of the cartesian product.
  ///
  /// Only for small models: the product must have at most `limit` rows, otherwise the result is `nil`.
  package static func uncoverableTuples(model: CoveringModel, strength: Int, limit: Int = 200_000)
    -> [Tuple]?
  {
    let levels = model.factors.map(\.levels)
    var size = 1
    for l in levels {
      size *= max(l, 1)
      if size > limit { return nil }
    }
    let valid = assignments(levels).filter { row in !model.constraints.contains { $0.isViolated(by: row) } }
    return missingTuples(rows: valid, model: model, strength: strength)
  }

  /// Whether `rows` are well formed: one in-range level per factor in each row.
  package static func malformedRows(rows: [[Int]], model: CoveringModel) -> [Int] {
    rows.indices.filter { r in
      rows[r].count != model.factors.count
        || zip(rows[r], model.factors).contains { $0 < 0 || $0 >= $1.levels }
    }
  }

  /// The r-subsets of `0..<n`, each increasing, in lexicographic order.
  static func combinations(_ n: Int, _ r: Int) -> [[Int]] {
    var result: [[Int]] = []
    func extend(_ prefix: [Int], _ next: Int) {
      if prefix.count == r {
        result.append(prefix)
        return
      }
      guard next < n else { return }
      for i in next..<n where n - i >= r - prefix.count { extend(prefix + [i], i + 1) }
    }
    extend([], 0)
    return result
  }

  static func assignments(_ levels: [Int]) -> [[Int]] {
    var result: [[Int]] = [[]]
    for l in levels { result = result.flatMap { prefix in (0..<max(l, 0)).map { prefix + [$0] } } }
    return result
  }
}
