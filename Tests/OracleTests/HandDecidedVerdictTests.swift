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
