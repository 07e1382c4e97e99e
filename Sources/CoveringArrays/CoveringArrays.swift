/// Generates t-way covering arrays with hard constraints, seed rows and stable re-planning.
///
/// A covering array of strength t holds every combination of t levels of any t factors in at least one row,
/// so a QA pass plans far fewer rows than the full cartesian product while still meeting every t-way
/// interaction. Forbidden combinations are never planned; interactions that no valid row can hold (also
/// through implicit constraints) are reported as `uncoverable`.
package enum CoveringArrays {
  /// The most t-tuples a model may have (their coverage counts are kept in memory).
  package static let tupleLimit = 1 << 24

  /// Plans a covering array of the given strength.
  ///
  /// Seeds come first (completed into full valid rows), then the earlier rows of `previous` that are still
  /// valid and still cover something new, then new rows. Without constraints, seeds or earlier rows, an
  /// algebraic construction is used when it is optimal (orthogonal arrays over GF(q), binary codes). At
  /// strength 3 and 4, when every factor has the same levels, the smallest of an orbit search over GF(q)
  /// (`OrbitSearch`), the binary power construction, Roux's doubling and the construction is used
  /// (`uniformArray`). Otherwise the rows come from an AETG-style greedy start (on Bush's orthogonal array
  /// when it spans at least half of the factors), shrunk by a tabu search that removes a row and repairs
  /// the coverage. Every budget is counted
  /// in steps or look-ups, never in time, so the same inputs and seed always give the same rows.
  ///
  /// ```swift
  /// let model = CoveringModel(factors: [
  ///   Factor(name: "iOS", levels: 6), Factor(name: "Input", levels: 6), Factor(name: "Device", levels: 8),
  /// ])
  /// let plan = try CoveringArrays.generate(model, strength: 2, seed: 7)
  /// // plan.rows.count == 48: every (iOS, Input), (iOS, Device) and (Input, Device) pair appears.
  /// ```
  ///
  /// - Parameters:
  ///   - model: factors, forbidden combinations and seed rows.
  ///   - strength: the interaction strength t, in `2...4`.
  ///   - seed: seed of the SplitMix64 generator behind every random choice; returned in the result.
  ///   - previous: rows of an earlier plan to keep where they still help.
  ///   - options: the post-optimisation budget.
  /// - Returns: the rows, the uncoverable tuples, the seed and the indices of the kept `previous` rows.
  /// - Throws: `CoveringError` for an invalid strength, factor, weight, constraint or seed row.
  /// - Complexity: the greedy start is O(N · candidates · k · v · C(k-1, t-1)) for N rows of k factors with
  ///   up to v levels; the search adds O(steps · N · t · C(k-1, t-1)).
  package static func generate(
    _ model: CoveringModel, strength: Int, seed: UInt64 = 0, previous: [[Int]] = [],
    options: CoveringOptions = .standard
  ) throws -> CoveringArrayResult {
    try validate(model, strength: strength)
    let levels = model.factors.map(\.levels)
    let space = try TupleSpace(levels: levels, strength: strength, limit: tupleLimit)
    var constraints = ConstraintSet(constraints: model.constraints, levels: levels)

    // Which tuples some complete valid row can hold.
    var coverable = [Bool](repeating: true, count: space.tupleCount)
    var uncoverable: [Tuple] = []
    if !constraints.isEmpty {
      var partial = [Int](repeating: -1, count: levels.count)
      for c in 0..<space.comboCount {
        let factors = space.comboFactors[c * strength..<(c + 1) * strength]
        for index in space.comboOffsets[c]..<space.comboOffsets[c + 1] {
          for (f, level) in zip(factors, space.levels(ofTuple: index, combo: c)) { partial[f] = level }
          if !constraints.isCompletable(partial) {
            coverable[index] = false
            uncoverable.append(space.tuple(at: index))
          }
          for f in factors { partial[f] = -1 }
        }
      }
    }

    let weights = model.factors.map { factor -> [Double]? in
      guard let w = factor.weights, w.contains(where: { $0 != w[0] }) else { return nil }
      return w
    }
    var planner = Planner(
      space: space, constraints: constraints, coverable: coverable, weights: weights,
      rng: SplitMix64(seed: seed))

    // Seeds, completed into full valid rows.
    for (s, seedRow) in model.seeds.enumerated() {
      let start = seedRow.map { $0 ?? -1 }
      if let c = planner.constraints.firstViolated(start) {
        throw CoveringError.seedViolatesConstraint(seed: s, constraint: c)
      }
      guard planner.constraints.isCompletable(start) else {
        throw CoveringError.seedCannotBeCompleted(seed: s)
      }
      planner.append(planner.complete(start))
    }

    // Earlier rows that are still valid and still add coverage.
    var kept: [Int] = []
    for (p, row) in previous.enumerated() {
      guard row.count == levels.count, zip(row, levels).allSatisfy({ $0 >= 0 && $0 < $1 }),
        constraints.firstViolated(row) == nil, planner.newCoverage(row) > 0
      else { continue }
      planner.append(row)
      kept.append(p)
    }
    planner.lockedRows = planner.rowCount

    // A construction, when the model allows one.
    var construction: Constructions.Candidate?
    if constraints.isEmpty && planner.rowCount == 0 && weights.allSatisfy({ $0 == nil }) {
      construction = Constructions.best(levels: levels, strength: strength)
      if let found = construction, found.isOptimal {
        return CoveringArrayResult(rows: found.rows, uncoverable: [], seed: seed, strength: strength)
      }
    }

    if strength >= 3 && constraints.isEmpty && planner.rowCount == 0 && weights.allSatisfy({ $0 == nil }),
      let v = levels.first, v >= 2, levels.allSatisfy({ $0 == v }),
      v > 2 || (strength == 3 && levels.count >= 16 && space.tupleCount > generalSearchLimit),
      let rows = try uniformArray(
        levels: levels, strength: strength, seed: seed, options: options, construction: construction?.rows,
        planner: &planner)
    {
      return CoveringArrayResult(rows: rows, uncoverable: [], seed: seed, strength: strength)
    }
    if constraints.isEmpty && planner.rowCount == 0,
      let skeleton = Constructions.orthogonalSkeleton(levels: levels, strength: strength)
    {
      for start in skeleton { planner.append(planner.complete(start)) }
    }
    planner.greedyFill(candidates: options.candidates)
    // Each row holds exactly one tuple of each combo, so no array is smaller than the largest combo.
    var lowerBound = 0
    for c in 0..<space.comboCount {
      let range = space.comboOffsets[c]..<space.comboOffsets[c + 1]
      lowerBound = max(lowerBound, constraints.isEmpty ? range.count : range.filter { coverable[$0] }.count)
    }
    planner.shrink(
      attemptSteps: options.attemptSteps, totalSteps: options.totalSteps,
      stallSteps: options.stallSteps, tenure: options.tenure,
      lowerBound: lowerBound)
    if !weights.allSatisfy({ $0 == nil }) { planner.preferHeavierLevels() }

    var rows = planner.rows
    if let found = construction, found.rows.count < rows.count { rows = found.rows }
    return CoveringArrayResult(
      rows: rows, uncoverable: uncoverable, seed: seed, strength: strength, keptPrevious: kept)
  }

  /// Checks the request before any work, in a fixed order so the first problem is always the same.
  static func validate(_ model: CoveringModel, strength: Int) throws {
    guard (2...4).contains(strength) else { throw CoveringError.strengthOutOfRange(strength: strength) }
    let k = model.factors.count
    guard strength <= k else {
      throw CoveringError.strengthExceedsFactorCount(strength: strength, factorCount: k)
    }
    for (f, factor) in model.factors.enumerated() {
      guard factor.levels >= 1 else {
        throw CoveringError.factorWithoutLevels(factor: f, name: factor.name, levels: factor.levels)
      }
      if let w = factor.weights {
        guard w.count == factor.levels, w.allSatisfy({ $0.isFinite && $0 >= 0 }), w.reduce(0, +) > 0
        else {
          throw CoveringError.invalidWeights(
            factor: f, name: factor.name, levels: factor.levels, weightCount: w.count)
        }
      }
    }
    for (c, constraint) in model.constraints.enumerated() {
      guard !constraint.forbidden.isEmpty else { throw CoveringError.emptyConstraint(constraint: c) }
      for f in constraint.forbidden.keys.sorted() {
        guard f >= 0 && f < k else {
          throw CoveringError.constraintFactorOutOfRange(constraint: c, factor: f, factorCount: k)
        }
        let factor = model.factors[f]
        for level in (constraint.forbidden[f] ?? []).sorted() where level < 0 || level >= factor.levels {
          throw CoveringError.constraintLevelOutOfRange(
            constraint: c, factor: f, name: factor.name, level: level, levels: factor.levels)
        }
      }
    }
    for (s, seedRow) in model.seeds.enumerated() {
      guard seedRow.count == k else {
        throw CoveringError.seedWrongLength(seed: s, cells: seedRow.count, factorCount: k)
      }
      for (f, cell) in seedRow.enumerated() {
        if let level = cell, level < 0 || level >= model.factors[f].levels {
          throw CoveringError.seedLevelOutOfRange(
            seed: s, factor: f, name: model.factors[f].name, level: level, levels: model.factors[f].levels)
        }
      }
    }
  }
}
