extension Planner {
  /// Shrinks the unlocked part of the array: repeatedly removes the row that covers the fewest tuples alone,
  /// then repairs the coverage with a tabu search; stops at the first failed repair (restoring the last
  /// complete array) or when the budget is spent.
  ///
  /// The budget counts search steps, so the outcome depends only on the seed and the options.
  ///
  /// - Parameters:
  ///   - attemptSteps: steps allowed to repair one removal.
  ///   - totalSteps: steps allowed overall.
  ///   - tenure: steps during which a changed cell may not change again (unless that reaches a new best).
  ///   - lowerBound: no array has fewer rows, so the search stops there.
  ///   - stallSteps: an attempt also fails after this many steps without a new best.
  mutating func shrink(attemptSteps: Int, totalSteps: Int, stallSteps: Int, tenure: Int, lowerBound: Int) {
    guard uncoveredList.isEmpty, attemptSteps > 0 else { return }
    var savedCells = cells
    var savedCount = rowCount
    var spent = 0
    while rowCount > max(lockedRows + 1, lowerBound) && spent < totalSteps {
      remove(leastUsefulRow())
      var step = 0
      var best = uncoveredList.count
      let clock = spent
      var lastGain = 0
      while !uncoveredList.isEmpty && step < attemptSteps && spent < totalSteps
        && step - lastGain <= stallSteps
      {
        let before = best
        tabuStep(now: clock + step, tenure: tenure, best: &best)
        if best < before { lastGain = step }
        step += 1
        spent += 1
      }
      if uncoveredList.isEmpty {
        savedCells = cells
        savedCount = rowCount
      } else {
        break
      }
    }
    if !uncoveredList.isEmpty || rowCount != savedCount {
      restore(cells: savedCells, rowCount: savedCount)
    }
  }

  /// The unlocked row holding the fewest tuples no other row holds (ties at random).
  private mutating func leastUsefulRow() -> Int {
    var best = RandomBest<Int>()
    for r in lockedRows..<rowCount {
      var total = 0
      for f in 0..<k { total += Int(unique[r * k + f]) }
      best.offer(r, score: -total, rng: &rng)
    }
    return best.candidate ?? lockedRows
  }

  /// One tabu-search step: pick a random uncovered tuple and write it into the unlocked row where that
  /// costs the least coverage (ties at random), even when the move makes things worse.
  ///
  /// Rows are first ranked by the cost read from the per-cell unique counts (exact for strength 2, an upper
  /// bound otherwise); only the cheapest few are scored exactly, gains included.
  private mutating func tabuStep(now: Int, tenure: Int, best: inout Int) {
    let chosen = Int(uncoveredList[rng.below(uncoveredList.count)])
    var shortlist = self.shortlist
    defer { self.shortlist = shortlist }
    guard cheapestRows(for: chosen, now: now, best: best, into: &shortlist) < Int.max else { return }
    let c = space.combo(ofTuple: chosen)
    let levels = space.levels(ofTuple: chosen, combo: c)
    let factors = Array(space.comboFactors[c * t..<(c + 1) * t])
    var bestRow = -1
    var bestScore = Int.min
    var ties = 0
    var changed: [Int] = []
    changed.reserveCapacity(t)
    for r in shortlist {
      let base = r * k
      changed.removeAll(keepingCapacity: true)
      for j in 0..<t where cells[base + factors[j]] != levels[j] { changed.append(j) }
      for j in changed { overlay[factors[j]] = levels[j] }
      defer { for j in changed { overlay[factors[j]] = -1 } }
      if !constraints.isEmpty && violatesWithOverlay(row: r, factors: factors, changed: changed) { continue }
      let score = moveScore(row: r, factors: factors, changed: changed)
      if score > bestScore {
        bestScore = score
        bestRow = r
        ties = 1
      } else if score == bestScore {
        ties += 1
        if rng.below(ties) == 0 { bestRow = r }
      }
    }
    guard bestRow >= 0 else { return }
    applyMove(row: bestRow, factors: factors, levels: levels)
    for j in 0..<t { tabuUntil[bestRow * k + factors[j]] = now + tenure }
    best = min(best, uncoveredList.count)
  }

