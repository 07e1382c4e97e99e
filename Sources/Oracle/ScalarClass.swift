/// What one Unicode scalar is to the name rules, read from the standard library's Unicode
/// properties: `isUnifiedIdeograph`, `generalCategory` and the character's name.
///
/// Names are stable (Unicode's name stability policy: a name, once assigned, never changes), so a
/// class defined by a name prefix, such as every `HANGUL SYLLABLE …`, is a class Unicode itself
/// defines. Only the two kana blocks are given as ranges, the block bounds of `Blocks.txt`: inside
/// them, the names tell the letters (`HIRAGANA LETTER SMALL A`) from the digraphs (`HIRAGANA DIGRAPH
/// YORI`) and punctuation (`KATAKANA MIDDLE DOT`). The tests compare every class with Debian's
/// `unicode-data` files (UnicodeData.txt, PropList.txt, Blocks.txt, HangulSyllableType.txt).
///
/// ```swift
/// ScalarClass.of("김")   // .hangulSyllable
/// ScalarClass.of("ㅇ")   // .compatibilityJamo
/// ```
enum ScalarClass: Hashable, Sendable {
  /// A `Unified_Ideograph` or a CJK compatibility ideograph.
  case hanIdeograph
  /// `VARIATION SELECTOR-1` to `-256` (not the Mongolian free variation selectors).
  case variationSelector
  /// A hiragana or katakana letter of the Hiragana or Katakana block, ー, or an iteration mark.
  case kana
  /// `HANGUL SYLLABLE …`: one of the 11,172 precomposed syllables.
  case hangulSyllable
  /// `HANGUL LETTER …`: the compatibility jamo a keyboard shows for a lone consonant or vowel.
  case compatibilityJamo
  /// `HANGUL CHOSEONG/JUNGSEONG/JONGSEONG …`: a conjoining jamo (Hangul_Syllable_Type L, V or T).
  case conjoiningJamo
  /// A code point the standard library's Unicode data does not assign.
  case unassigned
  /// Anything else (ASCII, punctuation, other scripts, radicals, half-width forms …).
  case other

  /// The class of `scalar`.
  ///
  /// - Complexity: O(1); a name is looked up only for letters, marks and punctuation outside ASCII
  ///   that are not unified ideographs.
  static func of(_ scalar: Unicode.Scalar) -> ScalarClass {
    if scalar.isASCII { return .other }
    let properties = scalar.properties
    if properties.isUnifiedIdeograph { return .hanIdeograph }
    switch properties.generalCategory {
    case .unassigned: return .unassigned
    case .otherLetter, .modifierLetter, .nonspacingMark, .otherPunctuation: break
    default: return .other
    }
    guard let name = properties.name else { return .other }
    if name.hasPrefix("CJK COMPATIBILITY IDEOGRAPH-") { return .hanIdeograph }
    if name.hasPrefix("HANGUL SYLLABLE ") { return .hangulSyllable }
    if name.hasPrefix("HANGUL LETTER ") { return .compatibilityJamo }
    if conjoiningJamoPrefixes.contains(where: name.hasPrefix) { return .conjoiningJamo }
    if name.hasPrefix("VARIATION SELECTOR-") { return .variationSelector }
    if kanaMarkNames.contains(name) { return .kana }
    if kanaBlocks.contains(where: { $0.contains(scalar.value) }),
      name.hasPrefix("HIRAGANA LETTER ") || name.hasPrefix("KATAKANA LETTER ")
    {
      return .kana
    }
    return .other
  }

  /// The names of the conjoining jamo: leading consonants, vowels, trailing consonants.
  static let conjoiningJamoPrefixes = ["HANGUL CHOSEONG ", "HANGUL JUNGSEONG ", "HANGUL JONGSEONG "]

  /// The marks Japanese names use besides letters: the prolonged sound mark and the iteration marks.
  static let kanaMarkNames: Set<String> = [
    "KATAKANA-HIRAGANA PROLONGED SOUND MARK", "IDEOGRAPHIC ITERATION MARK", "HIRAGANA ITERATION MARK",
    "HIRAGANA VOICED ITERATION MARK", "KATAKANA ITERATION MARK", "KATAKANA VOICED ITERATION MARK",
  ]

  /// The Hiragana and Katakana blocks (`Blocks.txt`), whose letters are the kana of Japanese names;
  /// the kana of other blocks (Katakana Phonetic Extensions, Kana Supplement, Small Kana Extension,
  /// half-width forms) are not.
  static let kanaBlocks: [ClosedRange<UInt32>] = [0x3040...0x309F, 0x30A0...0x30FF]
}
