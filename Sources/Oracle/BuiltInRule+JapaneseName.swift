extension BuiltInRule {
  /// `japanese-name`: a name written in kanji and kana.
  ///
  /// Valid when every scalar is a kanji (a Han ideograph, as `han-name` defines it), a variation
  /// selector directly after a kanji, a hiragana or katakana letter of the Hiragana and Katakana
  /// blocks, the prolonged sound mark ー, an iteration mark (々, ゝ ゞ, ヽ ヾ), or one of `separators`
  /// (none unless the team declares some, ``NamePolicies``) between two runs of those. Anything else
  /// is invalid: romaji (unconverted input), half-width katakana, spaces, digits, punctuation (the
  /// katakana middle dot too, by default), the digraphs ゟ and ヿ, and the kana of other blocks.
  ///
  /// ```swift
  /// try BuiltInRule.japaneseName.verdict(of: "佐々木みゆき")   // .valid
  /// try BuiltInRule.japaneseName.verdict(of: "ﾔﾏﾀﾞ")           // .invalid
  /// ```
  static func japaneseName(_ text: String, separators: Set<Unicode.Scalar> = []) throws(UnicodeDataTooOld)
    -> Verdict
  {
    var afterKanji = false
    var afterSeparator = true
    for scalar in text.unicodeScalars {
      if separators.contains(scalar) {
        if afterSeparator { return .invalid }
        afterSeparator = true
        afterKanji = false
        continue
      }
      switch ScalarClass.of(scalar) {
      case .hanIdeograph: afterKanji = true
      case .kana: afterKanji = false
      case .variationSelector where afterKanji: afterKanji = false
      case .unassigned:
        try checkAssigned(scalar)
        return .invalid
      default: return .invalid
      }
      afterSeparator = false
    }
    return afterSeparator && !text.isEmpty ? .invalid : .valid
  }
}
