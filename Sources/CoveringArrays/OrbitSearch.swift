/// A search for covering arrays invariant under the affine maps x -> a·x + b of GF(q) applied to every
/// cell, for k factors of q levels each.
///
/// The array is the q constant rows plus the q(q-1) images of each of M base rows, so N = q + q(q-1)·M. The
/// group acts freely on the non-constant t-tuples of a combo, so they fall into (q^(t-1) - 1) / (q - 1)
/// orbits ("classes"), and the array covers every tuple exactly when the base rows hold every class of every
/// combo. This is the construction of Chateauneuf, Colbourn and Kreher ("Covering arrays of strength three",
/// Des. Codes Cryptogr. 16, 1999) with the affine group; their base rows were found by hand or by small
/// searches, ours by Nurmela's tabu search ("Upper bounds for covering arrays by tabu search", Discrete
/// Appl. Math. 138, 2004) in the much smaller space of base rows (3^13 has 1,144 classes instead of 7,722
/// triples, 10^20 solved over GF(11) has 13,680 instead of 1,140,000).
///
/// A step picks a random uncovered class and considers every way of writing it into a base row (keep one of
/// the t cells, choose the scale a), in decreasing order of a cheap bound (uncovered classes through the
/// changed cells minus the classes those cells alone hold), scoring exactly, with incremental class counts,
/// until no remaining move can beat the best one. The best move that is not tabu (or reaches a new best) is
/// applied even when it loses coverage; its cells stay fixed for `tenure` steps. From a greedy start the
/// search removes the base row holding the fewest classes alone and searches again; a failed attempt is
/// undone and retried with another row. The budget counts class look-ups, never time, so the same
/// arguments and seed always give the same rows. `annealingShrink` is the same descent with annealing
/// steps instead of tabu steps.
struct OrbitSearch {
  let k: Int
  let t: Int
  let field: GaloisField
  var q: Int { field.order }
  /// Class slots per combo, q^(t-1) (indexed by the normalised difference vector; not all are classes).
  let slots: Int
  /// Classes per combo, (q^(t-1) - 1) / (q - 1).
  let classesPerCombo: Int
  /// Factors of combo `c` are `comboFactors[c * t ..< (c + 1) * t]`, increasing.
  let comboFactors: [Int]
  /// Combos through factor `f`: `factorCombos[factorComboOffsets[f] ..< factorComboOffsets[f + 1]]`.
  let factorCombos: [Int]
  let factorComboOffsets: [Int]
  /// `difference[a * q + b]` is b - a in GF(q).
  let difference: [Int]
  /// The class slot of a difference vector (x_2 - x_1, ..., x_t - x_1) read in base q; -1 for constant tuples.
  let normal: [Int]
  /// The multipliers a of the maps x -> a·x + b.
  let scales: [Int]
  var rng: SplitMix64

  /// Base rows, row-major, `rowCount * k`.
  var cells: [Int] = []
  var rowCount = 0
  /// How many base rows hold each class slot.
  var counts: [Int32]
  var uncoveredList: [Int32] = []
  var uncoveredPosition: [Int32]
  var tabuUntil: [Int] = []
  /// XOR of the base rows holding each class: the holding row itself when the count is 1.
  var holders: [Int32]
  /// Per base-row cell, how many classes through it no other base row holds.
  var unique: [Int32] = []
  /// Per factor, how many uncovered classes its combos have.
  var pending: [Int32]
  /// Class look-ups spent so far.
  var spent = 0

  // Scratch.
  var overlay: [Int]
  var comboStamp: [UInt32]
  var stampValue: UInt32 = 0
  var changed: [Int] = []
  var moves: [Move] = []
  var wanted: [Int] = []

  /// A candidate move: write the chosen class into `row` as a·y + b.
  struct Move {
    var bound: Int
    var row: Int
    var scale: Int
    var shift: Int
    var isTabu: Bool
  }

