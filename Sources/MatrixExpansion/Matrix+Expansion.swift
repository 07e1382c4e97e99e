import Diagnostics

/// The result of expanding a matrix, kept compact: the surviving cartesian rows are value indices, so a
/// million-row expansion costs a few megabytes until combinations are asked for.
package struct Expansion: Sendable {
  /// Dimension names, in matrix order.
  let names: [String]
  /// Each dimension's values.
  let values: [[MatrixValue]]
  /// `names.count` value indices per surviving cartesian row.
  let rows: [Int32]
  /// The lists of keys `include` entries merge into surviving rows: rows that match the same entries
  /// share one list.
  let extraLists: [[MatrixMember]]
  /// Per surviving row, the index of its list in `extraLists`, or -1; empty when no row has one.
  let extraOfRow: [Int32]
  /// `include` entries that matched no row, appended in order.
  let appended: [Combination]
  /// How many cartesian combinations the `exclude` entries removed.
  package var excludedCount: Int
  /// Per `exclude` entry, how many combinations it removed (an entry removes only what no earlier entry did);
  /// empty for covering arrays, where the entries are constraints.
  package var removedByExclude: [Int] = []
  /// Per `include` entry, how many rows it was merged into; 0 means it was appended as a new row.
  package var mergedByInclude: [Int] = []
  /// Warnings found on the way (values that differ only by type, entries that match nothing).
  package var warnings: [Diagnostic]

  var survivorCount: Int { names.isEmpty ? 0 : rows.count / names.count }

  /// The keys `include` entries merged into surviving row `row`, if any.
  func extras(_ row: Int) -> [MatrixMember]? {
    guard !extraOfRow.isEmpty, extraOfRow[row] >= 0 else { return nil }
    return extraLists[Int(extraOfRow[row])]
  }

  /// The number of combinations.
  package var count: Int { survivorCount + appended.count }

  /// The combination at `index` (0..<count), in GitHub's order.
  package func combination(at index: Int) -> Combination {
    guard index < survivorCount else { return appended[index - survivorCount] }
    let width = names.count
    var members: [MatrixMember] = []
    let added = extras(index)
    members.reserveCapacity(width + (added?.count ?? 0))
    for d in 0..<width {
      members.append(MatrixMember(names[d], values[d][Int(rows[index * width + d])]))
    }
    if let added { members += added }
    return Combination(members)
  }

  /// Every combination, in GitHub's order.
  package var combinations: [Combination] { (0..<count).map(combination(at:)) }

  /// Writes the combinations as JSON Lines, handing `write` chunks of about `chunkSize` bytes.
  ///
  /// Each `"key":value` fragment of the cartesian part, and each list of keys `include` entries merged,
  /// is rendered once, so a row costs a few appends.
  package func writeJSONLines(chunkSize: Int = 1 << 16, _ write: (String) -> Void) {
    let width = names.count
    let fragments = (0..<width).map { d in
      values[d].map { (d == 0 ? "{" : ",") + names[d].jsonQuoted + ":" + $0.json }
    }
    // The keys includes merged, rendered once per shared list.
    let extraFragments = extraLists.map { list in
      list.map { "," + $0.key.jsonQuoted + ":" + $0.value.json }.joined()
    }
    var buffer = ""
    buffer.reserveCapacity(chunkSize + 1024)
    for row in 0..<survivorCount {
      for d in 0..<width { buffer += fragments[d][Int(rows[row * width + d])] }
      if !extraOfRow.isEmpty, extraOfRow[row] >= 0 { buffer += extraFragments[Int(extraOfRow[row])] }
      buffer += "}"
      buffer += "\n"
      if buffer.utf8.count >= chunkSize {
        write(buffer)
        buffer.removeAll(keepingCapacity: true)
      }
    }
    for combination in appended {
      buffer += combination.json
      buffer += "\n"
    }
    if !buffer.isEmpty { write(buffer) }
  }
}

