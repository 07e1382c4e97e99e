import Effects
import Observations
import QAPassWorkflow
import Reporting
import TestSupport
import Testing

/// issue 33 point 1: the app's whole test run reaches the gate. A crashed test suite whose item-named
/// tests pass used to leave the pass ACCEPTED, and no report file named the failures.
struct AppTestRunGateTests {
  /// Every item-named test passes; three tests of the app's own fail, one of them by a crash.
  static let junit = """
    <testsuites>
      <testsuite name="SignUpUITests" timestamp="2026-12-01T09:00:00">
        <testcase classname="NameFieldTests" name="testManualImeM1Ko2setName" time="4.125"/>
        <testcase classname="NameFieldTests" name="testManualImeM2Ko2setName" time="3.5"/>
        <testcase classname="NameFieldTests" name="testManualImeM3Ko2setName" time="2.25"/>
        <testcase classname="LoginTests" name="testLoginScreenStillLoads" time="0.812">
          <error message="App crashed: EXC_BAD_ACCESS" type="crash"/>
        </testcase>
        <testcase classname="LoginTests" name="testForgotPasswordLink" time="1.0">
          <failure message="LoginTests.swift:42: XCTAssertTrue failed - the link is hidden"/>
        </testcase>
        <testcase classname="SettingsTests" name="testDarkModeToggle" time="0.5">
          <failure message="XCTAssertEqual failed: (&quot;light&quot;) is not equal to (&quot;dark&quot;)"/>
        </testcase>
        <testcase classname="SettingsTests" name="testAbout" time="0.25"/>
      </testsuite>
    </testsuites>
    """

  static let failing = [
    "LoginTests.testLoginScreenStillLoads", "LoginTests.testForgotPasswordLink",
    "SettingsTests.testDarkModeToggle",
  ]

  /// The small matrix with every manual item recorded as passing.
  static func passingFixture() throws -> UseCaseTests.Fixture {
    let fixture = UseCaseTests.Fixture()
    _ = try fixture.workflow.checklist(.init(source: UseCaseTests.source))
    for id in UseCaseTests.manualItems {
      var inputs = Workflow.RecordInputs(source: UseCaseTests.source, item: id, session: nil)
      inputs.result = .pass
      inputs.os = ExactOS.release(in: id)
      _ = try fixture.workflow.record(inputs)
    }
    return fixture
  }

  /// Ingests `junit` for the session sim.26.x; returns the summary as printed.
  @discardableResult
  static func ingest(_ fixture: UseCaseTests.Fixture, _ junit: String, build: String? = nil) throws -> String
  {
    try fixture.files.writeAtomically(Array(junit.utf8), to: "/w/junit.xml")
    var inputs = Workflow.IngestInputs(source: UseCaseTests.source, results: "junit.xml")
    inputs.device = "sim"
    inputs.os = "26.x"
    inputs.time = "2026-12-01T09:30:00Z"
    inputs.build = build
    return try fixture.workflow.ingestJUnit(inputs).value.text
  }

  @Test(.needsEngines)
  func `a crashed test suite whose item-named tests pass is rejected, each failure named`()
    throws
  {
    let fixture = try Self.passingFixture()
    // Negative control: every manual item passed, nothing else is known.
    #expect(try fixture.workflow.pass(.init(source: UseCaseTests.source)).value.verdict == .accepted)

    let said = try Self.ingest(fixture, Self.junit)
    #expect(said.contains("kept 4 of the app's own tests of sim.26.x, 3 failing"))
    #expect(said.contains("  fail  LoginTests.testLoginScreenStillLoads: App crashed: EXC_BAD_ACCESS\n"))
    let runs = try #require(fixture.files.text("/w/observations/records.runs.json"))
    #expect(runs.contains("\"duration\": 4.125"))

    let pass = try fixture.workflow.pass(.init(source: UseCaseTests.source))
    #expect(pass.value.verdict == .rejected)
    #expect(pass.status.rawValue == 1)
    #expect(pass.value.reasons.first?.hasPrefix("3 tests of the app's own failed: ") == true)
    let markdown = try #require(fixture.files.text("/w/reports/report.md"))
    let summary = try #require(fixture.files.text("/w/reports/report-summary.md"))
    let junit = try #require(fixture.files.text("/w/reports/junit.xml"))
    let json = try #require(fixture.files.text("/w/reports/report.json"))
    for test in Self.failing {
      let (classname, name) = (test.split(separator: ".")[0], test.split(separator: ".")[1])
      #expect(markdown.contains(test), "report.md names \(test)")
      #expect(summary.contains(test), "the summary names \(test)")
      #expect(junit.contains("classname=\"apptests.sim.26.x.\(classname)\" name=\"\(name)\""))
      #expect(json.contains("\"name\": \"\(name)\""))
    }
    #expect(
      markdown.contains("App crashed: EXC\\_BAD\\_ACCESS") || markdown.contains("App crashed: EXC_BAD_ACCESS")
    )
    #expect(markdown.contains("`LoginTests.swift:42`"))
    #expect(junit.contains("<failure message=\"App crashed: EXC_BAD_ACCESS\""))
    // Durations are kept: the app's own tests and the items their tests name.
    #expect(junit.contains("name=\"testLoginScreenStillLoads\" time=\"0.812\""))
    #expect(junit.contains("name=\"manual.ime.m1.sim.26.x.ko-2set.name\" time=\"4.125\""))
  }

  @Test(.needsEngines) func `a run that produced no result leaves the pass incomplete, saying so`() throws {
    let fixture = try Self.passingFixture()
    let said = try Self.ingest(fixture, "<testsuites><testsuite name=\"SignUpUITests\"/></testsuites>")
    #expect(said.contains("no result for sim.26.x: the results hold no test case"))
    let pass = try fixture.workflow.pass(.init(source: UseCaseTests.source))
    #expect(pass.value.verdict == .incomplete)
    #expect(pass.value.reasons.contains { $0.hasPrefix("The app's tests on sim.26.x produced no result") })
    #expect(try #require(fixture.files.text("/w/reports/junit.xml")).contains("name=\"no-result\""))
  }

  @Test(.needsEngines) func `a later passing run of the same source supersedes a failing one`() throws {
    let fixture = try Self.passingFixture()
    try Self.ingest(fixture, Self.junit)
    let fixed = Self.junit.replacingOccurrences(of: "2026-12-01T09:00:00", with: "2026-12-01T09:20:00")
      .replacingOccurrences(of: "<error message=\"App crashed: EXC_BAD_ACCESS\" type=\"crash\"/>", with: "")
      .replacingOccurrences(
        of: "<failure message=\"LoginTests.swift:42: XCTAssertTrue failed - the link is hidden\"/>", with: ""
      )
      .replacingOccurrences(
        of:
          "<failure message=\"XCTAssertEqual failed: (&quot;light&quot;) is not equal to (&quot;dark&quot;)\"/>",
        with: "")
    try Self.ingest(fixture, fixed)
    #expect(try fixture.workflow.pass(.init(source: UseCaseTests.source)).value.verdict == .accepted)
  }
}
