extension BuiltInRule {
  /// `han-name`: a name written in Han ideographs.
  ///
  /// Valid when every scalar is a Han ideograph (`Unified_Ideograph`, or a CJK compatibility
  /// ideograph), a variation selector directly after an ideograph, or one of `separators` (MIDDLE DOT,
  /// and the dots the team declares, ``NamePolicies``) standing between two Han runs (not first, not
  /// last, not after another separator). Anything else is invalid: Latin letters (unconverted pinyin),
  /// digits, spaces, other punctuation and dots, kana, Hangul, radicals, 々 and 〇.
  ///
  /// ```swift
  /// try BuiltInRule.hanName.verdict(of: "阿沛·阿旺晋美")   // .valid
  /// try BuiltInRule.hanName.verdict(of: "阿沛·")          // .invalid
  /// ```
  static func hanName(_ text: String, separators: Set<Unicode.Scalar> = [NamePolicies.middleDot])
    throws(UnicodeDataTooOld) -> Verdict
  {
    var previous = HanRun.start
    for scalar in text.unicodeScalars {
      if separators.contains(scalar) {
        guard previous == .ideograph || previous == .selector else { return .invalid }
        previous = .separator
        continue
      }
      switch (ScalarClass.of(scalar), previous) {
      case (.hanIdeograph, _): previous = .ideograph
      case (.variationSelector, .ideograph): previous = .selector
      case (.unassigned, _):
        try checkAssigned(scalar)
        return .invalid
      default: return .invalid
      }
    }
    return previous == .separator ? .invalid : .valid
  }

  /// Where a `han-name` text stands after a scalar.
  private enum HanRun { case start, ideograph, selector, separator }
}
