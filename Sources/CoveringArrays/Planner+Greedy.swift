extension Planner {
  /// Adds rows one at a time, AETG-style, until every coverable tuple is covered.
  ///
  /// Each candidate row starts from a random uncovered tuple; the remaining factors, in random order, take the
  /// level covering the most new tuples with the factors already set (ties go to heavier weights at random),
  /// among the levels that keep the row completable. The best of `candidates` rows is kept.
  ///
  /// - Complexity: O(rows · candidates · k · levels · C(k-1, t-1)).
  mutating func greedyFill(candidates: Int) {
    guard !uncoveredList.isEmpty else { return }
    // How many uncovered tuples each (factor, level) is part of, AETG's "most frequent" rule.
    let width = space.levels.max() ?? 1
    var pending = [Int](repeating: 0, count: k * width)
    for index in uncoveredList {
      let c = space.combo(ofTuple: Int(index))
      for (j, level) in space.levels(ofTuple: Int(index), combo: c).enumerated() {
        pending[space.comboFactors[c * t + j] * width + level] += 1
      }
    }
    while !uncoveredList.isEmpty {
      // The (factor, level) left in the most uncovered tuples, ties at random.
      var first = (f: 0, level: 0)
      var most = -1
      var ties = 0
      for f in 0..<k {
        for level in 0..<space.levels[f] {
          let n = pending[f * width + level]
          if n > most {
            most = n
            first = (f, level)
            ties = 1
          } else if n == most {
            ties += 1
            if rng.below(ties) == 0 { first = (f, level) }
          }
        }
      }
      var start = [Int](repeating: -1, count: k)
      start[first.f] = first.level
      if !constraints.isCompletable(start) {
        // Every tuple through it is uncoverable after all; seed with an uncovered tuple instead.
        let index = Int(uncoveredList[rng.below(uncoveredList.count)])
        let c = space.combo(ofTuple: index)
        start[first.f] = -1
        for (j, level) in space.levels(ofTuple: index, combo: c).enumerated() {
          start[space.comboFactors[c * t + j]] = level
        }
      }
      var best: [Int] = []
      var bestGain = -1
      for _ in 0..<max(1, candidates) {
        let row = complete(start, pending: pending, width: width)
        let gain = newCoverage(row)
        if gain > bestGain {
          bestGain = gain
          best = row
        }
      }
      if bestGain <= 0 {
        // Cannot happen for a coverable start; guarantee progress regardless.
        let index = Int(uncoveredList[rng.below(uncoveredList.count)])
        let c = space.combo(ofTuple: index)
        var seedRow = [Int](repeating: -1, count: k)
        for (j, level) in space.levels(ofTuple: index, combo: c).enumerated() {
          seedRow[space.comboFactors[c * t + j]] = level
        }
        best = complete(seedRow, pending: pending, width: width)
      }
      for c in 0..<space.comboCount {
        let index = space.index(combo: c, row: best)
        if uncoveredPosition[index] >= 0 {
          for j in 0..<t {
            let f = space.comboFactors[c * t + j]
            pending[f * width + best[f]] -= 1
          }
        }
      }
      append(best)
    }
  }

  /// Completes a completable partial row (cells below 0 free) greedily for new coverage.
  ///
  /// Ties in new coverage go to the level left in more uncovered tuples (`pending`, when given), then to
  /// heavier weights at random.
  mutating func complete(_ start: [Int], pending: [Int] = [], width: Int = 0) -> [Int] {
    var row = start
    var order = (0..<k).filter { row[$0] < 0 }
    shuffle(&order)
    var gains: [Int] = []
    for f in order {
      let levelCount = space.levels[f]
      gains.removeAll(keepingCapacity: true)
      gains.append(contentsOf: repeatElement(0, count: levelCount))
      addGains(of: f, row: row, into: &gains)
      let constrained = !constraints.constraintsOfFactor[f].isEmpty
      while true {
        guard let level = pickBest(f, gains, pending: pending, width: width) else {
          // Unreachable while the partial row is completable; keep the row well-formed regardless.
          row[f] = 0
          break
        }
        row[f] = level
        if !constrained || constraints.isCompletable(row) { break }
        gains[level] = Int.min
      }
    }
    return row
  }

  /// The level with the highest gain; ties broken at random in proportion to the weights.
  private mutating func pickBest(_ f: Int, _ gains: [Int], pending: [Int], width: Int) -> Int? {
    var bestGain = Int.min
    var bestPending = Int.min
    var chosen: Int?
    var total = 0.0
    for (level, g) in gains.enumerated() where g != Int.min {
      let w = weight(f, level)
      let p = pending.isEmpty ? 0 : pending[f * width + level]
      if g > bestGain || (g == bestGain && p > bestPending) {
        bestGain = g
        bestPending = p
        chosen = level
        total = w
      } else if g == bestGain && p == bestPending {
        total += w
        if total > 0 && rng.unit() * total < w { chosen = level }
      }
    }
    return chosen
  }

  /// Adds, for each level of the free factor `f`, the new tuples it would cover with the factors already set
  /// (combos with another free factor do not count yet).
  private func addGains(of f: Int, row: [Int], into gains: inout [Int]) {
    let levelCount = gains.count
    if t == 2 {
      uncoveredPosition.withUnsafeBufferPointer { position in
        row.withUnsafeBufferPointer { row in
          gains.withUnsafeMutableBufferPointer { gains in
            for pair in space.pairsOfFactor[f] {
              let v = row[pair.other]
              if v < 0 { continue }
              var index = pair.offset + v * pair.otherStride
              for level in 0..<levelCount {
                if position[index] >= 0 { gains[level] += 1 }
                index += pair.ownStride
              }
            }
          }
        }
      }
      return
    }
    combos: for c in space.combosOfFactor[f] {
      let base = c * t
      var index = space.comboOffsets[c]
      var fStride = 0
      for j in 0..<t {
        let g = space.comboFactors[base + j]
        if g == f {
          fStride = space.comboStrides[base + j]
          continue
        }
        let v = row[g]
        if v < 0 { continue combos }
        index += v * space.comboStrides[base + j]
      }
      for level in 0..<levelCount where uncoveredPosition[index + level * fStride] >= 0 { gains[level] += 1 }
    }
  }
}
