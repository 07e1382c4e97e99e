import Testing

@testable import Reporting

/// Since the last pass: reading the previous report.json and comparing item by item (issue 14).
struct ReportChangesTests {
  @Test func `a report.json this version wrote reads back with every outcome`() throws {
    let report = try Fixture.defaultReport()
    let text = JSONReportWriter.json(report).rendered(trailingNewline: true)
    let previous = try PreviousReport.parse(Array(text.utf8), path: "reports/report.json")
    #expect(previous.outcomes.count == report.items.count)
    #expect(previous.verdict == report.verdict)
    #expect(previous.generatedAt == Fixture.generatedAt)
    let changes = ReportChanges.compare(report.items, previous: previous)
    #expect(changes.newlyFailing.isEmpty && changes.fixed.isEmpty && changes.newlyUntested.isEmpty)
    #expect(changes.stillFailing.count == report.failures.count)
    #expect(changes.newItems == 0 && changes.removedItems == 0)
  }

  @Test func `a qapass-report/1 file from the earlier format still reads`() throws {
    let text = """
      {"format": "qapass-report/1", "generated_at": "as of the latest observation, 2026-11-28T15:30:00Z",
       "verdict": "INCOMPLETE", "items": [{"id": "auto.c1.x", "outcome": "pass"}]}
      """
    let previous = try PreviousReport.parse(Array(text.utf8), path: "old.json")
    #expect(previous.outcomes == ["auto.c1.x": .pass])
    #expect(previous.verdict == .incomplete)
    #expect(previous.generatedAt == nil, "a sentence is not a time")
  }

  // issue 33 point 6: the previous report is read in one pass that keeps only what is compared.
  @Test func `what is compared is read whatever surrounds it, escapes and member order included`() throws {
    let text = #"""
      {"notes": ["a \"quoted\" note", {"deep": [[1, -2.5e3, null, true]]}], "format": "qapass-report/2",
       "items": [{"configuration": {"id": "not this"}, "outcome": "fail", "id": "manual.x\u00e9\"y"},
                 {"id": "auto.c1.x", "title": "\\", "outcome": "pass"}],
       "subjects": [{"items": [{"id": "auto.c1.x", "outcome": "error"}], "name": "SignUp", "reference": false},
                    {"name": "core", "reference": true, "items": [{"id": "auto.c1.x", "outcome": "fail"}]}],
       "verdict": "REJECTED", "generated_at": "2026-12-01T10:00:00Z"}
      """#
    let previous = try PreviousReport.parse(Array(text.utf8), path: "p.json")
    #expect(previous.outcomes == ["manual.xé\"y": .fail, "auto.c1.x": .pass])
    #expect(previous.subjectOutcomes == ["SignUp": ["auto.c1.x": .error]])
    #expect(previous.verdict == .rejected)
    #expect(previous.generatedAt == "2026-12-01T10:00:00Z")
  }

  struct Malformed: Sendable, CustomTestStringConvertible {
    var text: String
    var message: String
    var testDescription: String { message }
  }

  @Test(arguments: [
    Malformed(text: "[1, 2]", message: "not a JSON object"),
    Malformed(text: "{\"format\": \"qapass-run/1\"}", message: "not a qapass report"),
    Malformed(
      text: "{\"format\": \"qapass-report/2\", \"items\": [{\"id\": \"a\"}]}", message: "items[0] has no"),
    Malformed(
      text: "{\"format\": \"qapass-report/2\", \"items\": [{\"id\": \"a\", \"outcome\": \"passed\"}]}",
      message: "items[0] has an unknown outcome 'passed'"),
    Malformed(text: "{\"format\": \"qapass-report/2\"} x", message: "not a JSON object"),
    Malformed(
      text: "{\"format\": \"qapass-report/2\", \"items\": [{\"id\": \"a}]}", message: "not a JSON object"),
    Malformed(text: "{\"format\": \"qapass-report/2\", \"notes\": [tru]}", message: "not a JSON object"),
    Malformed(text: "{\"format\": \"qapass-report/2\", \"items\": [7]}", message: "items[0] has no"),
    Malformed(
      text: "{\"format\": \"qapass-report/2\", \"subjects\": [{\"reference\": false, \"items\": []}]}",
      message: "subjects[0] has no \"name\""),
  ])
  func `a file that is not a previous report is refused with the reason`(_ testCase: Malformed) throws {
    let error = #expect(throws: PreviousReport.Malformed.self) {
      try PreviousReport.parse(Array(testCase.text.utf8), path: "prev.json")
    }
    #expect(error?.description.hasPrefix("prev.json: error: ") == true)
    #expect(error?.message.contains(testCase.message) == true, "\(String(describing: error))")
  }

  @Test func `an error counts as failing, an untested item after a failure as newly untested`() throws {
    let plan = try SmallCase.plan()
    let c2 = AcceptanceReportTests.c2
    let h1 = AcceptanceReportTests.h1
    let m2 = AcceptanceReportTests.m2
    let report = SmallCase.report(
      plan, run: SmallCase.run(plan, erroring: [c2]),
      manual: SmallCase.statuses(plan, .pass, overrides: [h1: .untested, m2: .fail]))
    let previous = PreviousReport(path: "p", outcomes: [c2: .pass, h1: .fail, m2: .error])
    let changes = ReportChanges.compare(report.items, previous: previous)
    #expect(changes.newlyFailing.map(\.id) == [c2])
    #expect(changes.stillFailing.map(\.id) == [m2])
    #expect(changes.newlyUntested.map(\.id) == [h1])
    #expect(changes.newItems == report.items.count - 3)
  }

  // issue 34 point 6: "Since the last pass" follows renamed_from and names what was dropped.
  @Test func `a re-plan's renamed items match their former ids and dropped ones are named with their result`()
    throws
  {
    let report = try ReplannedCase.report()
    let changes = try #require(report.changes)
    #expect(changes.stillFailing.map(\.id) == [ReplannedCase.renamed.after])
    #expect(changes.stillFailing.first?.formerID == ReplannedCase.renamed.before)
    #expect(changes.newItems == 0)
    #expect(changes.renamedItems == report.items.count { $0.id.rawValue.contains(".ko-dubeolsik.") })
    #expect(changes.removed.first == .init(id: ReplannedCase.dropped, outcome: .fail))
    #expect(changes.removed.allSatisfy { $0.id.rawValue.contains(".phone-b.") })
    #expect(
      changes.removed.count == changes.removedFailing.count + changes.removed.count { $0.outcome == .pass })
    #expect(changes.summary.contains("no longer in the plan (1 of them failing)"))
    // Without the former ids, the rename reads as new and removed items, as it did before.
    let unmatched = ReportChanges.compare(report.items, previous: try ReplannedCase.previous())
    #expect(unmatched.newItems == changes.renamedItems)
    #expect(unmatched.stillFailing.isEmpty)
  }
}
