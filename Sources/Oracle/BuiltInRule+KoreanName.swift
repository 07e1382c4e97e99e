extension BuiltInRule {
  /// `korean-name`: a name written in precomposed Hangul syllables, judged while it is typed in place.
  ///
  /// The iOS Korean keyboard has no marked text: it rewrites the last syllable in place (ㅎ → 하 →
  /// 한 → 한ㄱ → 한그 → 한글), so a name being typed ends in a lone jamo. Hence:
  /// - valid: only syllables (`HANGUL SYLLABLE …`);
  /// - incomplete: syllables followed by one compatibility jamo (`HANGUL LETTER …`, what the keyboard
  ///   shows for a lone ㄱ), or by one to three conjoining jamo (`HANGUL CHOSEONG/JUNGSEONG/JONGSEONG …`,
  ///   a syllable spelt in parts);
  /// - invalid: anything else (a jamo before a syllable, two trailing compatibility jamo, four trailing
  ///   conjoining jamo, HANGUL FILLER, Latin letters, digits, spaces, punctuation).
  ///
  /// ```swift
  /// try BuiltInRule.koreanName.verdict(of: "한글")   // .valid
  /// try BuiltInRule.koreanName.verdict(of: "한ㄱ")   // .incomplete
  /// ```
  static func koreanName(_ text: String) throws(UnicodeDataTooOld) -> Verdict {
    var syllablesEnded = false
    var compatibility = 0
    var conjoining = 0
    for scalar in text.unicodeScalars {
      switch ScalarClass.of(scalar) {
      case .hangulSyllable where !syllablesEnded: continue
      case .compatibilityJamo where !syllablesEnded:
        syllablesEnded = true
        compatibility = 1
      case .conjoiningJamo where compatibility == 0 && conjoining < 3:
        syllablesEnded = true
        conjoining += 1
      case .unassigned:
        try checkAssigned(scalar)
        return .invalid
      default: return .invalid
      }
    }
    return syllablesEnded ? .incomplete : .valid
  }
}
