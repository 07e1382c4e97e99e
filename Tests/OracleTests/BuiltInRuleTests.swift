import Testing

@testable import Oracle

/// Each rule's definition on the cases that tell a close reading from a loose one.
struct BuiltInRuleTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var rule: BuiltInRule
    var text: String
    var verdict: Verdict
    var why: String
    var testDescription: String {
      "\(rule.rawValue) \"\(text.unicodeScalars.map { $0.isASCII ? String($0) : "U+\(String($0.value, radix: 16, uppercase: true))" }.joined())\": \(why)"
    }
  }

  static let cases: [Case] = [
    // required: scalar by scalar White_Space.
    Case(rule: .required, text: "", verdict: .invalid, why: "empty"),
    Case(rule: .required, text: " \u{3000}\u{00A0}\n", verdict: .invalid, why: "only White_Space"),
    Case(rule: .required, text: " \u{0301}", verdict: .valid, why: "a space carrying an accent is not blank"),
    Case(rule: .required, text: "\u{200B}", verdict: .valid, why: "ZERO WIDTH SPACE is not White_Space"),
    // han-name.
    Case(rule: .hanName, text: "王伟", verdict: .valid, why: "URO"),
    Case(rule: .hanName, text: "欧阳娜娜", verdict: .valid, why: "a compound surname"),
    Case(rule: .hanName, text: "\u{323B0}", verdict: .valid, why: "Extension J (17.0)"),
    Case(
      rule: .hanName, text: "\u{F900}\u{FE00}", verdict: .valid,
      why: "a compatibility ideograph and its selector"),
    Case(rule: .hanName, text: "葛\u{E0100}\u{E0100}", verdict: .invalid, why: "two selectors"),
    Case(rule: .hanName, text: "葛\u{E0100}·木", verdict: .valid, why: "a separator after a selector"),
    Case(rule: .hanName, text: "葛\u{180B}", verdict: .invalid, why: "a Mongolian free variation selector"),
    Case(rule: .hanName, text: "阿沛\u{2E31}阿旺", verdict: .invalid, why: "WORD SEPARATOR MIDDLE DOT"),
    Case(rule: .hanName, text: "·", verdict: .invalid, why: "a separator alone"),
    Case(rule: .hanName, text: "\u{2F00}", verdict: .invalid, why: "a Kangxi radical"),
    Case(rule: .hanName, text: "王\u{2B81E}", verdict: .invalid, why: "unassigned in 17.0 (Unicode 18.0's)"),
    Case(rule: .hanName, text: "", verdict: .valid, why: "empty: left to required"),
    // japanese-name.
    Case(rule: .japaneseName, text: "高橋", verdict: .valid, why: "kanji"),
    Case(rule: .japaneseName, text: "渡辺", verdict: .valid, why: "kanji"),
    Case(rule: .japaneseName, text: "ゔぁ", verdict: .valid, why: "small and voiced hiragana"),
    Case(rule: .japaneseName, text: "ヴヵヶヷヺ", verdict: .valid, why: "katakana up to U+30FA"),
    Case(rule: .japaneseName, text: "ゟ", verdict: .invalid, why: "HIRAGANA DIGRAPH YORI"),
    Case(rule: .japaneseName, text: "ヿ", verdict: .invalid, why: "KATAKANA DIGRAPH KOTO"),
    Case(rule: .japaneseName, text: "ㇰ", verdict: .invalid, why: "Katakana Phonetic Extensions"),
    Case(rule: .japaneseName, text: "\u{1B001}", verdict: .invalid, why: "Kana Supplement"),
    Case(rule: .japaneseName, text: "さ\u{3099}", verdict: .invalid, why: "a combining voiced sound mark"),
    Case(rule: .japaneseName, text: "\u{E0100}葛", verdict: .invalid, why: "a selector before the kanji"),
    Case(rule: .japaneseName, text: "葛\u{E0100}城", verdict: .valid, why: "a selector after a kanji"),
    Case(
      rule: .japaneseName, text: "みすゞヽヾ〃", verdict: .invalid, why: "〃 DITTO MARK is not an iteration mark"),
    // korean-name.
    Case(rule: .koreanName, text: "김민수", verdict: .valid, why: "syllables"),
    Case(rule: .koreanName, text: "최지후", verdict: .valid, why: "syllables"),
    Case(rule: .koreanName, text: "최지ㅎ", verdict: .incomplete, why: "a trailing compatibility jamo"),
    Case(rule: .koreanName, text: "김ㅁㅅ", verdict: .invalid, why: "two trailing compatibility jamo"),
    Case(
      rule: .koreanName, text: "김\u{1106}\u{1175}\u{11AB}", verdict: .incomplete, why: "three conjoining jamo"
    ),
    Case(
      rule: .koreanName, text: "김\u{1106}\u{1175}\u{11AB}\u{11AB}", verdict: .invalid,
      why: "four conjoining jamo"),
    Case(
      rule: .koreanName, text: "김\u{1106}ㅁ", verdict: .invalid,
      why: "a compatibility jamo after a conjoining one"),
    Case(rule: .koreanName, text: "김\u{3164}", verdict: .invalid, why: "HANGUL FILLER is not a jamo"),
    Case(
      rule: .koreanName, text: "김\u{D7FC}", verdict: .invalid, why: "unassigned in Hangul Jamo Extended-B"),
    Case(rule: .koreanName, text: "김\u{FFA1}", verdict: .invalid, why: "a half-width jamo"),
    // email.
    Case(rule: .email, text: "a@b.cd", verdict: .valid, why: "shortest"),
    Case(rule: .email, text: "a@b.12", verdict: .invalid, why: "an all-digit top-level domain"),
    Case(rule: .email, text: "a@b.c1", verdict: .valid, why: "a top-level domain with a digit"),
    Case(rule: .email, text: "a@@b.cd", verdict: .invalid, why: "two @"),
    Case(rule: .email, text: "a.@b.cd", verdict: .invalid, why: "a trailing dot in the local part"),
    Case(rule: .email, text: "a@b-.cd", verdict: .invalid, why: "a label ending with a hyphen"),
    Case(rule: .email, text: "a@b..cd", verdict: .invalid, why: "an empty label"),
    Case(
      rule: .email, text: String(repeating: "a", count: 64) + "@b.cd", verdict: .valid,
      why: "a 64-character local part"),
    Case(
      rule: .email, text: String(repeating: "a", count: 65) + "@b.cd", verdict: .invalid, why: "65 characters"
    ),
    Case(
      rule: .email, text: "a@" + String(repeating: "b", count: 63) + ".cd", verdict: .valid,
      why: "a 63-character label"),
    Case(rule: .email, text: "a@" + String(repeating: "b", count: 64) + ".cd", verdict: .invalid, why: "64"),
    Case(
      rule: .email,
      text: "a@" + Array(repeating: String(repeating: "b", count: 62), count: 4).joined(separator: ".")
        + ".cd",
      verdict: .invalid, why: "255 characters"),
    Case(rule: .email, text: "\"a\"@b.cd", verdict: .invalid, why: "no quoted local parts"),
    Case(rule: .email, text: "é@b.cd", verdict: .invalid, why: "not ASCII"),
  ]

  @Test(arguments: cases) func `verdict`(_ entry: Case) throws {
    #expect(try entry.rule.verdict(of: entry.text) == entry.verdict)
  }

  @Test func `rules combine in order, the first verdict that is not valid`() throws {
    #expect(try BuiltInRule.verdict(of: "", rules: [.required, .koreanName]) == .invalid)
    #expect(try BuiltInRule.verdict(of: "김ㅈ", rules: [.required, .koreanName]) == .incomplete)
    #expect(try BuiltInRule.verdict(of: "김ㅈ", rules: [.koreanName, .hanName]) == .incomplete)
    #expect(try BuiltInRule.verdict(of: "김ㅈ", rules: [.hanName, .koreanName]) == .invalid)
    #expect(try BuiltInRule.verdict(of: "山田", rules: []) == .valid)
  }

  @Test func `data older than the definitions leaves an unassigned code point unjudged`() throws {
    #expect(throws: UnicodeDataTooOld(scalar: "\u{2B81E}", data: UnicodeVersion(16, 0))) {
      try BuiltInRule.checkAssigned("\u{2B81E}", data: UnicodeVersion(16, 0))
    }
    // Data as new as the definitions: unassigned means no letter of any name.
    try BuiltInRule.checkAssigned("\u{2B81E}", data: UnicodeVersion(17, 0))
  }
}
