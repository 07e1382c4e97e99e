import Diagnostics
import Foundation
import MatrixFormat
import Observations
import Reporting
import ScenarioEngine

/// The one path of `report` and `pass` once the plan is made: the files they touch, the automated run,
/// the ingest of the observations, the previous report, the report files and the verdict said.
extension Workflow {
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
    declarations.append(.inputs(in: inputs.observations ?? Defaults.observations, suffix: RunLog.suffix))
    declarations.append(
      .inputs(in: "\(inputs.observations ?? Defaults.observations)/\(Defaults.evidenceFolder)", suffix: ""))
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
    _ loaded: LoadedPlan, catalog: ObservableCatalog, _ inputs: ReportInputs, earlier: [Diagnostic]
  ) throws -> UseCaseResult<AcceptanceReport> {
    // A report folder that cannot be written is found before the automated items run.
    let directory = inputs.out ?? Defaults.reports
    let createsOut = inputs.out == nil || inputs.createFolders
    if directory != "-" { try outputFolder(directory, createFolders: createsOut) }
    let assessed = try assess(loaded, catalog: catalog, inputs, earlier: earlier, linksFrom: directory) {
      try previousReport(inputs.previousReport, outputDirectory: directory)
    }
    let (report, run, fileCount, ingest) = (
      assessed.report, assessed.run, assessed.fileCount, assessed.ingest
    )
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
    out += "; observations: \(fileCount) files\n"
    if let notRun = run.notRunExplanation { out += "\(notRun)\n" }
    for path in written { out += "wrote \(path)\n" }
    say(out, onStandardError: inputs.summaryOnStandardError)
    if ingest.hasErrors { return finished(report, .dataError) }
    return finished(report, Self.exitCode(for: report.verdict))
  }

  /// The report of the plan now: the automated run (kept in ``memo`` when there is one), the
  /// app results, the observations ingested and the `previous` report compared; written nowhere.
  ///
  /// Evidence attachments are linked relative to `linksFrom`, the folder the report is written to.
  func assess(
    _ loaded: LoadedPlan, catalog: ObservableCatalog, _ inputs: ReportInputs, earlier: [Diagnostic],
    linksFrom directory: String = Defaults.reports, previous: () throws -> PreviousReport?
  ) throws -> (report: AcceptanceReport, run: RunReport, fileCount: Int, ingest: IngestResult) {
    let (plan, file) = (loaded.plan, loaded.file)
    let run: RunReport
    if let memo {
      let pack = inputs.pack.map { "\($0) \(revision(of: [$0]))" } ?? ""
      run = try memo.run("\(plan.fingerprint) \(pack)") {
        try referenceRun(plan: plan, subject: .core, pack: inputs.pack)
      }
    } else {
      run = try referenceRun(plan: plan, subject: .core, pack: inputs.pack)
    }
    let external = try harnessRuns(inputs.automated)
    let observations = inputs.observations ?? Defaults.observations
    let (runs, runProblems) = runLog(in: observations)
    let decisionFile = try self.decisionFile(inputs.observations)
    var (fileCount, ingest) = ingestObservations(
      loaded, catalog: catalog, checklists: inputs.checklists, observations: observations, earlier: earlier,
      later: runProblems, decisions: decisionFile)
    var decisions = ReportDecisions()
    decisions.file = decisionFile
    decisions.retired = ingest.retired
    decisions.policy = file.decisions
    decisions.build = plan.build
    decisions.today = String(
      Timestamp(secondsSince1970: Timestamp.now(clock).secondsSince1970).text.prefix(10))
    let evidence = checkAttachments(ingest, observations: observations)
    ingest.diagnostics = Ingest.sorted(ingest.diagnostics + evidence.problems)
    show(evidence.problems)
    decisions.attachmentLinks = evidence.links.mapValues { relativeLink(from: directory, to: $0) }
    let previous = try previous()
    let time = Self.generatedAt(ingest, environment: console.environment)
    let required =
      file.subjects.map { RequiredSubject(name: $0.name, requiredBy: "\(file.path):\($0.location)") }
      + inputs.requiredSubjects.map { RequiredSubject(name: $0, requiredBy: "--require-automated") }
    let report = AcceptanceReport.make(
      plan: plan, run: run, manual: ingest.items, generatedAt: time.time, generatedFrom: time.source,
      checklists: inputs.checklists, previous: previous, apps: AppResults(runs: external, required: required),
      decisions: decisions
    ).weighing(runs.current(sessions: Set(catalog.items.map(\.session)), build: plan.build)).leavingOut(
      FileInError.files(from: ingest.diagnostics)
    ).noting(unplanned: ingest.unplanned)
    return (report, run, fileCount, ingest)
  }

  /// The time the report says it was made: `SOURCE_DATE_EPOCH` when set (reproducible builds), otherwise
  /// the latest observation's time, so the same inputs always give the same report; ISO 8601 UTC.
  static func generatedAt(_ result: IngestResult, environment: [String: String])
    -> (time: String?, source: AcceptanceReport.TimeSource)
  {
    if let time = Self.sourceDateEpoch(environment) { return (time, .sourceDateEpoch) }
    // Read where they are: no list of every observation is made.
    var latest: Timestamp?
    for index in result.items.indices {
      for place in result.items[index].observations.indices {
        if let time = result.items[index].observations[place].observation.time,
          latest.map({ $0 < time }) ?? true
        {
          latest = time
        }
      }
    }
    return latest.map { ($0.text, .latestObservation) } ?? (nil, .none)
  }

  /// `SOURCE_DATE_EPOCH` as ISO 8601 UTC, when it is set to a number.
  static func sourceDateEpoch(_ environment: [String: String]) -> String? {
    guard let epoch = environment["SOURCE_DATE_EPOCH"].flatMap(Int.init) else { return nil }
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(epoch)))
  }

  /// The previous report: `--previous PATH` (an error when unreadable), else `<out>/report.json` when it
  /// exists (a warning when unreadable), else none.
  func previousReport(
    _ explicit: String?, outputDirectory: String
  ) throws -> PreviousReport? {
    let path = explicit ?? "\(outputDirectory)/report.json"
    if explicit == nil, files.kind(of: url(path).path, followingLinks: true) == nil {
      return nil
    }
    do {
      return try PreviousReport.parse(try read(path), path: path)
    } catch let error as PreviousReport.Malformed {
      if explicit != nil { throw FileError(path: path, message: error.message, exitCode: .dataError) }
      say("warning: \(error.description); not compared\n", onStandardError: true)
      return nil
    } catch {
      if explicit != nil { throw error }
      return nil
    }
  }

  /// Writes the report files for the chosen formats into `directory` (`-`: each format's main file to
  /// standard output, no pictures). The previous report.json the report replaces is a store of the use
  /// case (``publishing(_:writesChecklists:)``); any other it read is an input, never replaced.
  func writeReport(
    _ report: AcceptanceReport, formats: [String], into directory: String, createFolders: Bool,
    pictureBase: String = ""
  ) throws -> [String] {
    // Every format is known before anything is made; then each is made and written before the next,
    // so a large report's files are never all in memory at once.
    do {
      for format in formats { _ = try ReportWriters.registry.writer(identifier: format) }
    } catch {
      throw UsageError(error.description)
    }
    func outputs(_ format: String) throws -> [OutputFile] {
      do {
        return try ReportWriters.files(report, formats: [format], pictureBase: pictureBase)
      } catch {
        throw UsageError(error.description)
      }
    }
    if directory == "-" {
      for format in formats {
        for output in try outputs(format).prefix(1) {
          try write(output.contents, to: "-", createFolders: false)
        }
      }
      return []
    }
    try outputFolder(directory, createFolders: createFolders)
    var written: [String] = []
    var paths: Set<String> = []
    for format in formats {
      // A file two formats make (the coverage pictures) is written once, by the first.
      for output in try outputs(format) where paths.insert(output.path).inserted {
        let path = "\(directory)/\(output.path)"
        try write(output.contents, to: path, createFolders: false)
        written.append(path)
      }
    }
    return written
  }

  static func exitCode(for verdict: AcceptanceReport.Verdict) -> ExitCode {
    switch verdict {
    case .accepted: .success
    case .rejected: .failure
    case .incomplete: .incomplete
    }
  }
}
