/// Accepts a Japanese personal name: kanji, hiragana, katakana and the marks names use.
///
/// Accepted: ``HanIdeographs`` (kanji), a variation selector after a kanji, hiragana
/// U+3041–3096, katakana U+30A1–30FA, the prolonged sound mark ー U+30FC, and the iteration
/// marks 々 U+3005, ゝ ゞ U+309D–309E, ヽ ヾ U+30FD–30FE. Rejected: romaji (so unconverted
/// romaji can never pass), half-width katakana, spaces, digits and punctuation (including the
/// katakana middle dot; a rule for foreign names written in katakana would add it).
///
/// ```swift
/// JapaneseNameRule().evaluate("佐々木みゆき")   // .valid
/// ```
public struct JapaneseNameRule: ValidationRule {
  /// Creates the rule.
  public init() {}

  /// Judges `text`; empty text is valid (combine with ``RequiredRule``).
  ///
  /// - Complexity: O(n) in the number of scalars.
  public func evaluate(_ text: String) -> RuleVerdict {
    var afterKanji = false
    for scalar in text.unicodeScalars {
      let isKanji = HanIdeographs.contains(scalar)
      if isKanji || Self.isKanaOrMark(scalar) || (afterKanji && HanIdeographs.isVariationSelector(scalar)) {
        afterKanji = isKanji
      } else {
        return .invalid(.japaneseNameInvalidCharacter)
      }
    }
    return .valid
  }

  /// Whether `scalar` is a hiragana or katakana letter, ー, or an iteration mark.
  static func isKanaOrMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3041...0x3096, 0x309D...0x309E, 0x30A1...0x30FA, 0x30FC...0x30FE, 0x3005: true
    default: false
    }
  }
}
