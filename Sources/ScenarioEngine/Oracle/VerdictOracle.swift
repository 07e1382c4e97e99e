import MatrixFormat

/// What qapass expects of a field's rules, independent of any implementation under test.
///
/// For each name rule and for `email`, a table of texts whose verdicts were decided by hand from
/// the rule's written definition (README "Matrix file", DOMAIN 4): the texts the default and
/// fixture matrices' input methods produce (their declared `expect`, the text left after one
/// delete, every in-place step of a Korean recipe), the samples P1 pastes, and the edge cases a
/// mutation should trip over (an Extension B ideograph 𠮷, Extension A 䶮, the middle dot in
/// 阿沛·阿旺晋美, a space, a leading dot). `required` is defined outright (blank text is
/// invalid). Verdicts of several rules combine in field order: the first that is not valid.
///
/// A text the table does not hold has no verdict: export fails for that item and says which
/// rule and text to add, rather than asking the code under test. Regex rules have no table, so
/// items of regex fields are not exported.
///
/// ```swift
/// try VerdictOracle.verdict(of: "刘䶮", rules: [.required, .hanName])   // .valid
/// try VerdictOracle.verdict(of: "김진ㅇ", rules: [.koreanName])          // .incomplete
/// ```
public enum VerdictOracle {
  /// A rule's verdict on a text.
  public enum Verdict: String, Hashable, Sendable {
    /// Accepted.
    case valid
    /// Rejected; a message shows.
    case invalid
    /// Unfinished (a trailing lone jamo): no message while editing, refused on submission.
    case incomplete
  }

  /// Why the oracle cannot judge.
  public struct Unknown: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule's matrix name.
    public var rule: String
    /// The text.
    public var text: String