  /// The classes of `k` factors over GF(`order`) at strength `t`, or `nil` when `order` is not a prime
  /// power or there are more than `limit` class slots.
  init?(k: Int, order: Int, multiplierOrder m: Int? = nil, strength t: Int, seed: UInt64, limit: Int) {
    guard t >= 2, k >= t, let field = GaloisField(order: order) else { return nil }
    let q = order
    let m = m ?? q - 1
    guard m >= 1, (q - 1) % m == 0 else { return nil }
    self.k = k
    self.t = t
    self.field = field
    var slots = 1
    for _ in 1..<t { slots *= q }
    self.slots = slots
    // Over GF(2) the group is x -> x + 1, which acts freely on the constant tuples too: they form one more
    // class, held by base rows constant on the combo, and the array needs no constant rows.
    classesPerCombo = q == 2 ? slots : (slots - 1) / m
    var factors: [Int] = []
    var ofFactor = [[Int]](repeating: [], count: k)
    var combo = Array(0..<t)
    var comboCount = 0
    while true {
      for f in combo { ofFactor[f].append(comboCount) }
      factors += combo
      comboCount += 1
      if comboCount * slots > limit { return nil }
      if !combo.advanceCombination(below: k) { break }
    }
    comboFactors = factors
    factorCombos = ofFactor.flatMap { $0 }
    var offsets = [0]
    for list in ofFactor { offsets.append(offsets[offsets.count - 1] + list.count) }
    factorComboOffsets = offsets
    var negative = [Int](repeating: 0, count: q)
    var inverse = [Int](repeating: 0, count: q)
    for a in 0..<q {
      for b in 0..<q {
        if field.add(a, b) == 0 { negative[a] = b }
        if field.multiply(a, b) == 1 { inverse[a] = b }
      }
    }
    difference = (0..<q * q).map { field.add($0 % q, negative[$0 / q]) }
    // The multipliers: the elements a with a^m = 1, a subgroup of order m of GF(q)*.
    var scales: [Int] = []
    for a in 1..<q {
      var power = 1
      for _ in 0..<m { power = field.multiply(power, a) }
      if power == 1 { scales.append(a) }
    }
    guard scales.count == m else { return nil }
    self.scales = scales
    // Normalise a difference vector: the least code among its multiples by the scales.
    var normal = [Int](repeating: -1, count: slots)
    if q == 2 { normal[0] = 0 }
    for code in 1..<slots {
      var digits: [Int] = []
      var rest = code
      for _ in 1..<t {
        digits.append(rest % q)
        rest /= q
      }
      var least = Int.max
      for a in scales {
        var value = 0
        var weight = 1
        for d in digits {
          value += field.multiply(a, d) * weight
          weight *= q
        }
        least = min(least, value)
      }
      normal[code] = least
    }
    self.normal = normal
    rng = SplitMix64(seed: seed)
    counts = [Int32](repeating: 0, count: comboCount * slots)
    holders = [Int32](repeating: 0, count: comboCount * slots)
    uncoveredPosition = [Int32](repeating: -1, count: comboCount * slots)
    let perCombo = q == 2 ? slots : (slots - 1) / m
    pending = ofFactor.map { Int32($0.count * perCombo) }
    for c in 0..<comboCount {
      for slot in 0..<slots where normal[slot] == slot {
        uncoveredPosition[c * slots + slot] = Int32(uncoveredList.count)
        uncoveredList.append(Int32(c * slots + slot))
      }
    }
    overlay = [Int](repeating: -1, count: k)
    comboStamp = [UInt32](repeating: 0, count: comboCount)
  }

  var comboCount: Int { comboFactors.count / t }

  /// The number of rows of the full array.
  var fullRowCount: Int { (q == 2 ? 0 : q) + q * scales.count * rowCount }

  /// The full array: the constant rows, then every base row's images a·x + b (a ≠ 0), base row by base row.
  var rows: [[Int]] {
    var result = q == 2 ? [] : (0..<q).map { [Int](repeating: $0, count: k) }
    for r in 0..<rowCount {
      for a in scales {
        for b in 0..<q {
          result.append((0..<k).map { field.add(field.multiply(a, cells[r * k + $0]), b) })
        }
      }
    }
    return result
  }

  /// The class slot base row `r` holds in combo `c` (-1 when constant there), with the overlay's levels
  /// where it has one.
  @inline(__always)
  func classIndex(combo c: Int, row r: Int, overlaid: Bool) -> Int {
    let base = r * k
    let cb = c * t
    let f0 = comboFactors[cb]
    let first = overlaid && overlay[f0] >= 0 ? overlay[f0] : cells[base + f0]
    var code = 0
    var weight = 1
    for j in 1..<t {
      let f = comboFactors[cb + j]
      let level = overlaid && overlay[f] >= 0 ? overlay[f] : cells[base + f]
      code += difference[first * q + level] * weight
      weight *= q
    }
    let slot = normal[code]
    return slot < 0 ? -1 : c * slots + slot
  }

