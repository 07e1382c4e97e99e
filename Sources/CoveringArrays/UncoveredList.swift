/// The uncovered tuples of a search as a list with O(1) insertion and removal: `list` holds the tuple
/// indices in any order and `positions[i]` is tuple i's place in it, or -1 when i is covered.
enum UncoveredList {
  /// Removes tuple `index` (which must be in the list), moving the last entry into its place.
  @inline(__always)
  static func remove(_ index: Int, list: inout [Int32], positions: inout [Int32]) {
    let position = Int(positions[index])
    let last = list.removeLast()
    if Int(last) != index {
      list[position] = last
      positions[Int(last)] = Int32(position)
    }
    positions[index] = -1
  }

  /// Appends tuple `index` (which must not be in the list).
  @inline(__always)
  static func insert(_ index: Int, list: inout [Int32], positions: inout [Int32]) {
    positions[index] = Int32(list.count)
    list.append(Int32(index))
  }
}
