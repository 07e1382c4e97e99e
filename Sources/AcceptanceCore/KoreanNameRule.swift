/// Accepts a Korean personal name in precomposed Hangul syllables (U+AC00–D7A3).
///
/// The iOS Korean keyboard shows no marked text: it rewrites the last syllable in place
/// (ㅎ → 하 → 한 → 한ㄱ → 한그 → 한글). A text whose syllables are followed by one lone
/// compatibility jamo (U+3131–3163, 3165–318E: HANGUL FILLER U+3164 is not one), or by up to
/// three conjoining jamo (U+1100–11FF, A960–A97C, D7B0–D7C6, D7CB–D7FB: the assigned ones), is
/// therefore ``RuleVerdict/incomplete(_:)`` — the validator shows nothing while editing but
/// refuses submission. A lone jamo anywhere else, Latin letters, digits, spaces and punctuation
/// are invalid.
///
/// ```swift
/// KoreanNameRule().evaluate("한글")   // .valid
/// KoreanNameRule().evaluate("한ㄱ")   // .incomplete(.koreanNameIncomplete)
/// ```
public struct KoreanNameRule: ValidationRule {
  /// Creates the rule.
  public init() {}

  /// Judges `text`; empty text is valid (combine with ``RequiredRule``).
  ///
  /// - Complexity: O(n) in the number of scalars.
  public func evaluate(_ text: String) -> RuleVerdict {
    let scalars = Array(text.unicodeScalars)
    var end = scalars.count
    while end > 0, Self.isConjoiningJamo(scalars[end - 1]) { end -= 1 }
    var trailingJamo = scalars.count - end
    if trailingJamo > 3 { return .invalid(.koreanNameInvalidCharacter) }
    if trailingJamo == 0, end > 0, Self.isCompatibilityJamo(scalars[end - 1]) {
      end -= 1
      trailingJamo = 1
    }
    for scalar in scalars[..<end] where !Self.isSyllable(scalar) {
      return .invalid(.koreanNameInvalidCharacter)
    }
    return trailingJamo > 0 ? .incomplete(.koreanNameIncomplete) : .valid
  }

  /// Whether `scalar` is a precomposed Hangul syllable.
  static func isSyllable(_ scalar: Unicode.Scalar) -> Bool {
    (0xAC00...0xD7A3).contains(scalar.value)
  }

  /// Whether `scalar` is a Hangul compatibility jamo (what the keyboard shows for a lone ㄱ).
  static func isCompatibilityJamo(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3131...0x3163, 0x3165...0x318E: true
    default: false
    }
  }

  /// Whether `scalar` is a conjoining jamo (leading, vowel or trailing).
  static func isConjoiningJamo(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x11FF, 0xA960...0xA97C, 0xD7B0...0xD7C6, 0xD7CB...0xD7FB: true
    default: false
    }
  }
}
