import Diagnostics
import Effects
import Foundation
import MatrixFormat
import Observations
import Reporting
import ScenarioEngine

/// The steps `checklist`, `record`, `report` and `pass` share: checklists and sheets, observation files,
/// ingest, the previous report, the report files.
extension Workflow {
  /// Writes one checklist per device session and its observation sheet; a sheet a tester filled is merged,
  /// never overwritten. A sheet that cannot be merged (not YAML, another session's) is left as it is and
  /// its problems returned, so the other sheets and the report are still written.
  ///
  /// A pairwise plan also keeps its cells in `cells.jsonl` there, so re-planning after a small change
  /// keeps the earlier cells (and the observations recorded against them); every plan keeps the
  /// checklists' numbers and assignees in `ledger.yaml` (``ChecklistLedger``); `plan-source.yaml`
  /// (``PlanSourceFile``) records the matrix and options, so the commands the checklists print work
  /// without naming them.
  func writeChecklists(
    _ loaded: LoadedPlan, into directory: String, createFolders: Bool
  ) throws -> (checklists: [Checklist], problems: [Diagnostic]) {
    let (plan, file, options) = (loaded.plan, loaded.file, loaded.options)
    var problems: [Diagnostic] = []
    if directory == "-" { throw UsageError(PublishMessage.folderNotStream("--checklists")) }
    try outputFolder(directory, createFolders: createFolders)
    let ledger = try updateLedger(for: plan, in: directory)
    let checklists = Checklists.render(
      plan: plan, file: file, ledger: ledger, folder: directory == Defaults.checklists ? nil : directory)
    if case .pairwise = options.strategy ?? file.planning.strategy {
      let cells = try file.cells(
        limit: options.limit, strategy: options.strategy, seed: options.seed, previous: options.previous)
      let path = "\(directory)/cells.jsonl"
      try write(CombinationLines.render(cells.cells.map(\.combination)), to: path, createFolders: false)
    }

    let catalog = ObservableCatalog(plan: plan)
    for checklist in checklists {
      for output in try Writers.checklist.files(checklist, formats: Writers.checklist.identifiers) {
        try write(output.contents, to: "\(directory)/\(output.path)", createFolders: false)
      }
      let sheet = "\(directory)/\(checklist.sheetFileName)"
      let sheetPath = try storeFile(sheet, createFolders: false)
      do {
        let items = catalog.items.filter { $0.session == checklist.session }
        try SheetWriter.writeFile(
          session: checklist.session, items: items, to: sheetPath, files: files)
        context.written.append(sheet)
      } catch {
        guard case .malformed(let diagnostics) = error else {
          throw observationError(error)
        }
        problems += diagnostics.map { diagnostic in
          var diagnostic = diagnostic
          diagnostic.path = sheet
          return diagnostic
        }
        if let bytes = try? read(sheet) {
          context.texts.remember(ObservationFile(path: sheet, bytes: bytes).textForExcerpts, for: sheet)
        }
      }
    }
    var source = loaded.source
    source.matrix = absolute(source.matrix ?? Defaults.matrix)
    try write(
      PlanSourceFile(source: source, planFingerprint: plan.fingerprint).text(folder: absolute(directory)),
      to: "\(directory)/\(PlanSourceFile.fileName)", createFolders: false)
    return (checklists, problems)
  }

  /// Reads the checklist ledger of `directory`, updates it for `plan` and writes it back, under its
  /// lock, so two writers never give one number to two items; the checklists are written after it,
  /// with its numbers.
  func updateLedger(for plan: Plan, in directory: String) throws -> ChecklistLedger {
    let path = "\(directory)/\(ChecklistLedger.fileName)"
    let lock: any FileLocking
    do { lock = try files.lock(for: absolute(path)) } catch {
      throw FileError(path: path, message: message(error), exitCode: .cannotCreate)
    }
    defer { lock.unlock() }
    let ledger = (try self.ledger(path) ?? ChecklistLedger()).updated(for: plan)
    try write(ledger.rendered(), to: path, createFolders: false)
    return ledger
  }

  /// Every observation file: the sheets in `checklists` and the YAML files in `observations`, sorted.
  /// A file that cannot be read (a FIFO, over the size limit, unreadable) is left out, with a problem.
  func observationFiles(
    checklists: String, observations: String
  ) -> (files: [ObservationFile], problems: [Diagnostic]) {
    var paths: [String] = []
    for (directory, suffix) in [(checklists, Checklist.sheetSuffix), (observations, ".yaml")] {
      guard let names = files.names(in: absolute(directory)) else { continue }
      paths += names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.sorted().map {
        "\(directory)/\($0)"
      }
    }
    var files: [ObservationFile] = []
    var problems: [Diagnostic] = []
    for path in paths {
      do {
        let file = ObservationFile(path: path, bytes: try read(path))
        // Diagnostics quote the offending line; never a tester's note on stderr.
        context.texts.remember(file.textForExcerpts, for: path)
        files.append(file)
      } catch {
        problems.append(Diagnostic(.error, path: path, location: nil, message: error.message))
      }
    }
    return (files, problems)
  }

  /// Ingests the observations against the plan; data errors are reported (and make the command fail
  /// after the report is written), never silently dropped.
  ///
  /// `earlier` are the problems found before (sheets that could not be merged, files that could not be
  /// read); each is reported once, with ingest's.
  func ingest(
    _ catalog: ObservableCatalog, files: [ObservationFile], earlier: [Diagnostic]
  ) -> (statuses: [ManualStatus], result: IngestResult) {
    var result = Ingest.run(files: files, catalog: catalog, now: .now(clock))
    var seen = Set(result.diagnostics.map(\.description))
    result.diagnostics = Ingest.sorted(
      result.diagnostics + earlier.filter { seen.insert($0.description).inserted })
    show(result.diagnostics)
    return (ManualStatus.statuses(from: result), result)
  }

  /// The time the report says it was made: `SOURCE_DATE_EPOCH` when set (reproducible builds), otherwise
  /// the latest observation's time, so the same inputs always give the same report; ISO 8601 UTC.
  static func generatedAt(_ result: IngestResult, environment: [String: String])
    -> (time: String?, source: AcceptanceReport.TimeSource)
  {
    if let time = Self.sourceDateEpoch(environment) { return (time, .sourceDateEpoch) }
    let latest = result.items.flatMap(\.observations).compactMap(\.observation.time).max()
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
    var outputs: [OutputFile] = []
    do {
      if directory == "-" {
        for format in formats {
          outputs += try ReportWriters.files(report, formats: [format], pictureBase: pictureBase).prefix(1)
        }
      } else {
        outputs = try ReportWriters.files(report, formats: formats, pictureBase: pictureBase)
      }
    } catch {
      throw UsageError(error.description)
    }
    if directory == "-" {
      for output in outputs { try write(output.contents, to: "-", createFolders: false) }
      return []
    }
    try outputFolder(directory, createFolders: createFolders)
    var written: [String] = []
    for output in outputs {
      let path = "\(directory)/\(output.path)"
      try write(output.contents, to: path, createFolders: false)
      written.append(path)
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

  enum PublishMessage {
    static func folderNotStream(_ option: String) -> String {
      "'\(option)' names a folder qapass reads back; '-' (standard output) cannot be one"
    }
  }

  func observationError(_ error: ObservationFileError) -> Error {
    switch error {
    case .malformed(let diagnostics): return DiagnosticList(diagnostics)
    case .invalidObservation(let message): return UsageError(message)
    case .fileSystem(let error):
      return FileError(path: error.path, message: error.description, exitCode: .cannotCreate)
    }
  }
}
