/// Accepts a personal name written only in Han ideographs, with middle dots between parts.
///
/// Accepted: every ideograph in ``HanIdeographs`` (URO, Extensions A–J, compatibility
/// ideographs), a variation selector directly after an ideograph, and U+00B7 MIDDLE DOT (the
/// standard separator: what GB18030, Big5 and CP950 decode to) only between two Han runs — not
/// leading, trailing or doubled. Other dots (U+30FB KATAKANA MIDDLE DOT from Japanese IMEs, U+2027
/// HYPHENATION POINT from CP950 …) are the team's choice: pass them as `separators`, as the matrix's
/// `han_name_separators` policy declares. Rejected: Latin letters (so marked pinyin such as `liu yan`
/// can never pass), digits, spaces, punctuation, other dots and the non-ideograph Han-script
/// characters (radicals, 々, 〇).
///
/// ```swift
/// HanNameRule().evaluate("阿沛·阿旺晋美")   // .valid
/// HanNameRule().evaluate("liu yan")         // .invalid(.hanNameInvalidCharacter)
/// HanNameRule(separators: ["\u{00B7}", "\u{30FB}"]).evaluate("阿沛・阿旺晋美")   // .valid
/// ```
public struct HanNameRule: ValidationRule {
  /// The separator a Chinese name takes by default: U+00B7 MIDDLE DOT.
  public static let middleDot: Unicode.Scalar = "\u{00B7}"

  /// The separators allowed between Han runs.
  public let separators: Set<Unicode.Scalar>

  /// Creates the rule, taking `separators` between Han runs (U+00B7 alone by default).
  public init(separators: Set<Unicode.Scalar> = [HanNameRule.middleDot]) {
    self.separators = separators
  }

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
      } else if separators.contains(scalar) {
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
