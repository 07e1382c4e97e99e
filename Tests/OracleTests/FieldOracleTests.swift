import Testing

@testable import Oracle

/// A field's verdicts: the team's samples first, then the rules, regex rules judged by samples only.
struct FieldOracleTests {
  let furigana = FieldOracle(
    rules: [.builtIn(.required), .regex("[ぁ-ゖー]+")],
    samples: [("たかはし", .valid), ("高橋", .invalid), ("たかはし", .invalid)])

  @Test func `a sample decides; the first listing counts`() throws {
    #expect(try furigana.verdict(of: "たかはし") == .valid)
    #expect(try furigana.verdict(of: "高橋") == .invalid)
  }

  @Test func `a regex rule decides nothing without a sample`() {
    #expect(throws: NoVerdict.regex("[ぁ-ゖー]+")) { try furigana.verdict(of: "たかは") }
    #expect(throws: NoVerdict.regex("[ぁ-ゖー]+")) { try furigana.computedVerdict(of: "たかはし") }
  }

  @Test func `what a regex cannot change is still computed`() throws {
    // Empty text: every regex accepts it, so required decides.
    #expect(try furigana.verdict(of: "") == .invalid)
    #expect(try FieldOracle(rules: [.regex("x+")]).verdict(of: "") == .valid)
    // A later built-in rule says invalid: invalid whatever the regex says.
    let mixed = FieldOracle(rules: [.regex("[a-z]+"), .builtIn(.hanName)])
    #expect(try mixed.verdict(of: "liu yan") == .invalid)
    // Incomplete after an undecided regex: it depends on the regex.
    let korean = FieldOracle(rules: [.regex("[가-힣ㄱ-ㅎ]+"), .builtIn(.koreanName)])
    #expect(throws: NoVerdict.regex("[가-힣ㄱ-ㅎ]+")) { try korean.verdict(of: "김ㅈ") }
    #expect(throws: NoVerdict.regex("[가-힣ㄱ-ㅎ]+")) { try korean.verdict(of: "김진") }
  }

  @Test func `a sample may overrule a built-in rule; the computed verdict still says otherwise`() throws {
    let team = FieldOracle(rules: [.builtIn(.required), .builtIn(.hanName)], samples: [("张 伟", .valid)])
    #expect(try team.verdict(of: "张 伟") == .valid)
    #expect(try team.computedVerdict(of: "张 伟") == .invalid)
  }

  @Test func `no verdict never quotes the text`() {
    #expect(
      NoVerdict.regex("[ぁ-ゖー]+").description
        == "the regex rule '[ぁ-ゖー]+' is judged only by the field's 'samples:', and they do not list this text"
    )
  }
}
