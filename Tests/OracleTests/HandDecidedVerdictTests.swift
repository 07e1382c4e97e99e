import Testing

@testable import Oracle

/// The verdict tables once decided by hand, now the computed oracle's test.
struct HandDecidedVerdictTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var rule: BuiltInRule
    var text: String
    var verdict: Verdict
    var testDescription: String { "\(rule.rawValue) \"\(text)\"" }
  }

  static let cases: [Case] = BuiltInRule.allCases.flatMap { rule in
    (HandDecidedVerdicts.tables[rule] ?? []).map { Case(rule: rule, text: $0.text, verdict: $0.verdict) }
  }

  @Test(arguments: cases) func `the computed verdict is the one decided by hand`(_ entry: Case) throws {
    #expect(try entry.rule.verdict(of: entry.text) == entry.verdict)
  }

  @Test func `every text a pack probes has a verdict decided by hand, in the same order`() {
    for rule in BuiltInRule.allCases {
      #expect(rule.probes == (HandDecidedVerdicts.tables[rule] ?? []).map(\.text), "\(rule)")
    }
    #expect(Self.cases.count > 150)
  }

  // Issue 34: a dot other than U+00B7 joins a name only when the team declares it.
  @Test func `the separator choices decide their texts only once declared`() throws {
    let declared = NamePolicies(
      hanNameSeparators: ["\u{30FB}", "\u{2027}"], japaneseNameSeparators: ["\u{30FB}"])
    for entry in HandDecidedVerdicts.contested {
      #expect(try entry.rule.verdict(of: entry.text, policies: declared) == entry.verdict, "\(entry.text)")
      // Undeclared, the definitions alone: no dot but U+00B7 in a Chinese name, none in a Japanese one.
      #expect(try entry.rule.verdict(of: entry.text) == .invalid, "\(entry.text)")
      #expect(!entry.rule.probes.contains(entry.text))
    }
    for rule in [BuiltInRule.hanName, .japaneseName] {
      let texts = HandDecidedVerdicts.contested.filter { $0.rule == rule }.map(\.text)
      #expect(rule.probes(policies: declared) == rule.probes + texts)
      #expect(rule.probes(policies: NamePolicies()) == rule.probes)
    }
    // Declared separators stand between two runs only.
    for text in ["・阿沛", "阿沛・", "阿沛・・阿旺晋美", "阿沛·・阿旺晋美"] {
      #expect(try BuiltInRule.hanName.verdict(of: text, policies: declared) == .invalid, "\(text)")
    }
    for text in ["・スミス", "ジョン・", "ジョン・・スミス"] {
      #expect(try BuiltInRule.japaneseName.verdict(of: text, policies: declared) == .invalid, "\(text)")
    }
  }

  @Test func `the comparison tells rules apart (negative control)`() throws {
    // The Han-name table read as Korean-name verdicts disagrees at many entries: the check can fail.
    var disagreements = 0
    for (text, verdict) in HandDecidedVerdicts.hanName
    where try BuiltInRule.koreanName.verdict(of: text) != verdict {
      disagreements += 1
    }
    #expect(disagreements > 20)
  }

  @Test func `each rule's samples lead its probes`() throws {
    // What p1 pastes when a field has that rule alone: the first valid, invalid and incomplete probe.
    func first(_ rule: BuiltInRule, _ verdict: Verdict) throws -> String? {
      try rule.probes.first { try rule.verdict(of: $0) == verdict }
    }
    #expect(try first(.hanName, .valid) == "刘䶮")
    #expect(try first(.hanName, .invalid) == "liu yan")
    #expect(try first(.japaneseName, .valid) == "佐々木みゆき")
    #expect(try first(.koreanName, .incomplete) == "김진ㅇ")
    #expect(try first(.email, .invalid) == "mei.li＠example.cn")
  }
}
