/// Accepts a personal name written only in Han ideographs, with middle dots between parts.
///
/// Accepted: every ideograph in ``HanIdeographs`` (URO, Extensions A–J, compatibility
/// ideographs), a variation selector directly after an ideograph, and the separators U+00B7
/// MIDDLE DOT, U+30FB KATAKANA MIDDLE DOT and U+2027 HYPHENATION POINT (the forms GB18030,
/// Japanese IMEs and CP950 produce) only between two Han runs — not leading, trailing or doubled.
/// Rejected: Latin letters (so marked pinyin such as `liu yan` can never pass), digits, spaces,
/// punctuation, look-alike dots (U+FF65, U+2022, U+22C5 …) and the non-ideograph Han-script
/// characters (radicals, 々, 〇).
///
/// ```swift
/// HanNameRule().evaluate("阿沛·阿旺晋美")   // .valid
/// HanNameRule().evaluate("liu yan")         // .invalid(.hanNameInvalidCharacter)
/// ```
public struct HanNameRule: ValidationRule {
  /// The separators allowed between Han runs.
  public static let separators: Set<Unicode.Scalar> = ["\u{00B7}", "\u{30FB}", "\u{2027}"]

  /// Creates the rule.
  public init() {}

  /// Judges `text`; empty text is valid (combine with ``RequiredRule``).
  ///
  /// - Complexity: O(n) in the number of scalars.
  public func evaluate(_ text: String) -> RuleVerdict {
    let scalars = Array(text.unicodeScalars)
    var previous: Kind = .start
    var misplacedSeparator = false
    for scalar in scalars {
      let kind: Kind
      if HanIdeographs.contains(scalar) {
        kind = .han
      } else if Self.separators.contains(scalar) {
        kind = .separator
        if previous != .han && previous != .variation { misplacedSeparator = true }
      } else if HanIdeographs.isVariationSelector(scalar), previous == .han {
        kind = .variation
      } else {
        return .invalid(.hanNameInvalidCharacter)
      }
      previous = kind
    }
    if misplacedSeparator || previous == .separator {
      return .invalid(.hanNameMisplacedSeparator)
    }
    return .valid
  }

  private enum Kind { case start, han, variation, separator }
}
