import Observations
import TextFormats

extension MarkdownReportWriter {
  /// Beside the verdict: the sessions whose CI job did not finish (reason and link), then every failing
  /// test of the app's own test runs (session, test, message, place, time) and the runs without result;
  /// at most `limits.listed` of each, then how many more `report.json` lists.
  static func appTestsAndJobs(_ report: AcceptanceReport, limits: MarkdownLimits) -> String {
    var out = ""
    if !report.unfinishedJobs.isEmpty {
      out += "### \(ReportSection.jobs.title)\n\n"
      out += cappedTable(
        ["session", "job", "reason", "link"], report.unfinishedJobs, limit: limits.listed, moreOf: "sessions"
      ) { job in
        [
          code(job.session.description), job.conclusion.rawValue, cell(oneLine(job.because)),
          job.url.map { url in Escaping.markdownLinkDestination(url).map { "[job](\($0))" } ?? code(url) }
            ?? "",
        ]
      }
      out += "\n"
    }
    let failing = report.appTestRuns.flatMap { run in run.failing.map { (run, $0) } }
    let withoutResult = report.appTestRuns.filter { $0.noResult != nil }
    guard !failing.isEmpty || !withoutResult.isEmpty else { return out }
    out += "### \(ReportSection.appTests.title)\n\n"
    if !failing.isEmpty {
      out += cappedTable(
        ["session", "test", "message", "place", "time"], failing, limit: limits.listed,
        moreOf: "failing tests"
      ) { run, test in
        [
          code(run.session.description), code(test.displayName), cell(oneLine(test.message ?? "failed")),
          test.place.map(code) ?? "", test.duration.map(seconds) ?? "",
        ]
      }
      out += "\n"
    }
    for run in withoutResult.prefix(limits.listed) {
      out +=
        "- No result on \(code(run.session.description)) (\(code(run.source))): \(text(run.noResult ?? ""))\n"
    }
    if withoutResult.count > limits.listed {
      out += "- … and \(withoutResult.count - limits.listed) more runs without result (see report.json)\n"
    }
    return out + (withoutResult.isEmpty ? "" : "\n")
  }

  /// `0.812 s`.
  static func seconds(_ duration: Double) -> String {
    JSONValue.decimal(duration, fractionDigits: 3).rendered() + " s"
  }
}
