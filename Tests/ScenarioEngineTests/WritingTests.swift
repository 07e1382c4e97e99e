import TestSupport
import Testing

@testable import ScenarioEngine

struct WritingTests {
  @Test func `display width counts CJK as two columns`() {
    #expect("中文".displayWidth == 4)
    #expect("김진우".displayWidth == 6)
    #expect("ab–".displayWidth == 3)
  }

  @Test func `run reports are written deterministically`() throws {
    let plan = try Fixtures.defaultPlan.get()
    let first = AutomatedRun.run(plan, subject: .naive)
    let second = AutomatedRun.run(plan, subject: .naive)
    #expect(first.junitXML() == second.junitXML())
    #expect(first.json() == second.json())
  }

  @Test func `JUnit has one testcase per item with the check as classname`() throws {
    let report = try Fixtures.naiveReport.get()
    let xml = report.junitXML()
    #expect(xml.components(separatedBy: "<testcase ").count - 1 == report.results.count)
    #expect(xml.contains("classname=\"qapass.c1\""))
    #expect(xml.contains("<testsuites name=\"qapass\" tests=\"79\" failures=\"57\" errors=\"0\">"))
    #expect(xml.contains("<property name=\"variant\" value=\"no-change-on-commit\"/>"))
  }

  @Test func `golden run report files for the default matrix`() throws {
    let naive = try Fixtures.naiveReport.get()
    assertSnapshot(naive.junitXML(), named: "default-run-naive.junit.xml")
    assertSnapshot(naive.summaryText(), named: "default-run-naive.summary.txt")
    let core = try Fixtures.coreReport.get()
    assertSnapshot(core.json(), named: "default-run-core.json")
  }
}

extension WritingTests {
  @Test func `every format identifier round-trips and renders`() throws {
    let plan = try Fixtures.defaultPlan.get()
    for identifier in PlanFormat.identifiers {
      let format = try #require(PlanFormat(rawValue: identifier))
      #expect(format.rawValue == identifier)
      #expect(!format.render(plan).isEmpty)
    }
    let report = try Fixtures.coreReport.get()
    for identifier in RunReportFormat.identifiers {
      let format = try #require(RunReportFormat(rawValue: identifier))
      #expect(format.rawValue == identifier)
      #expect(!format.render(report).isEmpty)
    }
    #expect(PlanFormat.identifiers == ["table", "json", "markdown"])
    #expect(RunReportFormat.identifiers == ["summary", "json", "junit"])
  }

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
}