extension Matrix {
  /// The default largest number of combinations `expand` produces; `--max-combinations` overrides it.
  ///
  /// GitHub stops at 256 jobs per workflow run; a QA plan of core checks can be larger, so the default
  /// is higher, but still small enough that a typo (a dimension pasted twice) fails fast.
  package static let defaultCombinationLimit = 100_000

  /// The most `include` entries a matrix may have (GitHub's own matrices stop at 256 jobs).
  package static let maxIncludeEntries = 1_000

  /// The most `exclude` entries a matrix may have.
  package static let maxExcludeEntries = 1_000

  /// Expands the matrix exactly as GitHub Actions does.
  ///
  /// 1. The cartesian product of the dimensions, first dimension outermost.
  /// 2. `exclude` entries remove every combination they match partially (all their keys equal).
  /// 3. Each `include` entry, in order, is merged into every remaining combination where it overwrites no
  ///    original matrix value; it may overwrite values added by earlier includes. An entry that fits no
  ///    combination becomes a new combination, appended in order. A matrix with only `include` yields
  ///    exactly its entries.
  ///
  /// Values compare by type and text (`17` and `"17"` differ), with a warning where they differ only
  /// by type.
  ///
  /// - Parameter limit: The largest number of combinations to produce.
  /// - Returns: The combinations and any warnings.
  /// - Throws: `DiagnosticList` for an empty matrix or dimension, an `exclude` key that is not a
  ///   dimension, or more combinations than `limit`.
  /// - Complexity: O(*p* · *d* · *g* + *n* · *d* + *u* · *i* · *k*) for a product of *p* combinations over
  ///   *d* dimensions, *g* groups of `exclude` entries naming the same dimensions, *n* surviving
  ///   combinations, and *u* distinct values of the dimensions the *i* `include` entries of *k* keys name
  ///   (``EntryIndex``): no entry is tested against every row.
  package func expand(limit: Int = Matrix.defaultCombinationLimit) throws(DiagnosticList) -> Expansion {
    var warnings: [Diagnostic] = []
    try validate(warnings: &warnings)

    let excludes = EntryIndex(
      exclude.map { entry in compile(entry, dimensionKeysOnly: true, warnings: &warnings) },
      dimensions: dimensions)
    let product = dimensions.reduce(into: dimensions.isEmpty ? 0 : 1) { total, dimension in
      let (value, overflow) = total.multipliedReportingOverflow(by: dimension.values.count)
      total = overflow ? Int.max : value
    }
    // Excludes can only shrink the product, so walk it only while that stays bounded.
    let walkLimit = limit.multipliedReportingOverflow(by: 16).overflow ? Int.max : limit * 16
    if product > walkLimit {
      throw DiagnosticList([
        error(
          at: location,
          Message.tooManyCombinations(product, limit: limit, before: true))
      ])
    }

    // 1 and 2: the product, minus excluded rows, as value indices.
    let width = dimensions.count
    var rows: [Int32] = []
    var excludedCount = 0
    var excludeHits = [Int](repeating: 0, count: exclude.count)
    if product > 0 {
      rows.reserveCapacity(min(product, limit) * width)
      var odometer = [Int](repeating: 0, count: width)
      let counts = dimensions.map(\.values.count)
      outer: while true {
        // An entry removes only what no earlier entry did.
        if let e = excludes.firstMatch({ odometer[$0] }) {
          excludeHits[e] += 1
          excludedCount += 1
        } else {
          for index in odometer { rows.append(Int32(index)) }
        }
        var d = width - 1
        while d >= 0 {
          odometer[d] += 1
          if odometer[d] < counts[d] { continue outer }
          odometer[d] = 0
          d -= 1
        }
        break
      }
    }
    for (e, hits) in excludeHits.enumerated() where hits == 0 {
      warnings.append(
        Diagnostic(
          .warning, path: path, location: exclude[e].location, message: Message.excludeMatchesNothing))
    }

    var expansion = try finish(rows: rows, excludedCount: excludedCount, limit: limit, warnings: warnings)
    expansion.removedByExclude = excludeHits
    return expansion
  }

