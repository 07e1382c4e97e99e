import Observations
import QAModel
import TextFormats

extension JSONReportWriter {
  /// A session whose CI job did not finish: `unfinished_jobs` in report.json.
  static func unfinishedJob(_ job: JobFate) -> JSONValue {
    .object([
      ("session", .string(job.session.description)), ("device", .string(job.session.device.rawValue)),
      ("os", .string(job.session.os)), ("conclusion", .string(job.conclusion.rawValue)),
      ("reason", .string(job.because)), ("url", .optional(job.url)), ("time", .string(job.time.text)),
    ])
  }

  /// One test run of the app's own tests that counts: `app_test_runs` in report.json, with its counts,
  /// its total time and every failing test of the app's own (those naming an item fail the item).
  static func appTestRun(_ run: AppTestRun) -> JSONValue {
    let durations = run.tests.compactMap(\.duration)
    return .object([
      ("session", .string(run.session.description)), ("os", .string(run.os)), ("build", .optional(run.build)),
      ("source", .string(run.source)), ("content", .string(run.content)), ("time", .string(run.time.text)),
      ("tester", .string(run.tester)), ("no_result", .optional(run.noResult)),
      (
        "counts",
        .object(
          [
            ("total", .int(run.tests.count)),
            ("naming_items", .int(run.tests.filter { $0.item != nil }.count)),
          ]
            + Outcome.testCase.map { outcome in
              (outcome.rawValue, .int(run.tests.filter { $0.result == outcome }.count))
            })
      ),
      ("duration", durations.isEmpty ? .null : .decimal(durations.reduce(0, +), fractionDigits: 3)),
      (
        "failing",
        .array(
          run.failing.map { test in
            .object([
              ("suite", .string(test.suite)), ("classname", .string(test.classname)),
              ("name", .string(test.name)), ("message", .optional(test.message)),
              ("file", .optional(test.file)), ("line", test.line.map(JSONValue.int) ?? .null),
              ("duration", test.duration.map { .decimal($0, fractionDigits: 3) } ?? .null),
            ])
          })
      ),
    ])
  }
}
