import Observations
import QAModel

extension JUnitReportWriter {
  /// The classname prefix of the app's own tests: `apptests.<session>.<class>` / the test's name.
  package static let appTestsClassname = "apptests"
  /// The classname of a session whose CI job did not finish: `job.<session>` / `job`.
  package static let jobClassname = "job"

  /// The time the app's test run gave each manual item a test names (the test's result is the item's).
  static func itemTimes(_ report: AcceptanceReport) -> [ItemID: Double] {
    var times: [ItemID: Double] = [:]
    for run in report.appTestRuns {
      for test in run.tests {
        if let item = test.item, let duration = test.duration { times[item] = duration }
      }
    }
    return times
  }

  /// A session whose CI job did not finish: an `<error>` with the reason and the job's link.
  static func jobCase(_ job: JobFate) -> JUnitDocument.Case {
    var body = ["session: \(job.session)", "conclusion: \(job.conclusion.rawValue)"]
    if let url = job.url { body.append("job: \(url)") }
    return JUnitDocument.Case(
      classname: "\(jobClassname).\(job.session)", name: jobClassname,
      result: .error(
        message: "not run: \(job.because)", type: job.conclusion.rawValue, body: body.joined(separator: "\n"))
    )
  }

  /// The app's own tests of a run (those naming an item are the item's case): each as the run gave it,
  /// with its time, message and place; a run without result is one `<error>` case.
  static func appTestCases(_ run: AppTestRun) -> [JUnitDocument.Case] {
    let prefix = "\(appTestsClassname).\(run.session)"
    if let why = run.noResult {
      return [
        JUnitDocument.Case(
          classname: prefix, name: "no-result",
          result: .error(message: why, type: "no-result", body: "source: \(run.source)"))
      ]
    }
    return run.tests.filter { $0.item == nil }.map { test in
      let result: JUnitDocument.Result
      switch test.result {
      case .fail:
        var body = ["source: \(run.source)"]
        if let place = test.place { body.append("at: \(place)") }
        result = .failure(
          message: test.message ?? "failed", type: "app-test", body: body.joined(separator: "\n"))
      case .skipped:
        result = .skipped(message: "skipped" + (test.message.map { ": " + $0 } ?? ""))
      default:
        result = .passed
      }
      return JUnitDocument.Case(
        classname: test.classname.isEmpty ? prefix : "\(prefix).\(test.classname)", name: test.name,
        result: result, time: test.duration)
    }
  }
}
