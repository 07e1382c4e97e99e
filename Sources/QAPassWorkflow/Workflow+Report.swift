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
    return try publish(plan: loaded.plan, file: loaded.file, inputs, earlier: [])
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
    let (checklists, problems) = try writeChecklists(
      loaded, into: inputs.checklists, createFolders: inputs.source.checklists == nil || inputs.createFolders)
    try makeDefaultObservationsFolder(named: inputs.observations)
    say(
      "plan: \(plan.summary.automatedItems) automated items, \(plan.summary.manualItems) manual items "
        + "in \(checklists.count) device sessions (\(plan.fingerprint))\n"
        + "wrote \(checklists.count) checklists and sheets in \(inputs.checklists)/\n",
      onStandardError: inputs.summaryOnStandardError)
    return try publish(plan: plan, file: loaded.file, inputs, earlier: problems)
  }

  /// The files `report` and `pass` touch besides the plan's: the pack and harness results, the sheets
  /// (stores when `pass` writes them) and the observation files, the report folder and the previous
  /// report.json (a store when it is the one the report replaces).
  func publishing(_ inputs: ReportInputs, writesChecklists: Bool = false) -> [FileRoles.Declaration] {
    var declarations: [FileRoles.Declaration] = (inputs.pack.map { [$0] } ?? []).map(
      FileRoles.Declaration.input)
    declarations += inputs.automated.map(FileRoles.Declaration.input)
    if writesChecklists {
      declarations += [
        .outputs(in: inputs.checklists), .stores(in: inputs.checklists, suffix: Checklist.sheetSuffix),
      ]
    } else {
      declarations.append(.inputs(in: inputs.checklists, suffix: Checklist.sheetSuffix))
    }
    declarations.append(.inputs(in: inputs.observations ?? Defaults.observations, suffix: ".yaml"))
    let directory = inputs.out ?? Defaults.reports
    guard directory != "-" else {
      return declarations + (inputs.previousReport.map { [.input($0)] } ?? [])
    }
    let replaced = "\(directory)/report.json"
    let previous = inputs.previousReport ?? replaced
    declarations.append(
      .init(role: canonical(previous) == canonical(replaced) ? .store : .input, path: previous))
    return declarations + [.outputs(in: directory)]
  }

  /// Runs, ingests, reports, and says the verdict: the one path of `report` and `pass`.
  ///
  /// The report is written whenever it can be: observation files in error are left out (their valid
  /// entries still count) and named in it, and the exit code is then 65. The app results weighed are
  /// the `--automated` files, and the subjects required those of the matrix's `subjects:` and of
  /// `--require-automated`.
  func publish(
    plan: Plan, file: MatrixFile, _ inputs: ReportInputs, earlier: [Diagnostic]
  ) throws -> UseCaseResult<AcceptanceReport> {
    // A report folder that cannot be written is found before the automated items run.
    let directory = inputs.out ?? Defaults.reports
    let createsOut = inputs.out == nil || inputs.createFolders
    if directory != "-" { try outputFolder(directory, createFolders: createsOut) }
    let run = try referenceRun(plan: plan, subject: .core, pack: inputs.pack)
    let external = try harnessRuns(inputs.automated)
    let (files, unreadable) = observationFiles(
      checklists: inputs.checklists, observations: inputs.observations ?? Defaults.observations)
    let catalog = try observableCatalog(plan, source: inputs.source)
    let (statuses, ingest) = self.ingest(catalog, files: files, earlier: earlier + unreadable)
    let previous = try previousReport(inputs.previousReport, outputDirectory: directory)
    let time = Self.generatedAt(ingest, environment: console.environment)
    let required =
      file.subjects.map { RequiredSubject(name: $0.name, requiredBy: "\(file.path):\($0.location)") }
      + inputs.requiredSubjects.map { RequiredSubject(name: $0, requiredBy: "--require-automated") }
    let report = AcceptanceReport.make(
      plan: plan, run: run, manual: statuses, generatedAt: time.time, generatedFrom: time.source,
      checklists: inputs.checklists, previous: previous, apps: AppResults(runs: external, required: required)
    ).leavingOut(FileInError.files(from: ingest.diagnostics)).noting(unplanned: ingest.unplanned)
    let written = try writeReport(
      report, formats: inputs.formats, into: directory, createFolders: createsOut,
      pictureBase: inputs.pictureBase ?? "")
    var out = "verdict: \(report.verdict.rawValue)\n"
    for reason in report.reasons { out += "  - \(reason)\n" }
    if let changes = report.changes { out += "since \(changes.previousPath): \(changes.summary)\n" }
    out += "automated: "
    out += report.subjects.map { subject in
      let coverage = subject.coverage
      return "\(coverage.passed) of \(coverage.planned) passed, \(coverage.notRun) not run (\(subject.label))"
    }.joined(separator: "; ")
    out += "; observations: \(files.count) files\n"
    if let notRun = run.notRunExplanation { out += "\(notRun)\n" }
    for path in written { out += "wrote \(path)\n" }
    say(out, onStandardError: inputs.summaryOnStandardError)
    if ingest.hasErrors { return finished(report, .dataError) }
    return finished(report, Self.exitCode(for: report.verdict))
  }
}
