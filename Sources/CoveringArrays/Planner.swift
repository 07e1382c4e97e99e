/// The working state of one generation: the rows planned so far and how often each t-tuple is covered.
///
/// Rows `0..<lockedRows` (seeds and kept earlier rows) are never changed or removed; the others are built
/// greedily and then improved by `Planner+LocalSearch`.
struct Planner {
  let space: TupleSpace
  let k: Int
  let t: Int
  var constraints: ConstraintSet
  /// Per factor, per level preference for free cells; `nil` means uniform.
  let weights: [[Double]?]
  var rng: SplitMix64

  /// Row-major cells, `rowCount * k`.
  var cells: [Int] = []
  var rowCount = 0
  var lockedRows = 0
  /// How many rows hold each tuple.
  var counts: [Int32]
  /// Coverable tuples that no row holds, in no particular order, with their positions (-1 when absent).
  var uncoveredList: [Int32] = []
  var uncoveredPosition: [Int32]
  /// XOR of the indices of the rows holding each tuple: the holding row itself when the count is 1.
  var holders: [Int32]
  /// Per cell, how many tuples through it no other row holds (what changing the cell would cost).
  var unique: [Int32] = []
  /// Whether some valid row holds each tuple (all `true` without constraints).
  let coverable: [Bool]

  // Scratch for move evaluation.
  var comboStamp: [UInt32]
  var stampValue: UInt32 = 0
  var overlay: [Int]
  var tabuUntil: [Int] = []
  var shortlist: [Int] = []
  var ties: [Int] = []
  var stepLevels: [Int]
  var stepFactors: [Int]
  var stepStrides: [Int]

  init(
    space: TupleSpace, constraints: ConstraintSet, coverable: [Bool], weights: [[Double]?],
    rng: SplitMix64
  ) {
    self.space = space
    self.k = space.levels.count
    self.t = space.strength
    self.constraints = constraints
    self.coverable = coverable
    self.weights = weights
    self.rng = rng
    counts = [Int32](repeating: 0, count: space.tupleCount)
    holders = [Int32](repeating: 0, count: space.tupleCount)
    uncoveredPosition = [Int32](repeating: -1, count: space.tupleCount)
    comboStamp = [UInt32](repeating: 0, count: space.comboCount)
    overlay = [Int](repeating: -1, count: space.levels.count)
    stepLevels = [Int](repeating: 0, count: space.strength)
    stepFactors = [Int](repeating: 0, count: space.strength)
    stepStrides = [Int](repeating: 0, count: space.strength)
    resetCoverage()
  }

  /// Forgets all coverage: every coverable tuple is uncovered.
  mutating func resetCoverage() {
    for i in 0..<counts.count {
      counts[i] = 0
      holders[i] = 0
    }
    uncoveredList.removeAll(keepingCapacity: true)
    for i in 0..<space.tupleCount where coverable[i] {
      UncoveredList.insert(i, list: &uncoveredList, positions: &uncoveredPosition)
    }
  }

  func row(_ r: Int) -> [Int] { Array(cells[r * k..<(r + 1) * k]) }

  var rows: [[Int]] { (0..<rowCount).map { row($0) } }

  /// Records that row `r` now holds tuple `index` of combo `c`.
  @inline(__always)
  mutating func cover(_ index: Int, row r: Int, combo c: Int) {
    let before = counts[index]
    if before == 0 {
      UncoveredList.remove(index, list: &uncoveredList, positions: &uncoveredPosition)
      adjustUnique(row: r, combo: c, by: 1)
    } else if before == 1 {
      adjustUnique(row: Int(holders[index]), combo: c, by: -1)
    }
    counts[index] = before + 1
    holders[index] ^= Int32(r)
  }

  /// Records that row `r` no longer holds tuple `index` of combo `c`.
  @inline(__always)
  mutating func uncover(_ index: Int, row r: Int, combo c: Int) {
    let after = counts[index] - 1
    counts[index] = after
    holders[index] ^= Int32(r)
    if after == 0 {
      UncoveredList.insert(index, list: &uncoveredList, positions: &uncoveredPosition)
      adjustUnique(row: r, combo: c, by: -1)
    } else if after == 1 {
      adjustUnique(row: Int(holders[index]), combo: c, by: 1)
    }
  }

  @inline(__always)
  private mutating func adjustUnique(row r: Int, combo c: Int, by delta: Int32) {
    let base = r * k
    for j in 0..<t { unique[base + space.comboFactors[c * t + j]] += delta }
  }

  /// Appends a full valid row and records its coverage.
  mutating func append(_ row: [Int]) {
    let r = rowCount
    cells += row
    tabuUntil += [Int](repeating: 0, count: k)
    unique += [Int32](repeating: 0, count: k)
    rowCount += 1
    for c in 0..<space.comboCount { cover(space.index(combo: c, row: row), row: r, combo: c) }
  }

  /// Removes row `r` (an unlocked one) by moving the last row into its place.
  mutating func remove(_ r: Int) {
    let removed = row(r)
    for c in 0..<space.comboCount { uncover(space.index(combo: c, row: removed), row: r, combo: c) }
    let last = rowCount - 1
    if r != last {
      let moved = row(last)
      let relabel = Int32(r ^ last)
      for c in 0..<space.comboCount { holders[space.index(combo: c, row: moved)] ^= relabel }
    }
    cells.removeRow(r, width: k)
    tabuUntil.removeRow(r, width: k)
    unique.removeRow(r, width: k)
    rowCount -= 1
  }

  /// Replaces all rows (rebuilding the coverage counts).
  mutating func restore(cells saved: [Int], rowCount savedCount: Int) {
    resetCoverage()
    cells = []
    tabuUntil = []
    unique = []
    rowCount = 0
    for r in 0..<savedCount { append(Array(saved[r * k..<(r + 1) * k])) }
  }

  /// How many uncovered tuples a full row would cover.
  func newCoverage(_ row: [Int]) -> Int {
    if t == 2 {
      var gain = 0
      uncoveredPosition.withUnsafeBufferPointer { position in
        row.withUnsafeBufferPointer { row in
          for f in 0..<k {
            let own = row[f]
            for pair in space.pairsOfFactor[f]
            where pair.other > f
              && position[pair.offset + own * pair.ownStride + row[pair.other] * pair.otherStride] >= 0
            {
              gain += 1
            }
          }
        }
      }
      return gain
    }
    var gain = 0
    for c in 0..<space.comboCount where uncoveredPosition[space.index(combo: c, row: row)] >= 0 {
      gain += 1
    }
    return gain
  }

  /// The weight of `level` of factor `f` for tie-breaking.
  func weight(_ f: Int, _ level: Int) -> Double {
    weights[f]?[level] ?? 1
  }

  /// Shuffles with this planner's generator (Fisher-Yates, platform-independent).
  mutating func shuffle(_ values: inout [Int]) {
    guard values.count > 1 else { return }
    for i in stride(from: values.count - 1, to: 0, by: -1) {
      values.swapAt(i, rng.below(i + 1))
    }
  }
}
