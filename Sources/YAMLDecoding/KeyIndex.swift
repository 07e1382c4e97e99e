/// The key texts of one large mapping, for finding a duplicate key in O(1) per key.
///
/// An open-addressing table over Swift's seeded `Hasher` (so crafted keys cannot force collisions).
/// Each key is hashed once: the table keeps the hashes, so growing it does not hash the keys again,
/// which a `Dictionary` would do on every resize.
struct KeyIndex {
  private var texts: [String] = []
  private var marks: [Mark] = []
  private var hashes: [Int] = []
  /// Indices into `texts` plus one; 0 marks an empty slot. The count is a power of two.
  private var slots: [Int32]

  init(minimumCapacity: Int) {
    var size = 16
    while size < minimumCapacity * 2 { size *= 2 }
    slots = Array(repeating: 0, count: size)
    texts.reserveCapacity(minimumCapacity)
    marks.reserveCapacity(minimumCapacity)
    hashes.reserveCapacity(minimumCapacity)
  }

  /// Adds `text` at `mark`, or returns the mark of the equal key added before (leaving the index as it was).
  mutating func insert(_ text: String, at mark: Mark) -> Mark? {
    var hasher = Hasher()
    hasher.combine(text)
    let hash = hasher.finalize()
    let mask = slots.count - 1
    var slot = hash & mask
    while slots[slot] != 0 {
      let entry = Int(slots[slot]) - 1
      if hashes[entry] == hash && texts[entry] == text { return marks[entry] }
      slot = (slot + 1) & mask
    }
    slots[slot] = Int32(truncatingIfNeeded: texts.count + 1)
    texts.append(text)
    marks.append(mark)
    hashes.append(hash)
    if texts.count * 2 > slots.count { grow() }
    return nil
  }

  /// Doubles the table, placing every entry again by its stored hash.
  private mutating func grow() {
    slots = Array(repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for (entry, hash) in hashes.enumerated() {
      var slot = hash & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(truncatingIfNeeded: entry + 1)
    }
  }
}
