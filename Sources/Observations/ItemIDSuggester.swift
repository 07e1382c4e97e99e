import Diagnostics

/// Did-you-mean hints for unknown item ids, fast enough for plans of tens of thousands of items.
///
/// `Suggestion.hint` compares a word with every candidate (an edit distance each), which for a
/// 20,000-item plan costs about 0.1 s per unknown id. This gives the same answer from a trigram
/// index: a candidate within edit distance *k* of the word keeps all but at most *k*·(*q*+1) of the
/// word's distinct *q*-grams (an edit or transposition touches at most *q*+1 of them), so only
/// candidates sharing enough trigrams are compared exactly, by `Suggestion.closest` itself.
final class ItemIDSuggester {
  private let ids: [String]
  /// Lower-cased trigram (three scalars packed in 63 bits) to the indices of the ids that hold it;
  /// built on the first unknown id.
  private lazy var index: [UInt64: [Int32]] = {
    var index: [UInt64: [Int32]] = [:]
    for (offset, id) in ids.enumerated() {
      for gram in Set(Self.grams(id)) {
        index[gram, default: []].append(Int32(offset))
      }
    }
    return index
  }()
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
  private var cache: [String: String] = [:]
  private let listLimit: Int
  /// The largest edit distance `Suggestion.closest` accepts.
  private static let maxDistance = 3
  private static let q = 3

  init(ids: [String], listLimit: Int) {
    self.ids = ids
    self.listLimit = listLimit
  }

  /// `; did you mean 'x'?`, or the list of valid ids, exactly as `Suggestion.hint` would say it.
  func hint(for word: String) -> String {
    if let known = cache[word] { return known }
    let hint: String
    if let close = Suggestion.closest(to: word, among: candidates(for: word)) {
      hint = "; did you mean '\(close)'?"
    } else {
      hint = listing
    }
    cache[word] = hint
    return hint
  }

  /// The ids that may be within the edit-distance limit of `word`; all of them for short words.
  private func candidates(for word: String) -> [String] {
    let grams = Set(Self.grams(word))
    let threshold = grams.count - Self.maxDistance * (Self.q + 1)
    guard threshold > 0 else { return ids }
    var shared = [Int32](repeating: 0, count: ids.count)
    var result: [String] = []
    for gram in grams {
      for offset in index[gram] ?? [] {
        shared[Int(offset)] += 1
        if shared[Int(offset)] == threshold { result.append(ids[Int(offset)]) }
      }
    }
    return result
  }

  private static func grams(_ text: String) -> [UInt64] {
    let scalars = Array(text.lowercased().unicodeScalars)
    guard scalars.count >= q else { return [] }
    return (0...(scalars.count - q)).map { i in
      UInt64(scalars[i].value) << 42 | UInt64(scalars[i + 1].value) << 21 | UInt64(scalars[i + 2].value)
    }
  }
}
