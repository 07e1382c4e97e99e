import ScenarioEngine

/// Every artefact qapass writes, and the registry of its writers: the workflow picks a named writer
/// from one of these for each file, standard output included.
///
/// ```swift
/// let path = "matrices/default.yaml"
/// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
/// let document = try MatrixDocument.load(path: path, bytes: bytes).document
/// guard case .qapass(let file) = document else { return }
/// let plan = try Plan.make(file: file)
/// let run = AutomatedRun.run(plan, subject: .core)
/// let report = AcceptanceReport.make(plan: plan, run: run, manual: [], generatedAt: "2026-11-29T20:00:00Z")
/// try Writers.plan.text(plan, format: "json")
/// try Writers.runResults.text(report, format: "junit")   // the report's JUnit identities
/// ```
package enum Writers {
  /// `qapass plan --format`: table, json, markdown.
  package static let plan = WriterRegistry<Plan>(
    artefact: "plan", [PlanTableWriter.self, PlanJSONWriter.self, PlanMarkdownWriter.self])

  /// `qapass plan --assign --format`: the device sessions spread over the testers, as table, json or
  /// markdown (the identifiers of ``plan``, so `--format` means the same with and without `--assign`).
  package static let assignment = WriterRegistry<Plan>(
    artefact: "assignment",
    [AssignmentTableWriter.self, AssignmentJSONWriter.self, AssignmentMarkdownWriter.self])

  /// `qapass run --json` and `--junit`: the report's own JSON and JUnit writers over a report of the run
  /// (``AcceptanceReport/makeRun(plan:run:generatedAt:generatedFrom:)``), so an automated item has one
  /// identity in `run` and `pass`.
  package static let runResults = WriterRegistry<AcceptanceReport>(
    artefact: "run results", [JSONReportWriter.self, JUnitReportWriter.self])

  /// The checklist of each device session: markdown and html.
  package static let checklist = WriterRegistry<Checklist>(
    artefact: "checklist", [ChecklistMarkdownWriter.self, ChecklistHTMLWriter.self])

  /// The acceptance report (``ReportWriters``).
  package static var report: WriterRegistry<AcceptanceReport> { ReportWriters.registry }
}
