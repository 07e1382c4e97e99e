import Diagnostics
import Reporting
import ScenarioEngine

extension Workflow {
  /// The inputs of ``run(_:)``.
  package struct RunInputs: Sendable {
    /// The matrix file and planning overrides; `nil` replays `pack` alone (no plan, no result files).
    package var source: PlanSource?
    /// A scenario pack to replay instead of tracing the engines now.
    package var pack: String?
    /// What to check: the reference core or the naive negative controls.
    package var subject: BuiltInImplementation = .core
    /// Where to write the results as JSON (report.json's schema); `-` for standard output.
    package var json: String?
    /// Where to write the results as JUnit XML (junit.xml's identities); `-` for standard output.
    package var junit: String?
    /// Whether missing folders above `json` and `junit` are created.
    package var createFolders = false

    /// Creates the inputs; the other options start at their defaults.
    package init(source: PlanSource?) {
      self.source = source
    }
  }

  /// `qapass run`: runs the automated items against the subject, writes the result files asked for and
  /// says a summary with the trace of every failure.
  ///
  /// - Returns: The run; the status is 1 when an item failed, 2 when items were not run, else 0.
  package func run(_ inputs: RunInputs) throws -> UseCaseResult<RunReport> {
    let subject = inputs.subject
    let outputs = [("json", inputs.json), ("junit", inputs.junit)].compactMap { name, path in
      path.map { (name, $0) }
    }
    try begin(outputs.map { .output($0.1) } + (inputs.pack.map { [.input($0)] } ?? []))
    // An output that would be refused is refused before the items run, not after.
    for (_, path) in outputs { try checkOutput(path, createFolders: inputs.createFolders) }
    let report: RunReport
    var plan: Plan?
    if let source = inputs.source {
      let loadedPlan = try loadPlan(source).plan
      plan = loadedPlan
      report = try referenceRun(plan: loadedPlan, subject: subject, pack: inputs.pack)
    } else {
      guard let path = inputs.pack else { throw UsageError("missing argument <file>") }
      if !outputs.isEmpty {
        throw UsageError("'--json' and '--junit' report the plan's items: give the matrix FILE with '--pack'")
      }
      report = try replay(path, plan: nil, subject: subject)
    }
    if let plan, !outputs.isEmpty {
      let epoch = Self.sourceDateEpoch(console.environment)
      let results = AcceptanceReport.makeRun(
        plan: plan, run: report, generatedAt: epoch, generatedFrom: epoch == nil ? .none : .sourceDateEpoch)
      // The report's own writers, so an item keeps its JUnit identity between `run` and `pass`.
      for (format, path) in outputs {
        try write(
          try Writers.runResults.text(results, format: format), to: path, createFolders: inputs.createFolders)
      }
    }
    let summary = report.summary
    var out = report.summaryText(summary)
    if let notRun = report.notRunExplanation { out += "\(notRun)\n" }
    for index in report.results.indices where report.results[index].status != .pass {
      let result = report.results[index]
      out += "\n\(result.status.rawValue.uppercased()) \(result.id)\n"
      for problem in result.problems { out += "  - \(problem)\n" }
      if !result.steps.isEmpty { out += DriverStep.traceTable(result.steps) }
      for line in result.hapticLog { out += "  | \(line)\n" }
    }
    // The results may themselves go to standard output (`--junit -`): the summary then goes to stderr.
    say(out, onStandardError: outputs.contains { ["-", "/dev/stdout"].contains($0.1) })
    if summary.failures + summary.errors > 0 { return finished(report, .failure) }
    return finished(report, report.notRun.isEmpty ? .success : .incomplete)
  }
}
