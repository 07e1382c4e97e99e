import ArticleForm
import TeamTestSupport
import Testing

struct ExpectedVerdictsTests {
  @Test func `the file holds every rule`() {
    let rules = Set(ExpectedVerdict.all.map(\.rule))
    #expect(rules.isSuperset(of: ["required", "han-name", "japanese-name", "korean-name", "email"]))
    #expect(ExpectedVerdict.all.count > 100)
  }

  /// bench/outsiders/matrices/expected-verdicts.yaml, decided by hand from the rules' definitions.
  @Test(arguments: ExpectedVerdict.all)
  func `the form's rules give the team's verdicts`(entry: ExpectedVerdict) throws {
    let rule: FieldRule =
      switch entry.rule {
      case "required": .required
      case "han-name": .hanName
      case "japanese-name": .japaneseName
      case "korean-name": .koreanName
      case "email": .email
      default: .pattern(try #require(entry.pattern))
      }
    #expect(PackReplayTests.name(rule.verdict(for: entry.text)) == entry.verdict)
  }
}
