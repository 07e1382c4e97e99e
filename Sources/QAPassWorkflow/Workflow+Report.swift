import Diagnostics
import MatrixFormat
import Observations
import Reporting
import ScenarioEngine

extension Workflow {
  /// The inputs of ``report(_:)`` and ``pass(_:)``.
  package struct ReportInputs: Sendable {
    /// The matrix file and planning overrides; its `checklists` is where the sheets are read (and, for
    /// `pass`, the checklists written).
    package var source: PlanSource
    /// The report formats, writer identifiers of ``ReportWriters`` (default all of them).
    package var formats: [String] = ReportWriters.identifiers
    /// The report folder (`nil`: `reports`; `-`: each format's main file to standard output).
    package var out: String?
    /// Where recorded observation files live (`nil`: `observations`).
    package var observations: String?
    /// Whether missing folders above the folders named are created (always for the default ones).
    package var createFolders = false
    /// The previous report.json to compare with (`nil`: the one in the report folder, if any).
    package var previousReport: String?
    /// Prefix of the pictures' links in report.md.
    package var pictureBase: String?
    /// A scenario pack to replay instead of tracing the engines now.
    package var pack: String?
    /// QAPassHarness results of the app's own code to put in the report.
    package var automated: [String] = []
    /// App subjects whose results the report requires (`--require-automated`), beside the matrix's
    /// `subjects:`.
    package var requiredSubjects: [String] = []

    /// Creates the inputs; the other options start at their defaults.
    package init(source: PlanSource) {
      self.source = source
    }

    var checklists: String { source.checklists ?? Defaults.checklists }
    /// Whether the summary is said on standard error: the report itself goes to standard output.
    var summaryOnStandardError: Bool { out == "-" }
  }

  /// `qapass report`: runs the automated items, ingests the observations and writes the acceptance
  /// report, then says the verdict.
  ///
  /// - Returns: The report; the status follows the verdict (0 ACCEPTED, 1 REJECTED, 2 INCOMPLETE), or
  ///   65 when an observation file has errors (the report is still written, without them).
  package func report(_ inputs: ReportInputs) throws -> UseCaseResult<AcceptanceReport> {
    try begin(publishing(inputs))
    try inputs.checkOptions()
    let loaded = try loadPlan(inputs.source)
    return try publish(loaded, catalog: try observableCatalog(loaded), inputs, earlier: [])
  }

  /// `qapass pass`, the main job: the checklists and sheets of the plan, then the report over the
  /// observations ingested, as ``report(_:)`` writes it.
  ///
  /// - Returns: The report and the status of ``report(_:)``.
  package func pass(_ inputs: ReportInputs) throws -> UseCaseResult<AcceptanceReport> {
    try begin(publishing(inputs, writesChecklists: true))
    try inputs.checkOptions()
    let loaded = try loadPlan(inputs.source, writesChecklists: true)
    let plan = loaded.plan
    let catalog = try observableCatalog(loaded)
    let (checklists, problems) = try writeChecklists(
      loaded, catalog: catalog, into: inputs.checklists,
      createFolders: inputs.source.checklists == nil || inputs.createFolders)
    try makeDefaultObservationsFolder(named: inputs.observations)
    say(
      "plan: \(plan.summary.automatedItems) automated items, \(plan.summary.manualItems) manual items "
        + "in \(checklists.count) device sessions (\(plan.fingerprint))\n"
        + "wrote \(checklists.count) checklists and sheets in \(inputs.checklists)/\n",
      onStandardError: inputs.summaryOnStandardError)
    return try publish(loaded, catalog: catalog, inputs, earlier: problems)
  }
}

extension Workflow.ReportInputs {
  /// Refuses the options of `report` and `pass` that cannot work together, before anything runs.
  ///
  /// - `--out -` prints one file on standard output, so it takes exactly one format;
  /// - `--picture-base` prefixes the pictures' links in report.md and report-summary.md, so it needs
  ///   one of those formats.
  ///
  /// - Throws: ``UsageError`` naming the options.
  func checkOptions() throws(UsageError) {
    if out == "-", formats.count != 1 {
      throw UsageError(
        "'--out -' prints one report file on standard output: choose its format with '--format' "
          + "(\(ReportWriters.identifiers.joined(separator: ", ")))")
    }
    let markdown = [MarkdownReportWriter.identifier, MarkdownSummaryReportWriter.identifier]
    if pictureBase != nil, !formats.contains(where: markdown.contains) {
      throw UsageError(
        "'--picture-base' prefixes the pictures' links in the Markdown reports; '--format' "
          + "\(formats.joined(separator: ",")) writes none (add markdown or markdown-summary)")
    }
  }
}
