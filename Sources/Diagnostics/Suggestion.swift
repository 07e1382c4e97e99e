/// "Did you mean" suggestions, by edit distance, as swift-argument-parser makes them.
package enum Suggestion {
  /// The closest candidate to `word`, when it is close enough to be a likely typo.
  ///
  /// Close enough means an edit distance of at most a third of the longer word (at least 1, at most 3).
  /// Ties go to the candidate that sorts first, so the suggestion is deterministic.
  ///
  /// - Complexity: O(*n* · *m* · *k*) for *k* candidates of length *m* and a word of length *n*.
  package static func closest<S: Sequence>(to word: String, among candidates: S) -> String?
  where S.Element == String {
    best(to: word, among: candidates) { distance, length in distance <= min(3, max(1, length / 3)) }
  }

  /// The candidate nearest to `word` by edit distance, however far: for suggestions among a closed list
  /// where the nearest entry is worth naming even when it is not a typo away (a keyboard identifier).
  /// Ties go to the candidate that sorts first.
  ///
  /// - Complexity: O(*n* · *m* · *k*) for *k* candidates of length *m* and a word of length *n*.
  package static func nearest<S: Sequence>(to word: String, among candidates: S) -> String?
  where S.Element == String {
    best(to: word, among: candidates) { _, _ in true }
  }

  /// The candidate nearest to `word` among those `accepts` takes (given the distance and the longer
  /// length), ties to the one that sorts first.
  private static func best<S: Sequence>(
    to word: String, among candidates: S, accepts: (_ distance: Int, _ length: Int) -> Bool
  ) -> String? where S.Element == String {
    let target = Array(word.lowercased().unicodeScalars)
    var best: (distance: Int, word: String)?
    for candidate in candidates.sorted() where candidate != word {
      let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
      guard accepts(distance, max(target.count, candidate.unicodeScalars.count)) else { continue }
      if best == nil || distance < best!.distance { best = (distance, candidate) }
    }
    return best?.word
  }

  /// `; did you mean 'x'?` or the empty string.
  package static func didYouMean<S: Sequence>(_ word: String, among candidates: S) -> String
  where S.Element == String {
    closest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// What to add after "unknown x 'word'": a did-you-mean when one candidate is close, otherwise the
  /// valid choices (sorted, quoted; the first `listLimit` of them when there are more).
  ///
  /// `hint(for: "simulatr", among: ["device", "simulator"])` is `; did you mean 'simulator'?` and
  /// `hint(for: "phone", among: ["device", "simulator"])` is `; expected 'device' or 'simulator'`.
  package static func hint<S: Sequence>(for word: String, among candidates: S, listLimit: Int = 12) -> String
  where S.Element == String {
    let all = Array(candidates)
    if let close = closest(to: word, among: all) { return "; did you mean '\(close)'?" }
    if all.isEmpty { return "" }
    let sorted = all.sorted().map { "'\($0)'" }
    if sorted.count > listLimit {
      return
        "; expected one of \(sorted.prefix(listLimit).joined(separator: ", ")), … (\(sorted.count) in all)"
    }
    if sorted.count == 1 { return "; expected \(sorted[0])" }
    return "; expected \(sorted.dropLast().joined(separator: ", ")) or \(sorted.last!)"
  }

  /// Damerau–Levenshtein distance (optimal string alignment), so `ture` is one edit from `true`.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}

extension Array where Element == String {
  /// `'a', 'b', 'c'`: sorted and quoted, for messages that list the valid choices.
  package var quotedList: String {
    sorted().map { "'\($0)'" }.joined(separator: ", ")
  }
}
