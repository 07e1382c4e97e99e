/// The index space of all t-tuples of a model: every t-combination of factors ("combo") and, inside it,
/// every assignment of levels in mixed radix (first factor most significant).
struct TupleSpace {
  let strength: Int
  let levels: [Int]
  /// Factors of combo `c` are `comboFactors[c * strength ..< (c + 1) * strength]`, increasing.
  let comboFactors: [Int]
  /// Mixed-radix strides aligned with `comboFactors`.
  let comboStrides: [Int]
  /// Tuples of combo `c` have indices `comboOffsets[c] ..< comboOffsets[c + 1]`.
  let comboOffsets: [Int]
  /// The combos that contain each factor, increasing.
  let combosOfFactor: [[Int]]
  /// For strength 2 only: each factor's pairs, ready for index arithmetic (empty otherwise).
  let pairsOfFactor: [[Pair]]

  /// One pair combo seen from one of its factors: tuple index = offset + own·ownStride + other·otherStride.
  struct Pair {
    var combo: Int
    var offset: Int
    var other: Int
    var ownStride: Int
    var otherStride: Int
  }

  var comboCount: Int { comboOffsets.count - 1 }
  var tupleCount: Int { comboOffsets[comboOffsets.count - 1] }

  /// Enumerates the combos in lexicographic order.
  ///
  /// - Throws: `CoveringError.tooManyTuples` past `limit`.
  init(levels: [Int], strength: Int, limit: Int) throws {
    self.strength = strength
    self.levels = levels
    let k = levels.count
    var factors: [Int] = []
    var strides: [Int] = []
    var offsets: [Int] = [0]
    var ofFactor = [[Int]](repeating: [], count: k)
    var combo = Array(0..<strength)
    var total = 0
    while true {
      var size = 1
      var local = [Int](repeating: 0, count: strength)
      for j in stride(from: strength - 1, through: 0, by: -1) {
        local[j] = size
        let (product, overflow) = size.multipliedReportingOverflow(by: levels[combo[j]])
        if overflow { throw CoveringError.tooManyTuples(count: Int.max, limit: limit) }
        size = product
        if size > limit { throw CoveringError.tooManyTuples(count: size, limit: limit) }
      }
      total += size
      if total > limit { throw CoveringError.tooManyTuples(count: total, limit: limit) }
      let index = offsets.count - 1
      for f in combo { ofFactor[f].append(index) }
      factors += combo
      strides += local
      offsets.append(total)
      if !combo.advanceCombination(below: k) { break }
    }
    comboFactors = factors
    comboStrides = strides
    comboOffsets = offsets
    combosOfFactor = ofFactor
    var pairs = [[Pair]](repeating: [], count: strength == 2 ? k : 0)
    if strength == 2 {
      for c in 0..<offsets.count - 1 {
        let (a, b) = (factors[2 * c], factors[2 * c + 1])
        let (sa, sb) = (strides[2 * c], strides[2 * c + 1])
        pairs[a].append(Pair(combo: c, offset: offsets[c], other: b, ownStride: sa, otherStride: sb))
        pairs[b].append(Pair(combo: c, offset: offsets[c], other: a, ownStride: sb, otherStride: sa))
      }
    }
    pairsOfFactor = pairs
  }

  /// The combo holding tuple `index` (binary search).
  func combo(ofTuple index: Int) -> Int {
    var low = 0
    var high = comboCount - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if comboOffsets[mid] <= index { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The levels of tuple `index`, aligned with its combo's factors.
  func levels(ofTuple index: Int, combo c: Int) -> [Int] {
    var rest = index - comboOffsets[c]
    var result = [Int](repeating: 0, count: strength)
    for j in 0..<strength {
      let s = comboStrides[c * strength + j]
      result[j] = rest / s
      rest %= s
    }
    return result
  }

  /// Tuple `index` as a public value.
  func tuple(at index: Int) -> Tuple {
    let c = combo(ofTuple: index)
    let base = c * strength
    return Tuple(
      factors: Array(comboFactors[base..<base + strength]), levels: levels(ofTuple: index, combo: c))
  }

  /// The index of the tuple that `row` holds in combo `c`.
  func index(combo c: Int, row: [Int]) -> Int {
    var value = comboOffsets[c]
    let base = c * strength
    for j in 0..<strength { value += row[comboFactors[base + j]] * comboStrides[base + j] }
    return value
  }
}
