import Foundation
import QAModel
import Testing

struct OutcomeTests {
  @Test func `every outcome is spelled as the files qapass writes spell it`() {
    #expect(
      Outcome.allCases.map(\.rawValue) == [
        "pass", "fail", "error", "blocked", "skipped", "untested", "stale",
      ])
    for outcome in Outcome.allCases {
      #expect(Outcome(rawValue: outcome.description) == outcome)
    }
    #expect(Outcome(rawValue: "passed") == nil)
    #expect(Outcome(rawValue: "PASS") == nil)
  }

  @Test func `a tester records neither error nor stale`() {
    #expect(Outcome.spellings(Outcome.recordable) == ["pass", "fail", "blocked", "skipped", "untested"])
    #expect(!Outcome.recordable.contains(.stale))
    #expect(!Outcome.recordable.contains(.error))
    #expect(Outcome("skipped", among: Outcome.recordable) == .skipped)
    #expect(Outcome("stale", among: Outcome.recordable) == nil)
    #expect(Outcome("passed", among: Outcome.recordable) == nil)
  }

  @Test func `ingest adds stale to what a tester records`() {
    #expect(Outcome.manual == Outcome.recordable + [.stale])
  }

  @Test func `a replay gives pass, fail or error only`() {
    #expect(Outcome.spellings(Outcome.replay) == ["pass", "fail", "error"])
  }

  @Test func `a test case passes, fails or is skipped`() {
    #expect(Outcome.testCase == [.pass, .fail, .skipped])
  }

  @Test func `subsets keep the order of all cases`() {
    for subset in [Outcome.recordable, Outcome.manual, Outcome.replay, Outcome.testCase] {
      let positions = subset.compactMap { Outcome.allCases.firstIndex(of: $0) }
      #expect(positions == positions.sorted())
    }
  }

  @Test func `only pass, fail, blocked and skipped are current results`() {
    #expect(Outcome.allCases.filter(\.isResult) == [.pass, .fail, .blocked, .skipped])
    #expect(Outcome.allCases.filter(\.isFailing) == [.fail, .error])
  }

  @Test func `an outcome is encoded as its plain spelling`() throws {
    let data = try JSONEncoder().encode([Outcome.stale])
    #expect(String(decoding: data, as: UTF8.self) == #"["stale"]"#)
    #expect(try JSONDecoder().decode([Outcome].self, from: data) == [.stale])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([Outcome].self, from: Data(#"["ok"]"#.utf8))
    }
  }
}
