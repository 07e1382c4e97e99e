extension CoveringArrays {
  /// Above this many t-tuples, binary models at strength 3 or more are built by doubling instead of by the
  /// general greedy start and tabu search, whose cost grows with the tuple count.
  static let generalSearchLimit = 1 << 18

  /// The smallest of several arrays for a constraint-free model whose factors all have v levels, at
  /// strength 3 or 4, with redundant rows dropped.
  ///
  /// - The orbit search over GF(q), q the least prime power at least v (symbols past v folded back with
  ///   `Constructions.fit`), for v > 2.
  /// - At strength 3 with at least 16 factors, Roux's doubling of the best arrays for half the factors (a
  ///   strength-3 one by this same function and a strength-2 one), followed for binary models by the
  ///   tabu search's row removal and repair.
  /// - The algebraic construction, when one applies.
  ///
  /// - Parameter planner: a planner for the whole model, used to drop redundant rows and to post-optimise.
  /// - Returns: the rows, or `nil` when no method applies (the general search then runs).
  static func uniformArray(
    levels: [Int], strength: Int, seed: UInt64, options: CoveringOptions, construction: [[Int]]?,
    planner: inout Planner
  ) throws -> [[Int]]? {
    let v = levels[0]
    let k = levels.count
    var candidates: [[[Int]]] = []
    if let construction { candidates.append(construction) }
    var q = v
    while GaloisField.primePower(q) == nil { q += 1 }
    if q > 2, options.orbitTotalLookups > 0,
      var search = OrbitSearch(k: k, order: q, strength: strength, seed: seed, limit: tupleLimit)
    {
      search.greedyFill()
      search.shrink(
        attemptBudget: options.orbitAttemptLookups, totalBudget: options.orbitTotalLookups,
        tenure: options.orbitTenure, lowerBound: search.classesPerCombo, maxFailures: options.orbitFailures)
      candidates.append(Constructions.fit(search.rows, levels))
    }
    if strength == 3 && k >= 16 {
      let half = CoveringModel(factors: (0..<(k + 1) / 2).map { Factor(name: "F\($0)", levels: v) })
      let a = try generate(half, strength: 3, seed: seed, options: options).rows
      let b = try generate(half, strength: 2, seed: seed, options: options).rows
      candidates.append(Constructions.doubling(strengthThree: a, strengthTwo: b, levels: v, factors: k))
    }
    if candidates.isEmpty { return nil }
    var best: [[Int]] = []
    for candidate in candidates {
      planner.restore(cells: [], rowCount: 0)
      for row in candidate { planner.append(row) }
      planner.dropRedundantRows()
      if best.isEmpty || planner.rowCount < best.count { best = planner.rows }
    }
    if q == 2 {
      planner.restore(cells: best.flatMap { $0 }, rowCount: best.count)
      planner.shrink(
        attemptSteps: options.attemptSteps, totalSteps: options.totalSteps, stallSteps: options.stallSteps,
        tenure: options.tenure, lowerBound: 1 << strength)
      best = planner.rows
    }
    return best
  }
}