  /// Fills `shortlist` with up to 6 unlocked, non-tabu rows that stay valid and where placing tuple `index`
  /// costs the least, by the unique counts, and returns that cost (`Int.max` when no row qualifies).
  private mutating func cheapestRows(for index: Int, now: Int, best: Int, into shortlist: inout [Int]) -> Int
  {
    let c = space.combo(ofTuple: index)
    var rest = index - space.comboOffsets[c]
    let cb = c * t
    for j in 0..<t {
      let s = space.comboStrides[cb + j]
      stepLevels[j] = rest / s
      rest %= s
      stepFactors[j] = space.comboFactors[cb + j]
      stepStrides[j] = s
    }
    // Pass 1, read-only over the rows: the admissible rows of least cost.
    var ties = self.ties
    ties.removeAll(keepingCapacity: true)
    let shortlistCost = leastCostRows(combo: c, now: now, best: best, into: &ties)
    // Pass 2: up to 6 of them, uniformly at random (partial Fisher-Yates).
    shortlist.removeAll(keepingCapacity: true)
    let limit = min(6, ties.count)
    for i in 0..<limit {
      ties.swapAt(i, i + rng.below(ties.count - i))
      shortlist.append(ties[i])
    }
    self.ties = ties
    return shortlistCost
  }

  /// The unlocked rows where writing the step's tuple (`stepFactors`, `stepLevels`) costs the least by the
  /// unique counts, skipping tabu rows (unless the move could reach a new best) and rows it would make invalid.
  ///
  /// - Returns: that least cost, or `Int.max` when no row qualifies.
  private func leastCostRows(combo c: Int, now: Int, best: Int, into ties: inout [Int]) -> Int {
    let uncoveredNow = uncoveredList.count
    let offset = space.comboOffsets[c]
    var least = Int.max
    let factors = stepFactors
    let levels = stepLevels
    let strides = stepStrides
    cells.withUnsafeBufferPointer { cells in
      unique.withUnsafeBufferPointer { unique in
        tabuUntil.withUnsafeBufferPointer { tabu in
          counts.withUnsafeBufferPointer { counts in
            for r in lockedRows..<rowCount {
              let base = r * k
              var cost = 0
              var changes = 0
              var isTabu = false
              var held = offset
              for j in 0..<t {
                let f = factors[j]
                let v = cells[base + f]
                held += v * strides[j]
                if v != levels[j] {
                  changes += 1
                  cost += Int(unique[base + f])
                  if tabu[base + f] > now { isTabu = true }
                }
              }
              // The tuple the row holds in this combo is counted once per changed factor.
              if changes > 1 && counts[held] == 1 { cost -= changes - 1 }
              if cost > least { continue }
              if isTabu && uncoveredNow - 1 + cost >= best { continue }
              if !constraints.isEmpty && !isValidPlacement(row: r, cells: cells) { continue }
              if cost < least {
                least = cost
                ties.removeAll(keepingCapacity: true)
              }
              ties.append(r)
            }
          }
        }
      }
    }
    return least
  }

  /// Whether row `r` stays valid with the current step's tuple (`stepFactors`, `stepLevels`) written into it.
  private func isValidPlacement(row r: Int, cells: UnsafeBufferPointer<Int>) -> Bool {
    let base = r * k
    @inline(__always) func level(_ g: Int) -> Int {
      for j in 0..<t where stepFactors[j] == g { return stepLevels[j] }
      return cells[base + g]
    }
    for j in 0..<t where cells[base + stepFactors[j]] != stepLevels[j] {
      for ci in constraints.constraintsOfFactor[stepFactors[j]] {
        var all = true
        for (m, g) in constraints.factorsOf[ci].enumerated() where !constraints.forbidden[ci][m][level(g)] {
          all = false
          break
        }
        if all { return false }
      }
    }
    return true
  }

  /// Whether row `r`, with the overlay applied, matches a constraint through a changed factor.
  fileprivate func violatesWithOverlay(row r: Int, factors: [Int], changed: [Int]) -> Bool {
    let base = r * k
    for j in changed {
      for ci in constraints.constraintsOfFactor[factors[j]] {
        let cf = constraints.factorsOf[ci]
        var all = true
        for (m, g) in cf.enumerated() {
          let level = overlay[g] >= 0 ? overlay[g] : cells[base + g]
          if !constraints.forbidden[ci][m][level] {
            all = false
            break
          }
        }
        if all { return true }
      }
    }
    return false
  }

  /// Newly covered minus newly uncovered tuples if row `r` took the overlay.
  fileprivate mutating func moveScore(row r: Int, factors: [Int], changed: [Int]) -> Int {
    let (gain, loss) = moveEffect(row: r, factors: factors, changed: changed)
    return gain - loss
  }

