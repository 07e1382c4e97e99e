/// The forbidden combinations of a model in a form fast to test, with a cached backtracking check of whether a
/// partial row can still be completed into a full valid row.
struct ConstraintSet {
  let levels: [Int]
  /// Factors of each constraint.
  let factorsOf: [[Int]]
  /// `forbidden[c][j][level]`: whether `level` of `factorsOf[c][j]` is in the constraint's set.
  let forbidden: [[[Bool]]]
  let constraintsOfFactor: [[Int]]
  /// Factors that appear in at least one constraint, increasing; others never affect validity.
  let constrainedFactors: [Int]
  private var cache: [[Int]: Bool] = [:]

  var isEmpty: Bool { factorsOf.isEmpty }

  /// Builds the tables; the constraints must already be validated against `levels`.
  init(constraints: [Constraint], levels: [Int]) {
    self.levels = levels
    var factorsOf: [[Int]] = []
    var forbidden: [[[Bool]]] = []
    var ofFactor = [[Int]](repeating: [], count: levels.count)
    for (c, constraint) in constraints.enumerated() {
      let factors = constraint.forbidden.keys.sorted()
      factorsOf.append(factors)
      forbidden.append(
        factors.map { f in
          let set = constraint.forbidden[f] ?? []
          return (0..<levels[f]).map { set.contains($0) }
        })
      for f in factors { ofFactor[f].append(c) }
    }
    self.factorsOf = factorsOf
    self.forbidden = forbidden
    constraintsOfFactor = ofFactor
    constrainedFactors = (0..<levels.count).filter { !ofFactor[$0].isEmpty }
  }

  /// Whether constraint `c` is matched by `row`, where cells below 0 are unassigned and never match.
  func matches(_ c: Int, _ row: [Int]) -> Bool {
    let factors = factorsOf[c]
    for j in 0..<factors.count {
      let level = row[factors[j]]
      if level < 0 || !forbidden[c][j][level] { return false }
    }
    return true
  }

  /// The first constraint a (partial) row matches, if any.
  func firstViolated(_ row: [Int]) -> Int? {
    (0..<factorsOf.count).first { matches($0, row) }
  }

  /// Whether a constraint through factor `f` is matched by `row` (used after assigning `f`).
  func violates(_ row: [Int], at f: Int) -> Bool {
    for c in constraintsOfFactor[f] where matches(c, row) { return true }
    return false
  }

  /// Whether the partial row (cells below 0 unassigned) extends to a full row matching no constraint.
  ///
  /// Only the constrained factors matter, so results are cached by the row's projection onto them.
  ///
  /// - Complexity: exponential in the number of constrained factors in the worst case; cached.
  mutating func isCompletable(_ row: [Int]) -> Bool {
    if factorsOf.isEmpty { return true }
    let key = constrainedFactors.map { row[$0] }
    if let known = cache[key] { return known }
    var scratch = row
    let result = completion(&scratch)
    cache[key] = result
    return result
  }

  /// Completes the constrained cells of a partial row in place (free unconstrained cells stay unassigned).
  ///
  /// - Returns: whether a completion matching no constraint exists; on failure `row` is unchanged.
  func completion(_ row: inout [Int]) -> Bool {
    if firstViolated(row) != nil { return false }
    let original = row
    if search(&row, constrainedFactors[...]) { return true }
    row = original
    return false
  }

  private func search(_ row: inout [Int], _ rest: ArraySlice<Int>) -> Bool {
    guard let f = rest.first else { return true }
    if row[f] >= 0 { return search(&row, rest.dropFirst()) }
    for level in 0..<levels[f] {
      row[f] = level
      if !violates(row, at: f) && search(&row, rest.dropFirst()) { return true }
    }
    row[f] = -1
    return false
  }
}