  @inline(__always)
  mutating func cover(_ index: Int, row r: Int) {
    if index < 0 { return }
    let before = counts[index]
    let cb = index / slots * t
    if before == 0 {
      UncoveredList.remove(index, list: &uncoveredList, positions: &uncoveredPosition)
      for j in 0..<t {
        pending[comboFactors[cb + j]] -= 1
        unique[r * k + comboFactors[cb + j]] += 1
      }
    } else if before == 1 {
      let holder = Int(holders[index])
      for j in 0..<t { unique[holder * k + comboFactors[cb + j]] -= 1 }
    }
    counts[index] = before + 1
    holders[index] ^= Int32(r)
  }

  @inline(__always)
  mutating func uncover(_ index: Int, row r: Int) {
    if index < 0 { return }
    let after = counts[index] - 1
    counts[index] = after
    holders[index] ^= Int32(r)
    let cb = index / slots * t
    if after == 0 {
      UncoveredList.insert(index, list: &uncoveredList, positions: &uncoveredPosition)
      for j in 0..<t {
        pending[comboFactors[cb + j]] += 1
        unique[r * k + comboFactors[cb + j]] -= 1
      }
    } else if after == 1 {
      let holder = Int(holders[index])
      for j in 0..<t { unique[holder * k + comboFactors[cb + j]] += 1 }
    }
  }

  /// Appends a base row and records its classes.
  mutating func append(_ row: [Int]) {
    cells += row
    tabuUntil += [Int](repeating: 0, count: k)
    unique += [Int32](repeating: 0, count: k)
    rowCount += 1
    let r = rowCount - 1
    for c in 0..<comboCount { cover(classIndex(combo: c, row: r, overlaid: false), row: r) }
  }

  /// Removes base row `r`, moving the last row into its place.
  mutating func remove(_ r: Int) {
    for c in 0..<comboCount { uncover(classIndex(combo: c, row: r, overlaid: false), row: r) }
    let last = rowCount - 1
    if r != last {
      let relabel = Int32(r ^ last)
      for c in 0..<comboCount {
        let index = classIndex(combo: c, row: last, overlaid: false)
        if index >= 0 { holders[index] ^= relabel }
      }
    }
    cells.removeRow(r, width: k)
    tabuUntil.removeRow(r, width: k)
    unique.removeRow(r, width: k)
    rowCount -= 1
  }

  /// Replaces all base rows.
  mutating func restore(_ saved: [Int]) {
    while rowCount > 0 { remove(rowCount - 1) }
    for r in 0..<saved.count / k { append(Array(saved[r * k..<(r + 1) * k])) }
  }

  /// The base row holding the fewest classes no other row holds (ties at random).
  mutating func leastUsefulRow() -> Int {
    var best = RandomBest<Int>()
    for r in 0..<rowCount {
      var alone = 0
      for f in 0..<k { alone += Int(unique[r * k + f]) }
      best.offer(r, score: -alone, rng: &rng)
    }
    return best.candidate ?? 0
  }

