extension BuiltInRule {
  /// `japanese-name`: a name written in kanji and kana.
  ///
  /// Valid when every scalar is a kanji (a Han ideograph, as `han-name` defines it), a variation
  /// selector directly after a kanji, a hiragana or katakana letter of the Hiragana and Katakana
  /// blocks, the prolonged sound mark ー, or an iteration mark (々, ゝ ゞ, ヽ ヾ). Anything else is
  /// invalid: romaji (unconverted input), half-width katakana, spaces, digits, punctuation (the
  /// katakana middle dot too), the digraphs ゟ and ヿ, and the kana of other blocks.
  ///
  /// ```swift
  /// try BuiltInRule.japaneseName.verdict(of: "佐々木みゆき")   // .valid
  /// try BuiltInRule.japaneseName.verdict(of: "ﾔﾏﾀﾞ")           // .invalid
  /// ```
  static func japaneseName(_ text: String) throws(UnicodeDataTooOld) -> Verdict {
    var afterKanji = false
    for scalar in text.unicodeScalars {
      switch ScalarClass.of(scalar) {
      case .hanIdeograph: afterKanji = true
      case .kana: afterKanji = false
      case .variationSelector where afterKanji: afterKanji = false
      case .unassigned:
        try checkAssigned(scalar)
        return .invalid
      default: return .invalid
      }
    }
    return .valid
  }
}
