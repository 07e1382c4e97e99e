import QAModel
import Testing

@testable import Observations

/// issue 22 point 8: a retest after a failure reads as fixed; only a real disagreement is a conflict.
struct RetestTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    /// (result, time, tester), in any order.
    var observations: [(String, String, String)]
    var status: Outcome
    var superseded: [Outcome]
    var conflicts: [Outcome]
    var fixed: Bool
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "the same tester fails, then passes a minute later: fixed",
      observations: [("fail", "2026-11-29T10:00:00Z", "mei"), ("pass", "2026-11-29T10:01:00Z", "mei")],
      status: .pass, superseded: [.fail], conflicts: [], fixed: true),
    Case(
      name: "another tester passes it an hour after the failure: fixed",
      observations: [("fail", "2026-11-29T10:00:00Z", "mei"), ("pass", "2026-11-29T11:00:00Z", "ken")],
      status: .pass, superseded: [.fail], conflicts: [], fixed: true),
    Case(
      name: "another tester passes it 5 minutes and 1 second after: fixed",
      observations: [("fail", "2026-11-29T10:00:00Z", "mei"), ("pass", "2026-11-29T10:05:01Z", "ken")],
      status: .pass, superseded: [.fail], conflicts: [], fixed: true),
    Case(
      name: "two testers 5 minutes apart say different things: a conflict (clocks may differ by that)",
      observations: [("fail", "2026-11-29T10:00:00Z", "mei"), ("pass", "2026-11-29T10:05:00Z", "ken")],
      status: .pass, superseded: [], conflicts: [.fail], fixed: false),
    // A pass and a failure of one run (two test cases name the item): the failure is never hidden behind
    // the pass that happens to come later in the file.
    Case(
      name: "two results at the same time (one test run): a conflict, and the failure decides",
      observations: [("fail", "2026-11-29T10:00:00Z", "junit"), ("pass", "2026-11-29T10:00:00Z", "junit")],
      status: .fail, superseded: [], conflicts: [.pass], fixed: false),
    Case(
      name: "the same, the failure written first: the failure decides",
      observations: [("pass", "2026-11-29T10:00:00Z", "junit"), ("fail", "2026-11-29T10:00:00Z", "junit")],
      status: .fail, superseded: [], conflicts: [.pass], fixed: false),
    // Issue 34: a tester's fail, then pass, in the same second read as fail.
    Case(
      name: "the same tester fails, then passes in the same second: the later written decides, a conflict",
      observations: [("fail", "2026-11-29T10:00:00Z", "mei"), ("pass", "2026-11-29T10:00:00Z", "mei")],
      status: .pass, superseded: [], conflicts: [.fail], fixed: false),
    Case(
      name: "a pass, then a fail on retest: the fail decides, the pass is superseded, nothing is fixed",
      observations: [("pass", "2026-11-29T10:00:00Z", "mei"), ("fail", "2026-11-29T12:00:00Z", "mei")],
      status: .fail, superseded: [.pass], conflicts: [], fixed: false),
    Case(
      name: "fail, pass, fail again: the latest fail decides",
      observations: [
        ("fail", "2026-11-29T10:00:00Z", "mei"), ("pass", "2026-11-29T11:00:00Z", "mei"),
        ("fail", "2026-11-29T12:00:00Z", "mei"),
      ],
      status: .fail, superseded: [.pass], conflicts: [], fixed: false),
    Case(
      name: "a blocked try, then a pass: superseded, not a fix of a failure",
      observations: [("blocked", "2026-11-29T10:00:00Z", "mei"), ("pass", "2026-11-29T11:00:00Z", "mei")],
      status: .pass, superseded: [.blocked], conflicts: [], fixed: false),
    Case(
      name: "a retest of a fail that another tester contradicts at the same moment: fixed and a conflict",
      observations: [
        ("fail", "2026-11-29T10:00:00Z", "mei"), ("pass", "2026-11-29T11:00:00Z", "mei"),
        ("fail", "2026-11-29T10:59:00Z", "ken"),
      ],
      status: .pass, superseded: [.fail], conflicts: [.fail], fixed: true),
  ]

  @Test(arguments: cases)
  func `retests and conflicts`(_ example: Case) throws {
    // "junit" stands for the test cases of one JUnit run, with the evidence `ingest-junit` writes.
    let entries = example.observations.enumerated().map { index, observation in
      let (result, time, tester) = observation
      return IngestTests.entry(
        Examples.pinyin, result, time: time, tester: tester,
        evidence: tester == "junit" ? IngestTests.junit("test\(index)") : nil)
    }
    let file = ObservationFile(path: "r.yaml", text: "version: 1\nobservations:\n" + entries.joined())
    let result = IngestTests.run(file)
    #expect(result.diagnostics.isEmpty)
    let outcome = try #require(result.outcome(Examples.pinyin.id))
    #expect(outcome.status == example.status)
    #expect(outcome.superseded.map(\.observation.result) == example.superseded)
    #expect(outcome.conflicts.map(\.observation.result) == example.conflicts)
    #expect(outcome.isFixedOnRetest == example.fixed)
  }

  @Test func `a stale failure is neither superseded nor a conflict`() throws {
    let file = IngestTests.file(
      "r.yaml", IngestTests.entry(Examples.pinyin, "fail", time: "2026-11-29T10:00:00Z", textVersion: 0),
      IngestTests.entry(Examples.pinyin, "pass", time: "2026-11-29T11:00:00Z"))
    let outcome = try #require(IngestTests.run(file).outcome(Examples.pinyin.id))
    #expect(outcome.status == .pass)
    #expect(outcome.superseded.isEmpty)
    #expect(outcome.conflicts.isEmpty)
    #expect(!outcome.isFixedOnRetest)
  }
}