    /// `the oracle has no verdict of rule 'han-name' on "张wei" (add it to VerdictOracle's table)`.
    public var description: String {
      rule.hasPrefix("regex")
        ? "the oracle has no verdicts for regex rules (\(rule)); items of this field are not exported"
        : "the oracle has no verdict of rule '\(rule)' on \"\(text)\" (add it to VerdictOracle's table)"
    }
  }

  /// The verdict of the combined `rules` on `text`: the first rule's verdict that is not valid.
  ///
  /// - Throws: ``Unknown`` for the first rule, in order, whose table lacks `text`.
  public static func verdict(of text: String, rules: [MatrixFile.Rule]) throws(Unknown) -> Verdict {
    for rule in rules {
      let verdict = try verdict(of: text, rule: rule)
      if verdict != .valid { return verdict }
    }
    return .valid
  }

  /// One rule's verdict on `text`.
  ///
  /// - Throws: ``Unknown`` when the table lacks `text` (always, for a regex rule).
  public static func verdict(of text: String, rule: MatrixFile.Rule) throws(Unknown) -> Verdict {
    switch rule {
    case .required:
      // Blank: empty, or only white space (U+3000 IDEOGRAPHIC SPACE included).
      return text.unicodeScalars.allSatisfy { $0.properties.isWhitespace } ? .invalid : .valid
    case .regex(let pattern):
      throw Unknown(rule: "regex:" + pattern, text: text)
    default:
      // Every name rule and email accept the empty text (combine with required).
      if text.isEmpty { return .valid }
      guard let verdict = tables[rule.name]?[text] else { throw Unknown(rule: rule.name, text: text) }
      return verdict
    }
  }

  /// The first texts the combined `rules` judge valid, invalid and incomplete, from each rule's
  /// samples in field order, then every other table text in table order; `nil` where none fits.
  public static func samples(for rules: [MatrixFile.Rule]) -> (
    valid: String?, invalid: String?, incomplete: String?
  ) {
    var candidates: [String] = []
    for rule in rules { candidates += orderedTables[rule.name]?.map(\.text) ?? [] }
    for (_, table) in orderedTables.sorted(by: { $0.key < $1.key }) { candidates += table.map(\.text) }
    candidates.append("")
    func first(_ wanted: Verdict) -> String? {
      candidates.first { (try? verdict(of: $0, rules: rules)) == wanted }
    }
    return (first(.valid), first(.invalid), first(.incomplete))
  }

  /// Every text with a known verdict under `rules`, each once: the tables of the field's rules in
  /// order, then the blanks `required` judges (empty, a space, an ideographic space).
  public static func knownTexts(for rules: [MatrixFile.Rule]) -> [(text: String, verdict: Verdict)] {
    var seen: Set<String> = []
    var known: [(text: String, verdict: Verdict)] = []
    let candidates = rules.flatMap { orderedTables[$0.name]?.map(\.text) ?? [] } + ["", " ", "\u{3000}"]
    for text in candidates where seen.insert(text).inserted {
      if let verdict = try? verdict(of: text, rules: rules) { known.append((text, verdict)) }
    }
    return known
  }

  // MARK: Tables

  static let tables: [String: [String: Verdict]] = orderedTables.mapValues { entries in
    Dictionary(entries.map { ($0.text, $0.verdict) }, uniquingKeysWith: { first, _ in first })
  }

  /// Per rule, in sample order: the first valid, invalid and incomplete entries are that rule's
  /// samples.
  static let orderedTables: [String: [(text: String, verdict: Verdict)]] = [
    "han-name": hanName, "japanese-name": japaneseName, "korean-name": koreanName, "email": email,
  ]

  /// Han ideographs of any block, with U+00B7 / U+30FB / U+2027 only between two Han runs.
  static let hanName: [(text: String, verdict: Verdict)] = [
    ("刘䶮", .valid), ("liu yan", .invalid),
    ("𠮷野", .valid), ("阿沛·阿旺晋美", .valid), ("阿沛・阿旺晋美", .valid), ("阿沛‧阿旺晋美", .valid),
    ("张伟", .valid), ("张", .valid), ("中文", .valid), ("中", .valid), ("山田", .valid), ("山", .valid),
    ("日本語", .valid), ("日本", .valid), ("刘", .valid), ("䶮", .valid), ("𠮷", .valid), ("龘", .valid),
    ("葛\u{E0100}", .valid),
    // Traditional characters, as Zhuyin commits them (張偉, and 張委 before the second candidate is chosen).
    ("張偉", .valid), ("張委", .valid), ("張", .valid),
    ("刘 䶮", .invalid), ("·阿沛", .invalid), ("阿沛·", .invalid), ("阿沛··阿旺晋美", .invalid),
    ("阿沛•阿旺晋美", .invalid), ("阿沛･阿旺晋美", .invalid), ("zhang", .invalid), ("zhang wei", .invalid),
    ("张wei", .invalid), ("张伟1", .invalid), ("张，伟", .invalid), ("々", .invalid), ("〇", .invalid),
    ("⺁", .invalid), ("佐々木みゆき", .invalid), ("佐々木", .invalid), ("やまだ", .invalid), ("yamada", .invalid),
    ("sasaki", .invalid), ("김진우", .invalid), ("김진", .invalid), ("김지", .invalid), ("김", .invalid),
    ("기", .invalid), ("ㄱ", .invalid), ("김ㅈ", .invalid), ("김진ㅇ", .invalid), ("kim jinwoo", .invalid),
    ("mei.li@example.cn", .invalid), ("mei.li＠example.cn", .invalid), ("한글", .invalid), ("한", .invalid),
    ("한ㄱ", .invalid), ("하", .invalid), ("ㅎ", .invalid), ("한그", .invalid), ("ﾔﾏﾀﾞ", .invalid),
    ("山田 太郎", .invalid), ("日本go", .invalid), ("nihongo", .invalid),
  ]

  /// Kanji, hiragana, katakana, ー and the iteration marks; no romaji, half-width kana or spaces.
  static let japaneseName: [(text: String, verdict: Verdict)] = [
    ("佐々木みゆき", .valid), ("sasaki", .invalid),
    ("山田", .valid), ("山", .valid), ("やまだ", .valid), ("ヤマダ", .valid), ("佐々木", .valid),
    ("日本語", .valid), ("日本", .valid), ("みすゞ", .valid), ("ルーシー", .valid), ("刘䶮", .valid),
    ("张伟", .valid), ("张", .valid), ("中文", .valid), ("中", .valid), ("𠮷野", .valid),
    ("yamada", .invalid), ("山田 太郎", .invalid), ("ﾔﾏﾀﾞ", .invalid), ("山田1", .invalid),
    ("ジョン・スミス", .invalid), ("liu yan", .invalid), ("刘 䶮", .invalid), ("张wei", .invalid),
    ("zhang", .invalid), ("김진우", .invalid), ("김진", .invalid), ("김", .invalid), ("ㄱ", .invalid),
    ("김진ㅇ", .invalid), ("kim jinwoo", .invalid), ("mei.li@example.cn", .invalid), ("日本go", .invalid),
    ("阿沛·阿旺晋美", .invalid), ("·阿沛", .invalid), ("기", .invalid), ("김지", .invalid), ("김ㅈ", .invalid),
  ]

  /// Precomposed Hangul syllables; one trailing lone jamo makes the text incomplete.
  static let koreanName: [(text: String, verdict: Verdict)] = [
    ("김진우", .valid), ("kim jinwoo", .invalid), ("김진ㅇ", .incomplete),
    ("김진", .valid), ("김지", .valid), ("김", .valid), ("기", .valid), ("한글", .valid), ("한", .valid),
    ("하", .valid), ("한그", .valid), ("ㄱ", .incomplete), ("김ㅈ", .incomplete), ("한ㄱ", .incomplete),
    ("ㅎ", .incomplete), ("김 진우", .invalid), ("ㄱ김", .invalid), ("김진우1", .invalid), ("liu yan", .invalid),
    // 박서연 as the 2-set keyboard builds it (qkrtjdus): ㅂ 바 박 밗 박서 박성 박서여 박서연 (밗 takes ㅅ as a
    // second final consonant until ㅓ moves it on: a whole syllable, so valid, as 김 is).
    ("박서연", .valid), ("ㅂ", .incomplete), ("바", .valid), ("박", .valid), ("밗", .valid),
    ("박서", .valid), ("박성", .valid), ("박서여", .valid),
    ("刘䶮", .invalid), ("张伟", .invalid), ("张", .invalid), ("山田", .invalid), ("山", .invalid),
    ("佐々木みゆき", .invalid), ("sasaki", .invalid), ("zhang", .invalid), ("mei.li@example.cn", .invalid),
    ("刘 䶮", .invalid), ("·阿沛", .invalid), ("张wei", .invalid),
  ]

  /// `local@domain.tld` in ASCII: no full-width ＠, no doubled or edge dots, a TLD of two or more.
  static let email: [(text: String, verdict: Verdict)] = [
    ("mei.li@example.cn", .valid), ("mei.li＠example.cn", .invalid),
    ("a@b.co", .valid), ("mei+qa@mail.example.com", .valid), ("mei.li", .invalid), ("@example.cn", .invalid),
    ("mei..li@example.cn", .invalid), (".mei@example.cn", .invalid), ("mei@example", .invalid),
    ("mei@example.c", .invalid), ("mei@-example.cn", .invalid), ("mei li@example.cn", .invalid),
    ("mei@example．cn", .invalid), ("刘䶮", .invalid), ("liu yan", .invalid), ("张伟", .invalid),
    ("山田", .invalid), ("김진우", .invalid), ("佐々木みゆき", .invalid), ("zhang", .invalid), ("张", .invalid),
    ("山", .invalid), ("张wei", .invalid), ("ㄱ", .invalid), ("기", .invalid), ("김", .invalid), ("김ㅈ", .invalid),
    ("김지", .invalid), ("김진", .invalid), ("김진ㅇ", .invalid),
  ]
}
