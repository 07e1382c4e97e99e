import Testing

@testable import CoveringArrays

/// The small helpers the planner's tabu search and the orbit search share: row removal in flat per-cell
/// arrays, lexicographic combination stepping and the uncovered-tuple list, each against an oracle written
/// independently here.
struct SearchHelperTests {
  /// All t-subsets of 0..<n in lexicographic order, from bit masks.
  static func subsets(_ n: Int, _ t: Int) -> [[Int]] {
    (0..<(1 << n)).filter { $0.nonzeroBitCount == t }
      .map { mask in (0..<n).filter { mask & (1 << $0) != 0 } }
      .sorted { $0.lexicographicallyPrecedes($1) }
  }

  @Test(arguments: [(5, 3), (6, 2), (7, 4), (4, 4)])
  func `combinations step through every subset in order`(_ n: Int, _ t: Int) {
    var combo = Array(0..<t)
    var seen = [combo]
    while combo.advanceCombination(below: n) { seen.append(combo) }
    #expect(seen == Self.subsets(n, t))
    // Negative control: the oracle tells a different n apart.
    #expect(seen != Self.subsets(n + 1, t))
    let last = combo
    #expect(!combo.advanceCombination(below: n) && combo == last)
  }

  @Test func `removing a row moves the last row into its place`() {
    var cells = [0, 1, 10, 11, 20, 21, 30, 31]  // four rows of two cells
    cells.removeRow(1, width: 2)
    #expect(cells == [0, 1, 30, 31, 20, 21])
    cells.removeRow(2, width: 2)
    #expect(cells == [0, 1, 30, 31])
    // Negative control: the row order a plain removal would keep is not what the searches rely on.
    var plain = [0, 1, 10, 11, 20, 21, 30, 31]
    plain.removeSubrange(2..<4)
    #expect(plain != [0, 1, 30, 31, 20, 21])
  }

  @Test func `the uncovered list matches a set through random insertions and removals`() {
    var rng = SplitMix64(seed: 11)
    var list: [Int32] = []
    var positions = [Int32](repeating: -1, count: 64)
    var oracle = Set<Int>()
    for _ in 0..<2_000 {
      let index = rng.below(64)
      if oracle.contains(index) {
        UncoveredList.remove(index, list: &list, positions: &positions)
        oracle.remove(index)
      } else {
        UncoveredList.insert(index, list: &list, positions: &positions)
        oracle.insert(index)
      }
      #expect(Set(list.map(Int.init)) == oracle && list.count == oracle.count)
    }
    for i in 0..<64 {
      #expect(positions[i] < 0 ? !oracle.contains(i) : Int(list[Int(positions[i])]) == i)
    }
    // Negative control: a removal that forgets to clear the position is caught by the same check.
    if let first = list.first {
      var broken = positions
      var brokenList = list
      UncoveredList.remove(Int(first), list: &brokenList, positions: &broken)
      broken[Int(first)] = 0
      #expect(Int(brokenList.isEmpty ? -1 : brokenList[Int(broken[Int(first)])]) != Int(first))
    }
  }
}
