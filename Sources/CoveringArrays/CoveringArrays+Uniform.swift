extension CoveringArrays {
  /// Above this many t-tuples, binary models at strength 3 or more are built by doubling instead of by the
  /// general greedy start and tabu search, whose cost grows with the tuple count.
  static let generalSearchLimit = 1 << 18

  /// The orbit search's array over GF(`q`) (see `OrbitSearch`): several descents, each from its own greedy
  /// start, keeping the one with the fewest base rows (the earliest on a tie): the tabu search on
  /// `1 / orbitTabuShare` of the budget, then `orbitAnnealingRuns` annealing descents
  /// (`OrbitSearch.annealingShrink`, seeded with `seed + 1`, `seed + 2`, ...) sharing the rest.
  ///
  /// The tabu search is the stronger on small class spaces (3^13: 45 rows, where an annealing often stops
  /// at 57); the annealing escapes the plateaus where it stalls (5^10: the tabu search stays at 11 base
  /// rows, 225 rows, where some annealing descents reach 10 or 9, 205 or 185 rows: at seed 0 one of the
  /// six reaches 9), so independent descents make the result less dependent on the seed. The budget counts look-ups, so the
  /// rows depend only on the arguments.
  static func orbitArray(k: Int, order q: Int, strength: Int, seed: UInt64, options: CoveringOptions)
    -> [[Int]]?
  {
    guard var tabu = OrbitSearch(k: k, order: q, strength: strength, seed: seed, limit: tupleLimit) else {
      return nil
    }
    let tabuBudget = options.orbitTotalLookups / options.orbitTabuShare
    tabu.greedyFill()
    tabu.shrink(
      attemptBudget: options.orbitAttemptLookups, totalBudget: tabuBudget, tenure: options.orbitTenure,
      lowerBound: tabu.classesPerCombo, maxFailures: options.orbitFailures)
    var best = tabu
    let runs = options.orbitAnnealingRuns
    for i in 0..<runs {
      guard
        var annealing = OrbitSearch(
          k: k, order: q, strength: strength, seed: seed &+ UInt64(1 + i), limit: tupleLimit)
      else { break }
      annealing.greedyFill()
      annealing.annealingShrink(
        attemptBudget: options.orbitAnnealingAttemptLookups,
        totalBudget: (options.orbitTotalLookups - tabuBudget) / runs, lowerBound: annealing.classesPerCombo,
        maxFailures: options.orbitAnnealingFailures, lossAcceptance: options.orbitLossAcceptance)
      if annealing.rowCount < best.rowCount { best = annealing }
    }
    return best.rows
  }

  /// The smallest of several arrays for a constraint-free model whose factors all have v levels, at
  /// strength 3 or 4, with redundant rows dropped.
  ///
  /// - The orbit search over GF(q), q the least prime power at least v (symbols past v folded back with
  ///   `Constructions.fit`), for v > 2.
  /// - At strength 3 with two levels and at least 16 factors, the binary power construction over a
  ///   strength-3 array for q factors, q² ≥ k (`Constructions.binaryPower`; 2^100 in 34 rows from 12).
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
    // No orbit array over GF(q) has fewer than q + q(q-1)·classesPerCombo rows before folding (a base row
    // holds one class per combo): skip the search when the construction already has no more.
    var slots = 1
    for _ in 1..<strength { slots *= q }
    let orbitFloor = q + q * (q - 1) * ((slots - 1) / (q - 1))
    if q > 2, options.orbitTotalLookups > 0, (construction?.count ?? Int.max) > orbitFloor,
      let rows = orbitArray(k: k, order: q, strength: strength, seed: seed, options: options)
    {
      candidates.append(Constructions.fit(rows, levels))
    }
    if v == 2 && strength == 3 && k >= 16 {
      var q = 3
      while q * q < k { q += 1 }
      let side = CoveringModel(factors: (0..<q).map { Factor(name: "F\($0)", levels: 2) })
      let a = try generate(side, strength: 3, seed: seed, options: options).rows
      candidates.append(Constructions.binaryPower(strengthThree: a, factors: k))
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
