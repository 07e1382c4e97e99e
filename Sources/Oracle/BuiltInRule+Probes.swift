extension BuiltInRule {
  /// The texts a scenario pack probes the rule with, in order: the rule's samples first (its first
  /// valid, invalid and incomplete text), then the texts the default and example matrices' input
  /// methods produce (each declared text, what one delete leaves, every in-place step of a Korean
  /// recipe), and the edge cases a mistaken implementation trips over (an Extension B ideograph 𠮷,
  /// Extension A 䶮, the middle dots of 阿沛·阿旺晋美, a space, a leading dot). `required` has none:
  /// the blanks are probed for every field.
  ///
  /// Texts whose verdict only a team's choice decides (a name joined by a dot other than U+00B7,
  /// ``NamePolicies``) are not among them: ``probes(policies:)`` adds them once the team declares the
  /// choice.
  ///
  /// Only texts: every verdict is computed. The tests hold the verdicts decided by hand for each of
  /// them (`HandDecidedVerdicts`) and check that the two agree.
  package var probes: [String] {
    switch self {
    case .required: []
    case .hanName: Self.hanNameProbes
    case .japaneseName: Self.japaneseNameProbes
    case .koreanName: Self.koreanNameProbes
    case .email: Self.emailProbes
    }
  }

  /// ``probes``, then the texts of the separator choices the team declared
  /// (``NamePolicies/contestedTexts(for:)``).
  package func probes(policies: NamePolicies) -> [String] {
    probes + (policies.isDeclared(self) ? NamePolicies.contestedTexts(for: self) : [])
  }

  static let hanNameProbes: [String] = [
    "刘䶮", "liu yan",
    "𠮷野", "阿沛·阿旺晋美",
    "张伟", "张", "中文", "中", "山田", "山",
    "日本語", "日本", "刘", "䶮", "𠮷", "龘",
    "葛\u{E0100}",
    // 金 and the compatibility ideograph 朗 U+F929, which normalisation (NFC, NFD) turns into U+6717: an
    // app that sends or shows it normalised changed the user's code points.
    "金\u{F929}",
    // Traditional characters, as Zhuyin commits them (張偉, and 張委 before the second candidate is chosen).
    "張偉", "張委", "張",
    "刘 䶮", "·阿沛", "阿沛·", "阿沛··阿旺晋美",
    "zhang", "zhang wei",
    "张wei", "张伟1", "张，伟", "々", "〇",
    "⺁", "佐々木みゆき", "佐々木", "やまだ", "yamada",
    "sasaki", "김진우", "김진", "김지", "김",
    "기", "ㄱ", "김ㅈ", "김진ㅇ", "kim jinwoo",
    "mei.li@example.cn", "mei.li＠example.cn", "한글", "한",
    "한ㄱ", "하", "ㅎ", "한그", "ﾔﾏﾀﾞ",
    "山田 太郎", "日本go", "nihongo",
  ]

  static let japaneseNameProbes: [String] = [
    "佐々木みゆき", "sasaki",
    "山田", "山", "やまだ", "ヤマダ", "佐々木",
    "日本語", "日本", "みすゞ", "ルーシー", "刘䶮",
    "张伟", "张", "中文", "中", "𠮷野",
    "yamada", "山田 太郎", "ﾔﾏﾀﾞ", "山田1",
    "liu yan", "刘 䶮", "张wei",
    "zhang", "김진우", "김진", "김", "ㄱ",
    "김진ㅇ", "kim jinwoo", "mei.li@example.cn", "日本go",
    "阿沛·阿旺晋美", "·阿沛", "기", "김지", "김ㅈ",
  ]

  static let koreanNameProbes: [String] = [
    "김진우", "kim jinwoo", "김진ㅇ",
    "김진", "김지", "김", "기", "한글", "한",
    "하", "한그", "ㄱ", "김ㅈ", "한ㄱ",
    "ㅎ", "김 진우", "ㄱ김", "김진우1", "liu yan",
    // 박서연 as the 2-set keyboard builds it (qkrtjdus): ㅂ 바 박 밗 박서 박성 박서여 박서연 (밗 takes ㅅ as a
    // second final consonant until ㅓ moves it on: a whole syllable, so valid, as 김 is).
    "박서연", "ㅂ", "바", "박", "밗",
    "박서", "박성", "박서여",
    "刘䶮", "张伟", "张", "山田", "山",
    "佐々木みゆき", "sasaki", "zhang", "mei.li@example.cn",
    "刘 䶮", "·阿沛", "张wei",
  ]

  static let emailProbes: [String] = [
    "mei.li@example.cn", "mei.li＠example.cn",
    "a@b.co", "mei+qa@mail.example.com", "mei.li", "@example.cn",
    "mei..li@example.cn", ".mei@example.cn", "mei@example",
    "mei@example.c", "mei@-example.cn", "mei li@example.cn",
    "mei@example．cn", "刘䶮", "liu yan", "张伟",
    "山田", "김진우", "佐々木みゆき", "zhang", "张",
    "山", "张wei", "ㄱ", "기", "김", "김ㅈ",
    "김지", "김진", "김진ㅇ",
  ]
}