  /// Calls `body(old, new, combo)` once for each combo through the changed factors `factors[changed]` of
  /// row `r`: `old` is the tuple the row holds there now, `new` the one it would hold with the overlay.
  @inline(__always)
  fileprivate mutating func forEachChangedTuple(
    row r: Int, factors: [Int], changed: [Int], _ body: (_ old: Int, _ new: Int, _ combo: Int) -> Void
  ) {
    let base = r * k
    if t == 2 {
      for (n, j) in changed.enumerated() {
        let f = factors[j]
        let oldOwn = cells[base + f]
        let newOwn = overlay[f]
        for pair in space.pairsOfFactor[f] {
          let otherNew = overlay[pair.other]
          // A pair of two changed factors was visited with the first one.
          if n > 0 && otherNew >= 0 { continue }
          let otherOld = cells[base + pair.other]
          let old = pair.offset + oldOwn * pair.ownStride + otherOld * pair.otherStride
          let new =
            pair.offset + newOwn * pair.ownStride + (otherNew >= 0 ? otherNew : otherOld) * pair.otherStride
          body(old, new, pair.combo)
        }
      }
      return
    }
    stampValue &+= 1
    if stampValue == 0 {
      for i in 0..<comboStamp.count { comboStamp[i] = 0 }
      stampValue = 1
    }
    for j in changed {
      for c in space.combosOfFactor[factors[j]] where comboStamp[c] != stampValue {
        comboStamp[c] = stampValue
        let cb = c * t
        var old = space.comboOffsets[c]
        var new = old
        for m in 0..<t {
          let g = space.comboFactors[cb + m]
          let s = space.comboStrides[cb + m]
          let v = cells[base + g]
          old += v * s
          let o = overlay[g]
          new += (o >= 0 ? o : v) * s
        }
        body(old, new, c)
      }
    }
  }

  /// Tuples newly covered and newly uncovered if row `r` took the overlay at `factors[changed]`.
  fileprivate mutating func moveEffect(row r: Int, factors: [Int], changed: [Int]) -> (gain: Int, loss: Int) {
    var gain = 0
    var loss = 0
    let counts = self.counts
    forEachChangedTuple(row: r, factors: factors, changed: changed) { old, new, _ in
      if counts[old] == 1 { loss += 1 }
      if counts[new] == 0 { gain += 1 }
    }
    return (gain, loss)
  }

  /// Writes `levels` into row `r` at `factors`, updating the coverage.
  mutating func applyMove(row r: Int, factors: [Int], levels: [Int]) {
    var changed: [Int] = []
    for j in 0..<factors.count where cells[r * k + factors[j]] != levels[j] {
      changed.append(j)
      overlay[factors[j]] = levels[j]
    }
    var moves: [(old: Int, new: Int, combo: Int)] = []
    forEachChangedTuple(row: r, factors: factors, changed: changed) { moves.append(($0, $1, $2)) }
    for move in moves {
      uncover(move.old, row: r, combo: move.combo)
      cover(move.new, row: r, combo: move.combo)
    }
    for j in changed {
      cells[r * k + factors[j]] = levels[j]
      overlay[factors[j]] = -1
    }
  }
}

extension Planner {
  /// Removes unlocked rows that hold no tuple alone, last row first.
  mutating func dropRedundantRows() {
    var r = rowCount - 1
    while r >= lockedRows {
      var alone = 0
      for f in 0..<k { alone += Int(unique[r * k + f]) }
      if alone == 0 { remove(r) }
      r = min(r - 1, rowCount - 1)
    }
  }
}

extension Planner {
  /// Moves free cells of unlocked rows to heavier levels where that loses no coverage and breaks no
  /// constraint: a cell is free when every tuple through it is also held by another row.
  mutating func preferHeavierLevels() {
    for r in lockedRows..<rowCount {
      for f in 0..<k {
        guard let w = weights[f] else { continue }
        let current = cells[r * k + f]
        let heavier = (0..<w.count).filter { w[$0] > w[current] }.sorted {
          w[$0] > w[$1] || (w[$0] == w[$1] && $0 < $1)
        }
        for level in heavier {
          overlay[f] = level
          let invalid = !constraints.isEmpty && violatesWithOverlay(row: r, factors: [f], changed: [0])
          let effect = invalid ? (gain: 0, loss: 1) : moveEffect(row: r, factors: [f], changed: [0])
          overlay[f] = -1
          if effect.loss == 0 {
            applyMove(row: r, factors: [f], levels: [level])
            break
          }
        }
      }
    }
  }
}
