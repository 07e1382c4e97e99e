import Diagnostics

/// Did-you-mean hints for unknown item ids, fast enough for plans of tens of thousands of items.
///
/// Gives exactly the answer of `Suggestion.hint` (the closest id by optimal-string-alignment distance
/// over lower-cased scalars, within a third of the longer length and at most 3; ties to the id that
/// sorts first; otherwise the sorted list), but `Suggestion.hint` fills a whole edit-distance table for
/// every candidate, about 0.1 s per unknown id in a 20,000-item plan. Here the ids are sorted and
/// lower-cased once, candidates whose length alone rules them out are skipped, and each distance is
/// computed in a diagonal band of the table, stopping as soon as a row exceeds the limit (or the best
/// distance found so far, as a later candidate must beat it).
///
/// When no id is that close and the items are known, an id that differs from an item's in exactly one
/// of its dot-separated segments (another input method, device or field id: a rename) is suggested,
/// with the `renamed_from:` that would make the old id count.
///
/// Public for the test-name hints of TestResults, which ask it for the closest of the normalised ids.
package final class ItemIDSuggester {
  private struct Candidate {
    var id: String
    var lowered: [Unicode.Scalar]
    /// Scalars of the id as written, which `Suggestion.closest` uses for the limit.
    var length: Int
  }

  private let ids: [String]
  private let listLimit: Int
  private var cache: [String: String] = [:]
  /// The items, for suggestions of renames; empty for none.
  private let items: [ObservableItem]
  /// For an id a re-plan dropped, the ids planned beside it: never suggested for it (issue 34: after
  /// Cangjie was dropped, its results were said to be Zhuyin's, which had been planned all along).
  private let plannedBeside: [String: Set<String>]

  /// Each item's id with one segment replaced by `*`, to the items (in order) it comes from.
  private lazy var oneSegmentOff: [String: [Int]] = {
    var index: [String: [Int]] = [:]
    for (offset, item) in items.enumerated() {
      let segments = item.id.rawValue.split(separator: ".", omittingEmptySubsequences: false)
      for position in segments.indices {
        var masked = segments
        masked[position] = "*"
        index[masked.joined(separator: "."), default: []].append(offset)
      }
    }
    return index
  }()

  /// The ids in `Suggestion.closest`'s order (sorted), lower-cased; built on the first unknown id.
  private lazy var candidates: [Candidate] = ids.sorted().map {
    Candidate(id: $0, lowered: Array($0.lowercased().unicodeScalars), length: $0.unicodeScalars.count)
  }

  /// The hint when nothing is close: the sorted choices, as `Suggestion.hint` lists them.
  private lazy var listing: String = {
    let sorted = ids.sorted().map { "'\($0)'" }
    guard let last = sorted.last else { return "" }
    if sorted.count > listLimit {
      return
        "; expected one of \(sorted.prefix(listLimit).joined(separator: ", ")), … (\(sorted.count) in all)"
    }
    if sorted.count == 1 { return "; expected \(last)" }
    return "; expected \(sorted.dropLast().joined(separator: ", ")) or \(last)"
  }()

  /// A suggester among `ids`; `listLimit` ids at most are listed when none is close, and `items` (when
  /// given) let it suggest a rename.
  package init(
    ids: [String], listLimit: Int, items: [ObservableItem] = [], plannedBeside: [String: Set<String>] = [:]
  ) {
    self.ids = ids
    self.listLimit = listLimit
    self.items = items
    self.plannedBeside = plannedBeside
  }

  /// `; did you mean 'x'?`, as `Suggestion.hint` would say it; else a rename's suggestion; else the
  /// list of valid ids.
  func hint(for word: String) -> String {
    if let known = cache[word] { return known }
    let beside = plannedBeside[word] ?? []
    let hint =
      closest(to: word, excluding: beside).map { "; did you mean '\($0)'?" } ?? renamed(
        word, excluding: beside)
      ?? listing
    cache[word] = hint
    return hint
  }

  /// `; did you mean 'new id'? (input method 'old' is not in the plan; …renamed_from…)` when `word`
  /// is an item's id with one segment changed, or `nil`.
  ///
  /// A segment's value that an id planned beside `word` had (the keyboard, device or field planned
  /// with it all along) is never suggested as its new name, even for an item that is new.
  func renamed(_ word: String, excluding beside: Set<String> = []) -> String? {
    let segments = word.split(separator: ".", omittingEmptySubsequences: false)
    let besideSegments = beside.map { $0.split(separator: ".", omittingEmptySubsequences: false) }
    for position in segments.indices {
      var masked = segments
      masked[position] = "*"
      let plannedAlready = Set(besideSegments.compactMap { $0.count == segments.count ? $0[position] : nil })
      guard
        let offset = oneSegmentOff[masked.joined(separator: ".")]?.first(where: {
          let id = items[$0].id.rawValue
          let value = id.split(separator: ".", omittingEmptySubsequences: false)[position]
          return !beside.contains(id) && !plannedAlready.contains(value)
        })
      else { continue }
      let item = items[offset]
      let old = String(segments[position])
      let new = String(item.id.rawValue.split(separator: ".", omittingEmptySubsequences: false)[position])
      let kinds: [(String, String?)] = [
        ("input method", item.inputMethod?.rawValue), ("device", item.device.rawValue),
        ("field", item.field?.rawValue),
      ]
      guard let kind = kinds.first(where: { $0.1 == new })?.0 else {
        return "; did you mean '\(item.id)'?"
      }
      return "; did you mean '\(item.id)'? (\(kind) '\(old)' is not in the plan; if it was renamed "
        + "'\(new)', add 'renamed_from: [\(old)]' to \(kind) '\(new)' in the matrix)"
    }
    return nil
  }

  /// `Suggestion.closest(to: word, among: ids)`.
  ///
  /// - Complexity: O(*k* · *n*) for *k* ids of about the length of `word` (*n*), as the limit is at most 3.
  package func closest(to word: String, excluding beside: Set<String> = []) -> String? {
    let target = Array(word.lowercased().unicodeScalars)
    var best: (distance: Int, id: String)?
    for candidate in candidates where candidate.id != word && !beside.contains(candidate.id) {
      var limit = min(3, max(1, max(target.count, candidate.length) / 3))
      if let best { limit = min(limit, best.distance - 1) }
      guard limit >= 0, abs(target.count - candidate.lowered.count) <= limit else { continue }
      if let distance = Self.distance(target, candidate.lowered, atMost: limit) {
        best = (distance, candidate.id)
      }
    }
    return best?.id
  }

  /// The optimal-string-alignment distance of `a` and `b` when it is at most `limit`, else `nil`.
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int) -> Int? {
    if a.isEmpty { return b.count <= limit ? b.count : nil }
    if b.isEmpty { return a.count <= limit ? a.count : nil }
    let infinity = limit + 1
    let width = b.count + 1
    var previous2 = [Int](repeating: infinity, count: width)
    var previous = (0...b.count).map { $0 <= limit ? $0 : infinity }
    var current = [Int](repeating: infinity, count: width)
    for i in 1...a.count {
      let low = max(1, i - limit)
      let high = min(b.count, i + limit)
      current[0] = i <= limit ? i : infinity
      if low > 1 { current[low - 1] = infinity }
      var rowMinimum = current[0]
      if low <= high {
        for j in low...high {
          let cost = a[i - 1] == b[j - 1] ? 0 : 1
          var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
          if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
            value = min(value, previous2[j - 2] + 1)
          }
          current[j] = min(value, infinity)
          rowMinimum = min(rowMinimum, current[j])
        }
      }
      if high < b.count { current[high + 1] = infinity }
      if rowMinimum > limit { return nil }
      (previous2, previous, current) = (previous, current, previous2)
    }
    let distance = previous[b.count]
    return distance <= limit ? distance : nil
  }
}