  /// Step 3 and the limits: merges `include` entries into `rows` (value indices, one row per
  /// `dimensions.count`) or appends them, and checks the result's size.
  func finish(
    rows: [Int32], excludedCount: Int, limit: Int, warnings: [Diagnostic]
  ) throws(DiagnosticList) -> Expansion {
    var warnings = warnings
    let width = dimensions.count
    let survivors = rows.count / max(width, 1)
    let compiled = include.map { entry in compile(entry, dimensionKeysOnly: false, warnings: &warnings) }
    let index = EntryIndex(compiled, dimensions: dimensions)
    // Rows equal on the dimensions the entries name match the same entries: each distinct such
    // projection is looked up once, and its merged keys are built once and shared.
    var listOfProjection: [[Int32]: Int32] = [:]
    var matchedBy: [[Int]] = []
    var rowsOfList: [Int] = []
    var extraOfRow: [Int32] = []
    if !index.groups.isEmpty {
      extraOfRow.reserveCapacity(survivors)
      for row in 0..<survivors {
        let base = row * width
        let projection = index.named.map { index.canonicalValue($0, Int(rows[base + $0])) }
        let list =
          listOfProjection[projection]
          ?? {
            let matched = index.matches { Int(rows[base + $0]) }
            let id = matched.isEmpty ? -1 : Int32(matchedBy.count)
            if !matched.isEmpty {
              matchedBy.append(matched)
              rowsOfList.append(0)
            }
            listOfProjection[projection] = id
            return id
          }()
        if list >= 0 { rowsOfList[Int(list)] += 1 }
        extraOfRow.append(list)
      }
    }
    var merged = [Int](repeating: 0, count: include.count)
    let extraLists = zip(matchedBy, rowsOfList).map { entries, rowCount in
      // Later entries overwrite the keys earlier ones added.
      var added: [MatrixMember] = []
      var position: [String: Int] = [:]
      for entry in entries {
        merged[entry] += rowCount
        for member in compiled[entry].extraMembers {
          if let at = position[member.key] {
            added[at].value = member.value
          } else {
            position[member.key] = added.count
            added.append(member)
          }
        }
      }
      return added
    }
    let appended = include.indices.filter { merged[$0] == 0 }.map { e in
      Combination(include[e].members.map { MatrixMember($0.key, $0.value.value) })
    }

    let total = survivors + appended.count
    if total > limit {
      throw DiagnosticList([
        error(at: location, Message.tooManyCombinations(total, limit: limit, before: false))
      ])
    }
    if total == 0 {
      throw DiagnosticList([error(at: location, Message.everythingExcluded)])
    }
    return Expansion(
      names: dimensions.map(\.name), values: dimensions.map { $0.values.map(\.value) }, rows: rows,
      extraLists: extraLists, extraOfRow: extraLists.isEmpty ? [] : extraOfRow, appended: appended,
      excludedCount: excludedCount, mergedByInclude: merged,
      warnings: warnings)
  }

  /// Structural errors, all of them at once, and type-only duplicates within a dimension.
  func validate(warnings: inout [Diagnostic]) throws(DiagnosticList) {
    var errors: [Diagnostic] = []
    if dimensions.isEmpty && include.isEmpty {
      errors.append(error(at: location, Message.emptyMatrix))
    }
    for dimension in dimensions {
      if dimension.values.isEmpty {
        errors.append(error(at: dimension.location, Message.emptyDimension(dimension.name)))
      }
      var seen: [MatrixValue] = []
      for value in dimension.values {
        if let other = seen.first(where: { value.value.differsOnlyByType(from: $0) }) {
          warnings.append(
            Diagnostic(
              .warning, path: path, location: value.location,
              message: Message.typeOnly(value.value, other, in: dimension.name)))
        }
        seen.append(value.value)
      }
    }
    for (kind, entries, limit) in [
      ("include", include, Self.maxIncludeEntries), ("exclude", exclude, Self.maxExcludeEntries),
    ] where entries.count > limit {
      errors.append(
        error(at: entries[limit].location, Message.tooManyEntries(kind, entries.count, limit: limit)))
    }
    let names = dimensions.map(\.name)
    for entry in exclude {
      for member in entry.members where !names.contains(member.key) {
        errors.append(
          error(
            at: member.keyLocation ?? entry.location,
            Message.excludeKeyNotDimension(member.key, names)))
      }
    }
    if !errors.isEmpty { throw DiagnosticList(errors) }
  }

