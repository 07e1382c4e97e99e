extension OrbitSearch {
  /// One annealing step: write a random uncovered class into a random base row (random kept cell and
  /// scale) and keep the change when it loses no class, or with probability `acceptance[loss]` when it
  /// loses `loss` classes (0 past the table's end).
  ///
  /// The probabilities are a fixed table rather than `exp(-loss / T)`, so the rows never depend on the
  /// platform's floating-point library.
  mutating func annealStep(acceptance: [Double]) {
    let chosen = Int(uncoveredList[rng.below(uncoveredList.count)])
    let c = chosen / slots
    var wanted = self.wanted
    if wanted.count != t { wanted = [Int](repeating: 0, count: t) }
    var rest = chosen % slots
    for j in 1..<t {
      wanted[j] = rest % q
      rest /= q
    }
    let r = rng.below(rowCount)
    let anchor = rng.below(t)
    let scale = scales[rng.below(scales.count)]
    let kept = cells[r * k + comboFactors[c * t + anchor]]
    let shift = difference[field.multiply(scale, wanted[anchor]) * q + kept]
    setOverlay(Move(bound: 0, row: r, scale: scale, shift: shift, isTabu: false), wanted: wanted, combo: c)
    self.wanted = wanted
    let score = moveScore(row: r)
    spent += t
    if score >= 0 || (-score < acceptance.count && rng.unit() < acceptance[-score]) {
      applyOverlay(row: r)
    } else {
      clearOverlay(combo: c)
    }
  }

  /// Shrinks the array like `shrink` (see `removeRows`), with annealing steps (`annealStep`) instead of
  /// tabu steps.
  ///
  /// - Parameter lossAcceptance: the probability of keeping a change that loses one class; a change that
  ///   loses d classes is kept with its d-th power.
  mutating func annealingShrink(
    attemptBudget: Int, totalBudget: Int, lowerBound: Int, maxFailures: Int, lossAcceptance: Double
  ) {
    var acceptance = [1.0]
    while acceptance.count < 8 { acceptance.append(acceptance[acceptance.count - 1] * lossAcceptance) }
    removeRows(
      attemptBudget: attemptBudget, totalBudget: totalBudget, lowerBound: lowerBound, maxFailures: maxFailures
    ) { search, _ in search.annealStep(acceptance: acceptance) }
  }
}
