import Effects
import Observations
import QAPassWorkflow
import Reporting
import TestSupport
import Testing

/// issue 33 point 3: every CI job's fate reaches the gate. A simulator job that failed, timed out or was
/// cancelled left its items untested, and earlier manual passes could still make the verdict ACCEPTED.
struct JobFateGateTests {
  static func recordJob(
    _ fixture: UseCaseTests.Fixture, _ conclusion: String, reason: String? = nil, url: String? = nil,
    session: String = "sim.26.x", time: String = "2026-12-01T09:45:00Z"
  ) throws -> UseCaseResult<JobFate> {
    var inputs = Workflow.RecordJobInputs(
      source: UseCaseTests.source, session: session, conclusion: conclusion)
    inputs.reason = reason
    inputs.url = url
    inputs.time = time
    return try fixture.workflow.recordJob(inputs)
  }

  @Test(.needsEngines)
  func `a session whose job timed out is listed as not run and the pass is not accepted`()
    throws
  {
    let fixture = try AppTestRunGateTests.passingFixture()
    // Negative control: every manual item passed earlier.
    #expect(try fixture.workflow.pass(.init(source: UseCaseTests.source)).value.verdict == .accepted)

    let url = "https://github.com/o/r/actions/runs/7/job/9"
    let recorded = try Self.recordJob(fixture, "timed-out", reason: "ran past its 60 minutes", url: url)
    #expect(recorded.status == .success)
    #expect(recorded.written == ["observations/records.runs.json"])
    let pass = try fixture.workflow.pass(.init(source: UseCaseTests.source))
    #expect(pass.value.verdict == .incomplete)
    #expect(
      pass.value.reasons.first
        == "1 session not run: its CI job did not finish: sim.26.x (ran past its 60 minutes).")
    let markdown = try #require(fixture.files.text("/w/reports/report.md"))
    #expect(markdown.contains("### Sessions not run: their CI job did not finish"))
    #expect(markdown.contains("| `sim.26.x` | timed-out | ran past its 60 minutes | [job](<\(url)>) |"))
    let summary = try #require(fixture.files.text("/w/reports/report-summary.md"))
    #expect(summary.contains("[job](<\(url)>)"))
    let junit = try #require(fixture.files.text("/w/reports/junit.xml"))
    #expect(junit.contains("<testcase classname=\"job.sim.26.x\" name=\"job\""))
    #expect(junit.contains("<error message=\"not run: ran past its 60 minutes\" type=\"timed-out\">"))
    let json = try #require(fixture.files.text("/w/reports/report.json"))
    #expect(json.contains("\"conclusion\": \"timed-out\""))

    // A later job of the session that succeeds finishes it.
    _ = try Self.recordJob(fixture, "success", time: "2026-12-01T10:00:00Z")
    #expect(try fixture.workflow.pass(.init(source: UseCaseTests.source)).value.verdict == .accepted)
  }

  @Test func `a session, conclusion or link that cannot be right is refused before anything is written`()
    throws
  {
    let fixture = UseCaseTests.Fixture()
    #expect {
      try Self.recordJob(fixture, "failure", session: "sim.27.x")
    } throws: {
      ($0 as? UsageError)?.message == "the plan has no session 'sim.27.x'; did you mean 'sim.26.x'?"
    }
    #expect {
      try Self.recordJob(fixture, "timed_out")
    } throws: {
      ($0 as? UsageError)?.message
        == "'--conclusion timed_out' is not a job conclusion; did you mean 'timed-out'?"
    }
    #expect {
      try Self.recordJob(fixture, "failure", url: "javascript:alert(1)")
    } throws: {
      ($0 as? UsageError)?.message == "'--url javascript:alert(1)' is not an http or https link to the job"
    }
    #expect(fixture.files.text("/w/observations/records.runs.json") == nil)
  }
}
