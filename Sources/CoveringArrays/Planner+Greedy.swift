extension Planner {
  /// Adds rows one at a time, AETG-style, until every coverable tuple is covered.
  ///
  /// Each candidate row starts from a random uncovered tuple; the remaining factors, in random order, take the
  /// level covering the most new tuples with the factors already set (ties go to heavier weights at random),
  /// among the levels that keep the row completable. The best of `candidates` rows is kept.
  ///
  /// - Complexity: O(rows · candidates · k · levels · C(k-1, t-1)).
  mutating func greedyFill(candidates: Int) {
    while !uncoveredList.isEmpty {
      var best: [Int] = []
      var bestGain = -1
      for _ in 0..<max(1, candidates) {
        let index = Int(uncoveredList[rng.below(uncoveredList.count)])
        let c = space.combo(ofTuple: index)
        let levels = space.levels(ofTuple: index, combo: c)
        var start = [Int](repeating: -1, count: k)
        for j in 0..<t { start[space.comboFactors[c * t + j]] = levels[j] }
        let row = complete(start)
        let gain = newCoverage(row)
        if gain > bestGain {
          bestGain = gain
          best = row
        }
      }
      append(best)
    }
  }

  /// Completes a completable partial row (cells below 0 free) greedily for new coverage.
  mutating func complete(_ start: [Int]) -> [Int] {
    var row = start
    var order = (0..<k).filter { row[$0] < 0 }
    shuffle(&order)
    var gains: [Int] = []
    for f in order {
      let levelCount = space.levels[f]
      gains.removeAll(keepingCapacity: true)
      for level in 0..<levelCount { gains.append(gain(of: f, level, in: &row)) }
      let constrained = !constraints.constraintsOfFactor[f].isEmpty
      while true {
        guard let level = pickBest(f, gains) else {
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
  private mutating func pickBest(_ f: Int, _ gains: [Int]) -> Int? {
    var bestGain = Int.min
    var chosen: Int?
    var total = 0.0
    for (level, g) in gains.enumerated() where g != Int.min {
      let w = weight(f, level)
      if g > bestGain {
        bestGain = g
        chosen = level
        total = w
      } else if g == bestGain {
        total += w
        if total > 0 && rng.unit() * total < w { chosen = level }
      }
    }
    return chosen
  }

  /// New tuples covered by setting `f` to `level`, counting combos whose other factors are already set.
  private func gain(of f: Int, _ level: Int, in row: inout [Int]) -> Int {
    row[f] = level
    defer { row[f] = -1 }
    var total = 0
    combos: for c in space.combosOfFactor[f] {
      let base = c * t
      var index = space.comboOffsets[c]
      for j in 0..<t {
        let v = row[space.comboFactors[base + j]]
        if v < 0 { continue combos }
        index += v * space.comboStrides[base + j]
      }
      if uncoveredPosition[index] >= 0 { total += 1 }
    }
    return total
  }
}
