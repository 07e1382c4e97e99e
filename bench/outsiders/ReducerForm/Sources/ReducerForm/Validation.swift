/// What validation says of a committed text.
public enum Verdict: Hashable, Sendable {
  /// Acceptable.
  case valid
  /// Breaks a rule, with the message to show.
  case invalid(message: String)
  /// Not finished yet (a Korean name whose last syllable is still a lone jamo): no message, and
  /// nothing to submit.
  case unfinished
}

/// The checkout form's rules, written from their definitions with Swift Regex over explicit code
/// point ranges (the Unicode 17.0 Han ranges, the kana and Hangul blocks).
public enum Rule: Hashable, Sendable {
  /// Something other than white space.
  case required
  /// Han ideographs (each possibly in a registered glyph: one variation selector after it), parts
  /// joined by single U+00B7 MIDDLE DOT.
  case hanName
  /// Kanji (and 々), hiragana, katakana, ー; parts joined by single ・ U+30FB.
  case japaneseName
  /// Hangul syllables; one lone trailing jamo is a syllable still being typed.
  case koreanName
  /// An ASCII address: dot-atom local part (at most 64), `@`, two or more labels, a letters-only top
  /// label; at most 254 in all.
  case email
  /// The whole text matches the pattern (Swift Regex syntax).
  case matches(String)

  /// What the rule says of `text`. An empty text passes every rule but `required`.
  func check(_ text: String) -> Check {
    switch self {
    case .required: return text.contains { !$0.isWhitespace } ? .passes : .fails
    case .hanName: return Self.test(Self.withoutGlyphVariants(text), Patterns.hanName)
    case .japaneseName: return Self.test(Self.withoutGlyphVariants(text), Patterns.japaneseName)
    case .koreanName:
      if text.isEmpty || text.wholeMatch(of: Patterns.hangulName) != nil { return .passes }
      return text.wholeMatch(of: Patterns.hangulNameInProgress) != nil ? .unfinished : .fails
    case .email:
      guard !text.isEmpty else { return .passes }
      let local = text.prefix { $0 != "@" }
      guard text.utf8.count <= 254, local.utf8.count <= 64 else { return .fails }
      return Self.test(text, Patterns.email)
    case .matches(let source):
      guard !text.isEmpty else { return .passes }
      guard let regex = try? Regex(source) else { return .fails }
      return text.firstMatch(of: regex) != nil ? .passes : .fails
    }
  }

  /// One rule's answer.
  enum Check: Hashable, Sendable {
    case passes, fails, unfinished
  }

  /// `text` without the variation selectors that follow a Han ideograph (葛󠄀 is 葛 in a registered
  /// glyph); a selector anywhere else stays, and fails the pattern.
  static func withoutGlyphVariants(_ text: String) -> String {
    var kept = String.UnicodeScalarView()
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      defer { previous = scalar }
      let isSelector = (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
      if isSelector, let previous, Patterns.hanRanges.contains(where: { $0.contains(previous.value) }) {
        continue
      }
      kept.append(scalar)
    }
    return String(kept)
  }

  private static func test(_ text: String, _ regex: Regex<AnyRegexOutput>) -> Check {
    text.isEmpty || text.wholeMatch(of: regex) != nil ? .passes : .fails
  }
}

/// The patterns, built once.
enum Patterns {
  /// Unified Han ideographs as Unicode 17.0 assigns them: the URO, extensions A to J, and the twelve
  /// unified code points among the compatibility ideographs.
  static let hanRanges: [ClosedRange<UInt32>] = [
    0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xFA0E...0xFA0F, 0xFA11...0xFA11, 0xFA13...0xFA14, 0xFA1F...0xFA1F, 0xFA21...0xFA21,
    0xFA23...0xFA24, 0xFA27...0xFA29,
    0x20000...0x2A6DF, 0x2A700...0x2B73F, 0x2B740...0x2B81D, 0x2B820...0x2CEAD, 0x2CEB0...0x2EBE0,
    0x2EBF0...0x2EE5D, 0x30000...0x3134A, 0x31350...0x323AF, 0x323B0...0x33479,
  ]

  /// `hanRanges` as the inside of a character class.
  static let han = hanRanges.map { "\\u{\(hex($0.lowerBound))}-\\u{\(hex($0.upperBound))}" }.joined()
  /// Hiragana (with ゝゞ), katakana (with ー ヽヾ), 々.
  static let kana = "\\u{3041}-\\u{3096}\\u{309D}\\u{309E}\\u{30A1}-\\u{30FA}\\u{30FC}-\\u{30FE}\\u{3005}"

  // Regex is a value type with no shared mutable state, but is not declared Sendable.
  nonisolated(unsafe) static let hanName = try! Regex("[\(han)]+(?:\\u{00B7}[\(han)]+)*")
  nonisolated(unsafe) static let japaneseName = try! Regex("[\(han)\(kana)]+(?:\\u{30FB}[\(han)\(kana)]+)*")
  nonisolated(unsafe) static let hangulName = try! Regex("[\\u{AC00}-\\u{D7A3}]+")
  nonisolated(unsafe) static let hangulNameInProgress = try! Regex(
    "[\\u{AC00}-\\u{D7A3}]*[\\u{3131}-\\u{318E}]")
  nonisolated(unsafe) static let email = try! Regex(
    "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
      + "@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}")

  private static func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }
}

/// A field of the checkout form: its rules in order, each with its message.
public struct FieldSpec: Hashable, Sendable {
  /// The rules and their messages.
  public var rules: [Rule]
  /// `messages[i]` is shown when `rules[i]` fails.
  public var messages: [String]

  /// Creates a spec.
  public init(_ rules: [(Rule, String)]) {
    self.rules = rules.map(\.0)
    self.messages = rules.map(\.1)
  }

  /// The first rule that does not pass decides.
  public func validate(_ text: String) -> Verdict {
    for (rule, message) in zip(rules, messages) {
      switch rule.check(text) {
      case .passes: continue
      case .fails: return .invalid(message: message)
      case .unfinished: return .unfinished
      }
    }
    return .valid
  }

  /// Recipient name in Chinese characters.
  public static let hanName = FieldSpec([(.required, "请填写收件人姓名"), (.hanName, "姓名只能包含汉字和间隔号·")])
  /// Recipient name in Japanese.
  public static let japaneseName = FieldSpec([(.required, "お名前を入力してください"), (.japaneseName, "漢字・かなで入力してください")])
  /// Reading of the Japanese name, in hiragana.
  public static let reading = FieldSpec(
    [(.required, "よみがなを入力してください"), (.matches(readingPattern), "よみがなはひらがなで入力してください")])
  /// Recipient name in Hangul.
  public static let hangulName = FieldSpec([
    (.required, "받는 분 이름을 입력하세요"), (.koreanName, "한글 이름만 입력할 수 있습니다"),
  ])
  /// Contact e-mail.
  public static let email = FieldSpec([
    (.required, "Please enter an e-mail address"), (.email, "That e-mail address is not valid"),
  ])

  /// The reading field's pattern.
  public static let readingPattern = "^[\\u3041-\\u3096\\u30FC]+$"
}
