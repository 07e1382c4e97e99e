import Foundation

/// What a rule says of a committed text.
public enum Verdict: Hashable, Sendable {
  /// The text is acceptable.
  case valid
  /// The text breaks the rule.
  case invalid
  /// The text is on its way to a valid one (a Korean syllable still being written): no message yet,
  /// but nothing to submit either.
  case incomplete
}

/// One of the form's rules, written from their definitions (see ``FieldRule/verdict(for:)``).
///
/// Character classes use the standard library's Unicode properties where Unicode has one
/// (`isUnifiedIdeograph` for Han) and the Unicode blocks' ranges where it has none (kana, Hangul).
/// Rules judge the text's canonical composition (NFC), so canonically equivalent texts get the same
/// verdict: U+F900 is the ideograph U+8C48 it maps to, and U+1100 U+1161 is the syllable 가.
public enum FieldRule: Hashable, Sendable {
  /// Something other than white space was entered.
  case required
  /// A Chinese name: Han ideographs (each possibly followed by one variation selector), parts joined
  /// by one U+00B7 MIDDLE DOT (阿沛·阿旺晋美).
  case hanName
  /// A Japanese name: kanji (with 々, each kanji possibly followed by one variation selector),
  /// hiragana, katakana and ー, parts joined by one ・ U+30FB.
  case japaneseName
  /// A Korean name: Hangul syllables; a last lone jamo is a syllable still being written.
  case koreanName
  /// An e-mail address: an ASCII dot-atom, `@`, and a domain of at least two labels.
  case email
  /// The whole text matches the regular expression (Swift Regex syntax, anchored by the pattern).
  case pattern(String)

  /// The rule's verdict on `text`.
  ///
  /// - `required`: invalid when the text is empty or only white space; valid otherwise.
  /// - the name and e-mail rules: an empty text is valid (`required` speaks for it).
  public func verdict(for typed: String) -> Verdict {
    let text = typed.precomposedStringWithCanonicalMapping
    switch self {
    case .required: return text.allSatisfy(\.isWhitespace) ? .invalid : .valid
    case .hanName: return Self.joinedParts(text, separator: "\u{00B7}", isLetter: Self.isHan)
    case .japaneseName: return Self.joinedParts(text, separator: "\u{30FB}", isLetter: Self.isJapanese)
    case .koreanName: return Self.korean(text)
    case .email: return Self.email(text)
    case .pattern(let source):
      guard !text.isEmpty else { return .valid }
      guard let regex = try? Regex(source) else { return .invalid }
      return (try? regex.firstMatch(in: text)) != nil ? .valid : .invalid
    }
  }

  /// Han ideographs as Unicode's `Unified_Ideograph` property has them: the URO and every extension,
  /// and the twelve unified code points among the compatibility ideographs.
  static func isHan(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isUnifiedIdeograph }

  /// Variation selectors (VS1–VS16, and VS17–VS256 of the Ideographic Variation Database).
  static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
    (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
  }

  /// Kanji, 々, hiragana (with ゝゞ), katakana (with ヽヾ) and the prolonged sound mark ー.
  static func isJapanese(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3005: true  // 々 ideographic iteration mark (佐々木)
    case 0x3041...0x3096, 0x309D, 0x309E: true  // hiragana, ゝ ゞ
    case 0x30A1...0x30FA, 0x30FC...0x30FE: true  // katakana, ー ヽ ヾ
    default: scalar.properties.isUnifiedIdeograph
    }
  }

  /// Runs of `isLetter` scalars joined by single separators, never at either end.
  private static func joinedParts(
    _ text: String, separator: Unicode.Scalar, isLetter: (Unicode.Scalar) -> Bool
  ) -> Verdict {
    guard !text.isEmpty else { return .valid }
    var previousWasLetter = false
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      defer { previous = scalar }
      if scalar == separator {
        guard previousWasLetter else { return .invalid }
        previousWasLetter = false
      } else if isVariationSelector(scalar) {
        // A registered glyph of the ideograph before it (葛󠄀, an Ideographic Variation Sequence).
        guard let previous, isHan(previous) else { return .invalid }
      } else if isLetter(scalar) {
        previousWasLetter = true
      } else {
        return .invalid
      }
    }
    return previousWasLetter ? .valid : .invalid
  }

  private static func isHangulSyllable(_ scalar: Unicode.Scalar) -> Bool {
    (0xAC00...0xD7A3).contains(scalar.value)
  }
  private static func isCompatibilityJamo(_ scalar: Unicode.Scalar) -> Bool {
    (0x3131...0x318E).contains(scalar.value)
  }

  /// Syllables only; syllables then one trailing compatibility jamo are a name still being typed.
  private static func korean(_ text: String) -> Verdict {
    let scalars = Array(text.unicodeScalars)
    guard let last = scalars.last else { return .valid }
    guard scalars.dropLast().allSatisfy(isHangulSyllable) else { return .invalid }
    if isHangulSyllable(last) { return .valid }
    return isCompatibilityJamo(last) ? .incomplete : .invalid
  }

  /// `local@domain`: the local part a dot-atom of letters, digits and ``atomSymbols`` (at most 64),
  /// the domain dot-separated labels of letters, digits and inner hyphens, the last all letters and at
  /// least two long; at most 254 in all.
  private static func email(_ text: String) -> Verdict {
    guard !text.isEmpty else { return .valid }
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, text.utf8.count <= 254 else { return .invalid }
    let local = parts[0]
    let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    let localAtoms = local.split(separator: ".", omittingEmptySubsequences: false)
    guard !local.isEmpty, local.utf8.count <= 64,
      localAtoms.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(isAtomScalar) })
    else { return .invalid }
    guard labels.count >= 2,
      labels.allSatisfy({ label in
        !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
          && label.unicodeScalars.allSatisfy { isASCIILetterOrDigit($0) || $0 == "-" }
      }),
      let top = labels.last, top.count >= 2, top.unicodeScalars.allSatisfy(isASCIILetter)
    else { return .invalid }
    return .valid
  }

  /// The symbols RFC 5322's `atext` allows besides letters and digits.
  static let atomSymbols = Set("!#$%&'*+-/=?^_`{|}~".unicodeScalars)

  private static func isAtomScalar(_ scalar: Unicode.Scalar) -> Bool {
    isASCIILetterOrDigit(scalar) || atomSymbols.contains(scalar)
  }
  private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }
  private static func isASCIILetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
    isASCIILetter(scalar) || ("0"..."9").contains(scalar)
  }
}
