extension Array {
  /// Treats the array as rows of `width` elements and removes row `r` by moving the last row into its
  /// place (the order the searches' `remove` keeps for their per-cell state).
  mutating func removeRow(_ r: Int, width: Int) {
    let last = count / width - 1
    if r != last {
      for f in 0..<width { self[r * width + f] = self[last * width + f] }
    }
    removeLast(width)
  }
}

extension Array where Element == Int {
  /// Advances a strictly increasing combination of values in `0..<n` to the next one in lexicographic
  /// order; false (leaving it unchanged) after the last.
  mutating func advanceCombination(below n: Int) -> Bool {
    let t = count
    var j = t - 1
    while j >= 0 && self[j] == n - t + j { j -= 1 }
    if j < 0 { return false }
    self[j] += 1
    for i in (j + 1)..<t { self[i] = self[i - 1] + 1 }
    return true
  }
}
