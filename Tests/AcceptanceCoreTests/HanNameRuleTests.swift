import TestSupport
import Testing

@testable import AcceptanceCore

/// The Han-only name rule, checked against Unicode's own data (Debian `unicode-data`, Unicode
/// 15.0) plus the 15.1/17.0 additions, and against the stdlib's `isUnifiedIdeograph`.
struct HanNameRuleTests {
  let rule = HanNameRule()

  /// Unified ideographs added after Unicode 15.0 (DOMAIN 5.1), absent from the Debian files.
  static let addedSince15: [ClosedRange<UInt32>] = [
    0x2B73A...0x2B73F,  // Extension C tail (17.0)
    0x2CEA2...0x2CEAD,  // Extension E tail (17.0)
    0x2EBF0...0x2EE5D,  // Extension I (15.1)
    0x323B0...0x33479,  // Extension J (17.0)
  ]

  /// Script=Han code points that are not ideographs and are deliberately rejected in names.
  static let documentedExclusions: [(range: ClosedRange<UInt32>, why: String)] = [
    (0x2E80...0x2E99, "CJK radicals supplement: radicals are components, not characters of a name"),
    (0x2E9B...0x2EF3, "CJK radicals supplement (2E9A is unassigned)"),
    (0x2F00...0x2FD5, "Kangxi radicals: compatibility look-alikes of ideographs, NFKC maps them away"),
    (0x3005...0x3005, "々 iteration mark: a Japanese-name mark (allowed by JapaneseNameRule), not Chinese"),
    (0x3007...0x3007, "〇 ideographic number zero: a numeral"),
    (0x3021...0x3029, "Hangzhou numerals one to nine"),
    (0x3038...0x303A, "Hangzhou numerals ten to thirty"),
    (0x303B...0x303B, "〻 vertical iteration mark: vertical-text punctuation-like mark"),
    (0x16FE2...0x16FE3, "old Chinese hook and iteration marks: punctuation/annotation"),
    (0x16FF0...0x16FF1, "Vietnamese alternate reading marks (combining marks)"),
  ]

  @Test func `accepts real names across extensions`() {
    for name in ["刘䶮", "𠮷", "𠮷野", "阿沛·阿旺晋美", "王小明", "欧阳娜娜", "司马相如"] {
      #expect(rule.evaluate(name) == .valid, "\(name)")
    }
  }

  @Test func `rejects pinyin digits spaces and punctuation`() {
    for text in ["liu yan", "liuyan", "刘 䶮", "刘2", "刘。", "刘,䶮", "王\u{3000}明", "Ｌｉｕ"] {
      #expect(rule.evaluate(text) == .invalid(.hanNameInvalidCharacter), "\(text)")
    }
  }

  @Test func `middle dots only between Han runs`() {
    // U+00B7 by default; U+30FB and U+2027 once the team declares them (issue 34: a choice, not a fact).
    let declared = HanNameRule(separators: ["\u{00B7}", "\u{30FB}", "\u{2027}"])
    for (rule, dot) in [(rule, "\u{00B7}"), (declared, "\u{30FB}"), (declared, "\u{2027}")] {
      #expect(rule.evaluate("阿沛\(dot)阿旺晋美") == .valid)
      #expect(rule.evaluate("\(dot)阿沛") == .invalid(.hanNameMisplacedSeparator))
      #expect(rule.evaluate("阿沛\(dot)") == .invalid(.hanNameMisplacedSeparator))
      #expect(rule.evaluate("阿沛\(dot)\(dot)阿旺") == .invalid(.hanNameMisplacedSeparator))
      #expect(rule.evaluate(dot) == .invalid(.hanNameMisplacedSeparator))
    }
    #expect(declared.evaluate("阿沛\u{00B7}\u{30FB}阿旺") == .invalid(.hanNameMisplacedSeparator))
    for dot in ["\u{30FB}", "\u{2027}"] {
      #expect(rule.evaluate("阿沛\(dot)阿旺晋美") == .invalid(.hanNameInvalidCharacter), "\(dot)")
    }
    // Look-alikes users paste are not separators (DOMAIN 5.2).
    for lookalike in ["\u{FF65}", "\u{2022}", "\u{2219}", "\u{22C5}", "\u{2E31}", "\u{318D}", "\u{A78F}"] {
      #expect(rule.evaluate("阿沛\(lookalike)阿旺") == .invalid(.hanNameInvalidCharacter), "\(lookalike)")
    }
  }

  @Test func `variation selectors only after an ideograph`() {
    #expect(rule.evaluate("葛\u{E0100}西") == .valid)
    #expect(rule.evaluate("\u{E0100}葛") == .invalid(.hanNameInvalidCharacter))
    #expect(rule.evaluate("阿·\u{E0100}") == .invalid(.hanNameInvalidCharacter))
  }

  @Test func `empty text is left to RequiredRule`() {
    #expect(rule.evaluate("") == .valid)
    #expect(AllOfRule([RequiredRule(), rule]).evaluate("") == .invalid(.required))
  }

