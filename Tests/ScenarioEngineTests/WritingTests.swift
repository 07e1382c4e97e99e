import TestSupport
import Testing

@testable import ScenarioEngine

struct WritingTests {
  @Test func `display width counts CJK as two columns`() {
    #expect("中文".displayWidth == 4)
    #expect("김진우".displayWidth == 6)
    #expect("ab–".displayWidth == 3)
  }

  @Test func `run summaries are written deterministically`() throws {
    let plan = try Fixtures.defaultPlan.get()
    let first = AutomatedRun.run(plan, subject: .naive)
    let second = AutomatedRun.run(plan, subject: .naive)
    #expect(first.summaryText() == second.summaryText())
  }

  @Test(.needsEngines) func `golden run summary for the default matrix`() throws {
    let naive = try Fixtures.naiveReport.get()
    assertSnapshot(naive.summaryText(), named: "default-run-naive.summary.txt")
  }

  @Test(.needsEngines) func `a trace table has one row per step under the shared headers`() throws {
    let naive = try Fixtures.naiveReport.get()
    let failed = try #require(naive.results.first { !$0.steps.isEmpty })
    let table = DriverStep.traceTable(failed.steps)
    #expect(table.split(separator: "\n").count >= failed.steps.count + 1)
    #expect(table.hasPrefix("#"))
    #expect(DriverStep.traceLines(failed.steps).count == failed.steps.count)
  }
}

extension WritingTests {
  @Test func `placeholders are filled once and unknown ones stay`() {
    let filled = Scenario.fill("type {reading} then {unknown} {", ["reading": "{reading}", "x": "y"])
    #expect(filled == "type {reading} then {unknown} {")
    #expect(Scenario.fill("{a}{b}", ["a": "1", "b": "2"]) == "12")
  }
}

extension WritingTests {
  @Test func `line breaks in names never break a table row or a Markdown heading`() throws {
    var file = try Fixtures.loadMatrix()
    file.name = "Two\nlines"
    file.devices[1].name = "iPhone\r\n16e"
    let plan = try Plan.make(file: file)
    #expect(plan.markdown().hasPrefix("# QA plan: Two lines\n"))
    #expect(plan.markdown().contains("### iPhone 16e (`iphone-16e`) — iOS 27.x\n"))
    #expect(plan.table().contains("— iPhone 16e, iOS 27.x"))
  }

  /// Issue 32: the plan table printed a matrix's ESC, BEL and OSC raw.
  @Test func `the plan table shows control characters instead of sending them to the terminal`() throws {
    var file = try Fixtures.loadMatrix()
    file.name = "Plan \u{1B}]0;owned\u{07}"
    file.build = "1.0\u{9B}8m"
    file.devices[1].name = "iPhone\u{1B}[8m 16e"
    let table = try Plan.make(file: file).table()
    #expect(!table.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{9B}" })
    #expect(table.hasPrefix("plan: Plan \\u{1B}]0;owned\\u{7}\n"))
    #expect(table.contains("build: 1.0\\u{9B}8m\n"))
    #expect(table.contains("iPhone\\u{1B}[8m 16e"))
  }
}
