/// The rules a matrix field names by word, each computed for any text from its written definition
/// (docs/DOMAIN.md section 8), with character classes taken from the standard library's Unicode
/// properties (`isUnifiedIdeograph`, `isWhitespace`, names such as `HANGUL SYLLABLE GA`).
///
/// This module shares no code, table or range with `AcceptanceCore`, the implementation it judges:
/// a mistake in one of them shows up as a disagreement in a scenario pack, not as a shared blind spot.
/// Every rule but ``required`` accepts the empty text, so optional fields compose.
///
/// ```swift
/// try BuiltInRule.hanName.verdict(of: "欧阳娜娜")          // .valid
/// try BuiltInRule.verdict(of: "", rules: [.required, .hanName])   // .invalid
/// ```
package enum BuiltInRule: String, Hashable, Sendable, CaseIterable {
  /// Blank text (empty, or only `White_Space`) is invalid.
  case required
  /// Han ideographs, a variation selector after one, and U+00B7 (and the team's separators) between Han
  /// runs.
  case hanName = "han-name"
  /// Kanji, hiragana and katakana letters, ー and the iteration marks (and the team's separators between
  /// runs).
  case japaneseName = "japanese-name"
  /// Precomposed Hangul syllables; a trailing lone jamo is incomplete.
  case koreanName = "korean-name"
  /// An ASCII `local@domain.tld` address.
  case email

  /// The rule's verdict on `text`.
  ///
  /// - Throws: ``UnicodeDataTooOld`` when a name rule meets a code point the standard library's
  ///   Unicode data does not assign while that data is older than the definitions' version: the
  ///   oracle cannot tell whether it is an ideograph added since, so it does not guess.
  /// - Complexity: O(n) in the number of scalars of `text`.
  /// - Parameter policies: The team's separators (``NamePolicies``); the definitions alone by default.
  package func verdict(of text: String, policies: NamePolicies = NamePolicies()) throws(UnicodeDataTooOld)
    -> Verdict
  {
    switch self {
    case .required: Self.required(text)
    case .hanName: try Self.hanName(text, separators: policies.separators(for: self))
    case .japaneseName: try Self.japaneseName(text, separators: policies.separators(for: self))
    case .koreanName: try Self.koreanName(text)
    case .email: Self.email(text)
    }
  }

  /// The verdict of `rules` combined in order: the first verdict that is not valid.
  ///
  /// - Throws: ``UnicodeDataTooOld``, as ``verdict(of:policies:)``.
  package static func verdict(
    of text: String, rules: [BuiltInRule], policies: NamePolicies = NamePolicies()
  ) throws(UnicodeDataTooOld) -> Verdict {
    for rule in rules {
      let verdict = try rule.verdict(of: text, policies: policies)
      if verdict != .valid { return verdict }
    }
    return .valid
  }
}
