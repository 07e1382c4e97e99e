extension Matrix {
  /// `include` or `exclude` entries indexed by the values they name, so a row finds the entries it
  /// matches with one dictionary look-up per group of entries instead of a test of every entry.
  ///
  /// Entries are grouped by the dimensions they name; a group maps the values of those dimensions (each
  /// value by the index of its first equal value in the dimension, as equal values match alike) to its
  /// entries, in file order. An entry that can match nothing (a value the dimension does not have) is
  /// left out.
  ///
  /// - Complexity: Building, O(*e* · *k*) for *e* entries of *k* keys; a look-up, O(*g* · *k* + *m* log *m*)
  ///   for *g* groups and *m* matching entries.
  struct EntryIndex {
    /// Per dimension, the index of the first value equal to each value.
    let canonical: [[Int32]]
    /// The dimensions a group's entries name (sorted), and the group's entries by those values.
    private(set) var groups: [(dimensions: [Int], entries: [[Int32]: [Int]])] = []
    /// The dimensions any entry names, sorted: rows equal on these match the same entries.
    private(set) var named: [Int] = []

    init(_ entries: [CompiledEntry], dimensions: [Dimension]) {
      canonical = dimensions.map { dimension in
        var first: [MatrixValue: Int32] = [:]
        return dimension.values.enumerated().map { index, value in
          if let earlier = first[value.value] { return earlier }
          first[value.value] = Int32(index)
          return Int32(index)
        }
      }
      var groupOf: [[Int]: Int] = [:]
      var named = Set<Int>()
      for (number, entry) in entries.enumerated() where !entry.impossible {
        let conditions = entry.conditions.sorted { $0.dimension < $1.dimension }
        let keys = conditions.map(\.dimension)
        // Every accepted value of a condition shares the first one's canonical index.
        let values = conditions.map { condition in
          Int32(condition.accepted.firstIndex(of: true) ?? 0)
        }
        let group: Int
        if let known = groupOf[keys] {
          group = known
        } else {
          group = groups.count
          groupOf[keys] = group
          groups.append((keys, [:]))
        }
        groups[group].entries[values, default: []].append(number)
        named.formUnion(keys)
      }
      self.named = named.sorted()
    }

    /// The canonical index of value `value` of dimension `dimension`.
    func canonicalValue(_ dimension: Int, _ value: Int) -> Int32 { canonical[dimension][value] }

    /// The entries a row matches, in file order; `value(d)` is the row's value index in dimension `d`.
    func matches(_ value: (Int) -> Int) -> [Int] {
      var found: [Int] = []
      for group in groups {
        let key = group.dimensions.map { canonical[$0][value($0)] }
        if let entries = group.entries[key] { found += entries }
      }
      return groups.count > 1 ? found.sorted() : found
    }

    /// The first entry a row matches, in file order.
    func firstMatch(_ value: (Int) -> Int) -> Int? {
      var first: Int?
      for group in groups {
        let key = group.dimensions.map { canonical[$0][value($0)] }
        if let entry = group.entries[key]?.first, entry < first ?? .max { first = entry }
      }
      return first
    }
  }
}