  /// An entry turned into per-dimension sets of matching value indices.
  struct CompiledEntry {
    var conditions: [(dimension: Int, accepted: [Bool])]
    var extraMembers: [MatrixMember]
    /// True when a dimension key's value is not among the dimension's values: it can match nothing.
    var impossible: Bool
  }

  func compile(_ entry: Entry, dimensionKeysOnly: Bool, warnings: inout [Diagnostic]) -> CompiledEntry {
    var compiled = CompiledEntry(conditions: [], extraMembers: [], impossible: false)
    for member in entry.members {
      guard let d = dimensions.firstIndex(where: { $0.name == member.key }) else {
        if !dimensionKeysOnly { compiled.extraMembers.append(MatrixMember(member.key, member.value.value)) }
        continue
      }
      let accepted = dimensions[d].values.map { $0.value == member.value.value }
      if !accepted.contains(true) {
        compiled.impossible = true
        if let near = dimensions[d].values.first(where: {
          $0.value.differsOnlyByType(from: member.value.value)
        }) {
          warnings.append(
            Diagnostic(
              .warning, path: path, location: member.value.location,
              message: Message.typeOnly(member.value.value, near.value, in: member.key)))
        }
      }
      compiled.conditions.append((d, accepted))
    }
    return compiled
  }

  func error(at location: TextPosition?, _ message: String) -> Diagnostic {
    Diagnostic(.error, path: path, location: location, message: message)
  }
}

extension Matrix {
  /// Messages raised by expansion.
  enum Message {
    static let emptyMatrix =
      "the matrix is empty; give at least one dimension (such as 'os: [\"27.x\"]') or an 'include' entry"
    static let everythingExcluded =
      "the 'exclude' entries remove every combination; the matrix would be empty"
    static let excludeMatchesNothing = "this 'exclude' entry matches no combination"

    static func emptyDimension(_ name: String) -> String {
      "dimension '\(name)' has no values; give at least one or remove it"
    }

    static func excludeKeyNotDimension(_ key: String, _ names: [String]) -> String {
      "'exclude' key '\(key)' is not a matrix dimension\(Suggestion.didYouMean(key, among: names))"
        + (names.isEmpty ? "" : " (dimensions: \(names.quotedList))")
    }

    static func typeOnly(_ a: MatrixValue, _ b: MatrixValue, in key: String) -> String {
      "\(a.typeName) \(a.json) and \(b.typeName) \(b.json) in '\(key)' differ only by type, "
        + "so they never match; quote both or neither"
    }

    static func tooManyEntries(_ kind: String, _ count: Int, limit: Int) -> String {
      "the matrix has \(count) '\(kind)' entries, over the limit of \(limit) "
        + "(Matrix.max\(kind.prefix(1).uppercased() + kind.dropFirst())Entries); this is the first one over it"
    }

    static func tooManyCombinations(_ count: Int, limit: Int, before: Bool) -> String {
      let amount = count == Int.max ? "more than \(Int.max)" : String(count)
      return "the matrix expands to \(amount) combinations\(before ? " before exclusion" : ""), "
        + "over the limit of \(limit); split the matrix, exclude more, or raise the limit with --max-combinations"
    }
  }
}