  @Test func `unicode 15_1 and 17_0 additions are accepted`() {
    for value: UInt32 in [0x2EBF0, 0x2EE5D, 0x2B73A, 0x2B73F, 0x2CEA2, 0x2CEAD, 0x323B0, 0x33479] {
      let scalar = Unicode.Scalar(value)!
      #expect(rule.evaluate(String(scalar)) == .valid, "U+\(String(value, radix: 16, uppercase: true))")
    }
    // Unicode 18.0's 2B81E and unassigned neighbours stay out.
    for value: UInt32 in [0x2B81E, 0x2B81F, 0x2EE5E, 0x3347A, 0x2CEAE, 0x2EBE1] {
      #expect(!HanIdeographs.contains(Unicode.Scalar(value)!))
    }
  }

  @Test func `unified ideographs match PropList plus later additions`() throws {
    let propList = try UnicodeDataFiles.read("PropList.txt")
    let oracle = UnicodeDataFiles.codePoints(
      UnicodeDataFiles.ranges(in: propList, value: "Unified_Ideograph"))
    #expect(oracle.count > 90_000, "PropList.txt parsed too few Unified_Ideograph code points")
    let expected = oracle.union(UnicodeDataFiles.codePoints(Self.addedSince15))
    let ours = UnicodeDataFiles.codePoints(HanIdeographs.unifiedRanges)
    #expect(ours.subtracting(expected).sorted().prefix(5) == [])
    #expect(expected.subtracting(ours).sorted().prefix(5) == [])
    for value in oracle {
      let scalar = Unicode.Scalar(value)!
      if rule.evaluate(String(scalar)) != .valid {
        Issue.record("U+\(String(value, radix: 16, uppercase: true)) is Unified_Ideograph but rejected")
        break
      }
    }
  }

  @Test func `compatibility ideographs match UnicodeData names`() throws {
    let entries = try UnicodeDataFiles.unicodeData()
    let oracle = Set(
      entries.filter { $0.name.hasPrefix("CJK COMPATIBILITY IDEOGRAPH-") }.flatMap { Array($0.scalars) })
    #expect(oracle.count == 472 + 542, "F900 block 472 + supplement 542 compatibility ideographs")
    #expect(oracle == UnicodeDataFiles.codePoints(HanIdeographs.compatibilityRanges))
    for value in oracle.sorted() where rule.evaluate(String(Unicode.Scalar(value)!)) != .valid {
      Issue.record("U+\(String(value, radix: 16, uppercase: true)) is a compatibility ideograph but rejected")
    }
  }

  @Test func `every Han-script character is accepted except the documented exclusions`() throws {
    let scripts = try UnicodeDataFiles.read("Scripts.txt")
    let han = UnicodeDataFiles.codePoints(UnicodeDataFiles.ranges(in: scripts, value: "Han"))
    let excluded = UnicodeDataFiles.codePoints(Self.documentedExclusions.map(\.range))
    // Every exclusion is justified by the data: it really is Script=Han, and really rejected.
    #expect(excluded.isSubset(of: han))
    for value in excluded {
      #expect(rule.evaluate(String(Unicode.Scalar(value)!)) == .invalid(.hanNameInvalidCharacter))
    }
    var wronglyRejected: [UInt32] = []
    for value in han.subtracting(excluded) where rule.evaluate(String(Unicode.Scalar(value)!)) != .valid {
      wronglyRejected.append(value)
    }
    #expect(wronglyRejected.sorted().prefix(5) == [])
    // And nothing outside Script=Han (as of 15.0) is accepted, apart from later additions.
    let ours = UnicodeDataFiles.codePoints(HanIdeographs.allRanges)
    let allowed = han.union(UnicodeDataFiles.codePoints(Self.addedSince15))
    #expect(ours.subtracting(allowed).sorted().prefix(5) == [])
  }

  @Test func `agrees with the stdlib isUnifiedIdeograph over the whole code space`() {
    var disagreements: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      if scalar.properties.isUnifiedIdeograph != HanIdeographs.isUnified(scalar) {
        disagreements.append(value)
      }
    }
    #expect(disagreements.prefix(5) == [], "Swift's Unicode data (17.0 in Swift 6.3) disagrees")
  }

  @Test func `letters of other scripts are rejected`() throws {
    let blocks = try UnicodeDataFiles.blocks()
    let sample = [
      "Basic Latin", "Latin-1 Supplement", "Greek and Coptic", "Cyrillic", "Arabic", "Devanagari", "Thai",
      "Hiragana", "Katakana", "Katakana Phonetic Extensions", "Bopomofo", "Hangul Jamo",
      "Hangul Compatibility Jamo", "Hangul Syllables", "Yi Syllables", "Tangut", "Nushu",
      "Khitan Small Script", "Halfwidth and Fullwidth Forms",
    ]
    let ranges = try sample.map { name in try #require(blocks[name], "Blocks.txt has no block '\(name)'") }
    var checked = 0
    for entry in try UnicodeDataFiles.unicodeData() where entry.generalCategory.hasPrefix("L") {
      for value in entry.scalars where ranges.contains(where: { $0.contains(value) }) {
        checked += 1
        if rule.evaluate(String(Unicode.Scalar(value)!)) == .valid {
          Issue.record("letter U+\(String(value, radix: 16, uppercase: true)) \(entry.name) accepted")
        }
      }
    }
    #expect(checked > 20_000)
  }
}