  /// Adds greedy base rows until every class is covered: each row starts from a random uncovered class and
  /// gives the other factors, in random order, the level holding the most uncovered classes with the factors
  /// already set.
  mutating func greedyFill() {
    var assigned = [Bool](repeating: false, count: k)
    // A scratch row at the end of `cells` (not counted) lets `classIndex` read the overlay.
    cells += [Int](repeating: 0, count: k)
    defer { cells.removeLast(k) }
    while !uncoveredList.isEmpty {
      let chosen = Int(uncoveredList[rng.below(uncoveredList.count)])
      let c = chosen / slots
      for f in 0..<k {
        overlay[f] = -1
        assigned[f] = false
      }
      var rest = chosen % slots
      let cb = c * t
      overlay[comboFactors[cb]] = 0
      assigned[comboFactors[cb]] = true
      for j in 1..<t {
        overlay[comboFactors[cb + j]] = rest % q
        assigned[comboFactors[cb + j]] = true
        rest /= q
      }
      var order = (0..<k).filter { !assigned[$0] }
      for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, rng.below(i + 1)) }
      let r = rowCount
      for f in order {
        var best = RandomBest<Int>()
        for level in 0..<q {
          overlay[f] = level
          var gain = 0
          for i in factorComboOffsets[f]..<factorComboOffsets[f + 1] {
            let combo = factorCombos[i]
            var complete = true
            for j in 0..<t where !assigned[comboFactors[combo * t + j]] && comboFactors[combo * t + j] != f {
              complete = false
              break
            }
            guard complete else { continue }
            let index = classIndex(combo: combo, row: r, overlaid: true)
            if index >= 0 && counts[index] == 0 { gain += 1 }
          }
          spent += factorComboOffsets[f + 1] - factorComboOffsets[f]
          best.offer(level, score: gain, rng: &rng)
        }
        overlay[f] = best.candidate ?? 0
        assigned[f] = true
      }
      let row = overlay
      for f in 0..<k { overlay[f] = -1 }
      // `append` must see the real row count's cells: drop the scratch row around it.
      cells.removeLast(k)
      append(row)
      cells += [Int](repeating: 0, count: k)
    }
  }

  /// Shrinks the array (see the type's discussion) until `lowerBound` base rows, `maxFailures` failed
  /// attempts in a row, or `totalBudget` look-ups.
  mutating func shrink(attemptBudget: Int, totalBudget: Int, tenure: Int, lowerBound: Int, maxFailures: Int) {
    var now = 0
    var best = 0
    removeRows(
      attemptBudget: attemptBudget, totalBudget: totalBudget, lowerBound: lowerBound, maxFailures: maxFailures
    ) { search, stepInAttempt in
      if stepInAttempt == 0 { best = search.uncoveredList.count }
      search.tabuStep(now: now, tenure: tenure, best: &best)
      now += 1
    }
  }

  /// From complete base rows, removes the row holding the fewest classes alone and re-covers the rest by
  /// `step` (called with its index within the attempt) within `attemptBudget` look-ups; a failed attempt is
  /// undone and retried with a random row. Stops at `lowerBound` base rows, `maxFailures` failed attempts
  /// in a row, or `totalBudget` look-ups.
  mutating func removeRows(
    attemptBudget: Int, totalBudget: Int, lowerBound: Int, maxFailures: Int,
    step: (inout OrbitSearch, Int) -> Void
  ) {
    guard uncoveredList.isEmpty else { return }
    var saved = cells
    var failures = 0
    while rowCount > lowerBound && spent < totalBudget && failures < maxFailures {
      remove(failures == 0 ? leastUsefulRow() : rng.below(rowCount))
      let start = spent
      var index = 0
      while !uncoveredList.isEmpty && spent - start < attemptBudget && spent < totalBudget {
        step(&self, index)
        index += 1
      }
      if uncoveredList.isEmpty {
        saved = cells
        failures = 0
      } else {
        restore(saved)
        failures += 1
      }
    }
    if !uncoveredList.isEmpty || saved.count != cells.count { restore(saved) }
  }

  /// One tabu step (see the type's discussion).
  mutating func tabuStep(now: Int, tenure: Int, best bestUncovered: inout Int) {
    let chosen = Int(uncoveredList[rng.below(uncoveredList.count)])
    let c = chosen / slots
    let cb = c * t
    var wanted = [Int](repeating: 0, count: t)
    var rest = chosen % slots
    for j in 1..<t {
      wanted[j] = rest % q
      rest /= q
    }
    let uncoveredNow = uncoveredList.count
    // Combos through a given pair of changed cells, which the loss bound may count twice.
    let shared = Constructions.binomial(k - 2, t - 2)
    var moves = self.moves
    moves.removeAll(keepingCapacity: true)
    for r in 0..<rowCount {
      let base = r * k
      for anchor in 0..<t {
        let kept = cells[base + comboFactors[cb + anchor]]
        for scale in scales {
          // a·y_anchor + b = kept.
          let shift = difference[field.multiply(scale, wanted[anchor]) * q + kept]
          // The same move is reached from every anchor whose cell already fits; score it once.
          var duplicate = false
          for earlier in 0..<anchor
          where field.add(field.multiply(scale, wanted[earlier]), shift)
            == cells[base + comboFactors[cb + earlier]]
          {
            duplicate = true
            break
          }
          if duplicate { continue }
          var gainBound = 0
          var alone = 0
          var changes = 0
          var isTabu = false
          for j in 0..<t {
            let f = comboFactors[cb + j]
            if field.add(field.multiply(scale, wanted[j]), shift) != cells[base + f] {
              changes += 1
              gainBound += Int(pending[f])
              alone += Int(unique[base + f])
              if tabuUntil[base + f] > now { isTabu = true }
            }
          }
          let lossBound = changes == 1 ? alone : max(0, alone - changes * (changes - 1) * shared)
          let bound = gainBound - lossBound
          if isTabu && uncoveredNow - bound >= bestUncovered { continue }
          moves.append(Move(bound: bound, row: r, scale: scale, shift: shift, isTabu: isTabu))
        }
      }
    }
    spent += moves.count
    moves.sort {
      $0.bound > $1.bound
        || ($0.bound == $1.bound && ($0.row, $0.scale, $0.shift) < ($1.row, $1.scale, $1.shift))
    }
    var best = RandomBest<Int>()
    for (m, move) in moves.enumerated() {
      if move.bound < best.score { break }
      setOverlay(move, wanted: wanted, combo: c)
      let score = moveScore(row: move.row)
      clearOverlay(combo: c)
      if move.isTabu && uncoveredNow - score >= bestUncovered { continue }
      best.offer(m, score: score, rng: &rng)
    }
    self.moves = moves
    spent += rowCount * t
    guard let chosenMove = best.candidate else { return }
    let move = moves[chosenMove]
    setOverlay(move, wanted: wanted, combo: c)
    for f in changed { tabuUntil[move.row * k + f] = now + tenure }
    applyOverlay(row: move.row)
    bestUncovered = min(bestUncovered, uncoveredList.count)
  }

  /// Sets the overlay (and `changed`) to the cells `move` changes in combo `c`.
  mutating func setOverlay(_ move: Move, wanted: [Int], combo c: Int) {
    changed.removeAll(keepingCapacity: true)
    let base = move.row * k
    for j in 0..<t {
      let f = comboFactors[c * t + j]
      let level = field.add(field.multiply(move.scale, wanted[j]), move.shift)
      if level != cells[base + f] {
        overlay[f] = level
        changed.append(f)
      }
    }
  }

  mutating func clearOverlay(combo c: Int) {
    for j in 0..<t { overlay[comboFactors[c * t + j]] = -1 }
  }

  private mutating func nextStamp() -> UInt32 {
    stampValue &+= 1
    if stampValue == 0 {
      for i in 0..<comboStamp.count { comboStamp[i] = 0 }
      stampValue = 1
    }
    return stampValue
  }

  /// Classes newly covered minus classes newly uncovered if base row `r` took the overlay at `changed`.
  mutating func moveScore(row r: Int) -> Int {
    let stamp = nextStamp()
    var score = 0
    var lookups = 0
    let (k, t, q, slots) = (self.k, self.t, self.q, self.slots)
    let base = r * k
    let changed = self.changed
    cells.withUnsafeBufferPointer { cells in
      overlay.withUnsafeBufferPointer { overlay in
        counts.withUnsafeBufferPointer { counts in
          comboStamp.withUnsafeMutableBufferPointer { stamps in
            comboFactors.withUnsafeBufferPointer { comboFactors in
              factorCombos.withUnsafeBufferPointer { factorCombos in
                difference.withUnsafeBufferPointer { difference in
                  normal.withUnsafeBufferPointer { normal in
                    factorComboOffsets.withUnsafeBufferPointer { offsets in
                      for f in changed {
                        for i in offsets[f]..<offsets[f + 1] {
                          let c = factorCombos[i]
                          if stamps[c] == stamp { continue }
                          stamps[c] = stamp
                          lookups += 1
                          let cb = c * t
                          let f0 = comboFactors[cb]
                          let old0 = cells[base + f0]
                          let o0 = overlay[f0]
                          let new0 = o0 >= 0 ? o0 : old0
                          var old = 0
                          var new = 0
                          var weight = 1
                          for j in 1..<t {
                            let g = comboFactors[cb + j]
                            let oldLevel = cells[base + g]
                            let o = overlay[g]
                            old += difference[old0 * q + oldLevel] * weight
                            new += difference[new0 * q + (o >= 0 ? o : oldLevel)] * weight
                            weight *= q
                          }
                          let oldSlot = normal[old]
                          let newSlot = normal[new]
                          if oldSlot == newSlot { continue }
                          if oldSlot >= 0 && counts[c * slots + oldSlot] == 1 { score -= 1 }
                          if newSlot >= 0 && counts[c * slots + newSlot] == 0 { score += 1 }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    spent += lookups
    return score
  }

  /// Writes the overlay into base row `r`, updating the counts, and clears it.
  mutating func applyOverlay(row r: Int) {
    let stamp = nextStamp()
    for f in changed {
      for i in factorComboOffsets[f]..<factorComboOffsets[f + 1] {
        let c = factorCombos[i]
        if comboStamp[c] == stamp { continue }
        comboStamp[c] = stamp
        let old = classIndex(combo: c, row: r, overlaid: false)
        let new = classIndex(combo: c, row: r, overlaid: true)
        if old == new { continue }
        uncover(old, row: r)
        cover(new, row: r)
      }
    }
    for f in changed {
      cells[r * k + f] = overlay[f]
      overlay[f] = -1
    }
  }
}
