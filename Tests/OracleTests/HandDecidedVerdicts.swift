@testable import Oracle

/// The verdicts decided by hand from each rule's written definition (README "Matrix file", DOMAIN
/// section 8), before the oracle computed them: they were the oracle's tables, and are now its test.
///
/// Each entry must agree with the computed verdict; a disagreement is a bug in one of the two, settled
/// from the definition (a comment at the entry says so when an entry was corrected).
enum HandDecidedVerdicts {
  /// The tables by rule.
  static let tables: [BuiltInRule: [(text: String, verdict: Verdict)]] = [
    .hanName: hanName, .japaneseName: japaneseName, .koreanName: koreanName, .email: email,
  ]

  /// Han ideographs of any block, with U+00B7 only between two Han runs (the other dots are the team's
  /// choice, ``contested``).
  static let hanName: [(text: String, verdict: Verdict)] = [
    ("刘䶮", .valid), ("liu yan", .invalid),
    ("𠮷野", .valid), ("阿沛·阿旺晋美", .valid),
    ("张伟", .valid), ("张", .valid), ("中文", .valid), ("中", .valid), ("山田", .valid), ("山", .valid),
    ("日本語", .valid), ("日本", .valid), ("刘", .valid), ("䶮", .valid), ("𠮷", .valid), ("龘", .valid),
    ("葛\u{E0100}", .valid), ("金\u{F929}", .valid),
    // Traditional characters, as Zhuyin commits them (張偉, and 張委 before the second candidate is chosen).
    ("張偉", .valid), ("張委", .valid), ("張", .valid),
    ("刘 䶮", .invalid), ("·阿沛", .invalid), ("阿沛·", .invalid), ("阿沛··阿旺晋美", .invalid),
    ("zhang", .invalid), ("zhang wei", .invalid),
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
    ("liu yan", .invalid), ("刘 䶮", .invalid), ("张wei", .invalid),
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

  /// The texts a separator choice decides, with their verdicts when the team declares `han-name` to
  /// take U+30FB and U+2027 and `japanese-name` U+30FB (issue 34: the two are choices, not facts).
  static let contested: [(rule: BuiltInRule, text: String, verdict: Verdict)] = [
    (.hanName, "阿沛・阿旺晋美", .valid), (.hanName, "阿沛･阿旺晋美", .invalid), (.hanName, "阿沛‧阿旺晋美", .valid),
    (.hanName, "阿沛•阿旺晋美", .invalid), (.hanName, "阿沛∙阿旺晋美", .invalid), (.hanName, "阿沛⋅阿旺晋美", .invalid),
    (.hanName, "阿沛⸱阿旺晋美", .invalid), (.hanName, "阿沛ㆍ阿旺晋美", .invalid), (.hanName, "阿沛ꞏ阿旺晋美", .invalid),
    (.japaneseName, "ジョン·スミス", .invalid), (.japaneseName, "ジョン・スミス", .valid),
    (.japaneseName, "ジョン･スミス", .invalid), (.japaneseName, "ジョン‧スミス", .invalid),
    (.japaneseName, "ジョン•スミス", .invalid), (.japaneseName, "ジョン∙スミス", .invalid),
    (.japaneseName, "ジョン⋅スミス", .invalid), (.japaneseName, "ジョン⸱スミス", .invalid),
    (.japaneseName, "ジョンㆍスミス", .invalid), (.japaneseName, "ジョンꞏスミス", .invalid),
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
