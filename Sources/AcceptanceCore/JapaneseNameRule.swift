/// Accepts a Japanese personal name: kanji, hiragana, katakana and the marks names use.
///
/// Accepted: ``HanIdeographs`` (kanji), a variation selector after a kanji, hiragana
/// U+3041–3096, katakana U+30A1–30FA, the prolonged sound mark ー U+30FC, and the iteration
/// marks 々 U+3005, ゝ ゞ U+309D–309E, ヽ ヾ U+30FD–30FE. Rejected: romaji (so unconverted
/// romaji can never pass), half-width katakana, spaces, digits and punctuation (including the
/// katakana middle dot). A team whose form takes foreign names written in katakana (ジョン・スミス)
/// passes the dots it takes between parts as `separators`, as the matrix's `japanese_name_separators`
/// policy declares.
///
/// ```swift
/// JapaneseNameRule().evaluate("佐々木みゆき")   // .valid
/// JapaneseNameRule(separators: ["\u{30FB}"]).evaluate("ジョン・スミス")   // .valid
/// ```
public struct JapaneseNameRule: ValidationRule {
  /// The separators allowed between two runs of the name (none by default).
  public let separators: Set<Unicode.Scalar>

  /// Creates the rule, taking `separators` between runs (none by default).
  public init(separators: Set<Unicode.Scalar> = []) {
    self.separators = separators
  }

  /// Judges `text`; empty text is valid (combine with ``RequiredRule``).
  ///
  /// - Complexity: O(n) in the number of scalars.
  public func evaluate(_ text: String) -> RuleVerdict {
    var afterKanji = false
    var afterSeparator = true
    for scalar in text.unicodeScalars {
      if separators.contains(scalar) {
        if afterSeparator { return .invalid(.japaneseNameInvalidCharacter) }
        afterSeparator = true
        afterKanji = false
        continue
      }
      let isKanji = HanIdeographs.contains(scalar)
      if isKanji || Self.isKanaOrMark(scalar) || (afterKanji && HanIdeographs.isVariationSelector(scalar)) {
        afterKanji = isKanji
        afterSeparator = false
      } else {
        return .invalid(.japaneseNameInvalidCharacter)
      }
    }
    return afterSeparator && !text.isEmpty ? .invalid(.japaneseNameInvalidCharacter) : .valid
  }

  /// Whether `scalar` is a hiragana or katakana letter, ー, or an iteration mark.
  static func isKanaOrMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3041...0x3096, 0x309D...0x309E, 0x30A1...0x30FA, 0x30FC...0x30FE, 0x3005: true
    default: false
    }
  }
}
