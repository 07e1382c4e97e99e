import Diagnostics
import Effects
import Foundation
import MatrixFormat
import Observations
import Reporting
import ScenarioEngine

/// The shared steps of `checklist`, `report` and `pass`: where things live and how they are written.
enum PublishPath {
  static let defaultMatrix = "matrices/default.yaml"
  static let defaultChecklists = "checklists"
  static let defaultObservations = "observations"
  static let defaultReports = "reports"
  static let defaultRecords = "observations/records.yaml"
  /// Sheets sit beside their checklist: `iphone-16e.26.x.md` and `iphone-16e.26.x.observations.yaml`.
  static let sheetSuffix = Checklist.sheetSuffix

  static let checklistsOption = CommandSpec.Option.value(
    "checklists", "<dir>", help: "Where checklists and their observation sheets live (default checklists).")
  static let observationsOption = CommandSpec.Option.value(
    "observations", "<dir>", help: "Where recorded observation files live (default observations).")

  /// Writes one checklist per device session and its observation sheet; a sheet a tester filled is merged,
  /// never overwritten. A sheet that cannot be merged (not YAML, another session's) is left as it is and
  /// its problems returned, so the other sheets and the report are still written.
  ///
  /// A pairwise plan also keeps its cells in `cells.jsonl` there, so re-planning after a small change
  /// keeps the earlier cells (and the observations recorded against them).
  static func writeChecklists(
    plan: Plan, file: MatrixFile, options: PlanCommand.Options, into directory: String,
    createFolders: Bool, context: CommandContext
  ) throws -> (checklists: [Checklist], problems: [Diagnostic]) {
    var problems: [Diagnostic] = []
    if directory == "-" { throw UsageError(Message.folderNotStream("--checklists")) }
    try context.outputFolder(directory, createFolders: createFolders)
    let checklists = Checklists.render(plan: plan, file: file)
    if case .pairwise = options.strategy ?? file.planning.strategy {
      let cells = try file.cells(
        limit: options.limit, strategy: options.strategy, seed: options.seed, previous: options.previous)
      let path = "\(directory)/cells.jsonl"
      try context.write(
        CombinationLines.render(cells.cells.map(\.combination)), to: path, createFolders: false,
        updatingInput: true)
    }
    let catalog = ObservableCatalog(plan: plan)
    for checklist in checklists {
      try context.write(checklist.markdown, to: "\(directory)/\(checklist.fileName)", createFolders: false)
      try context.write(checklist.html, to: "\(directory)/\(checklist.htmlFileName)", createFolders: false)
      let sheet = "\(directory)/\(checklist.sheetFileName)"
      let sheetPath = try context.recordsFile(sheet, createFolders: false)
      do {
        let items = catalog.items.filter { $0.session == checklist.session }
        try SheetWriter.writeFile(
          session: checklist.session, items: items, to: sheetPath, files: context.files)
      } catch {
        guard case .malformed(let diagnostics) = error else {
          throw observationError(error, context: context)
        }
        problems += diagnostics.map { diagnostic in
          var diagnostic = diagnostic
          diagnostic.path = sheet
          return diagnostic
        }
        if let bytes = try? context.read(sheet) {
          context.sources.remember(ObservationFile(path: sheet, bytes: bytes).textForExcerpts, for: sheet)
        }
      }
    }
    return (checklists, problems)
  }

  /// Every observation file: the sheets in `checklists` and the YAML files in `observations`, sorted.
  /// A file that cannot be read (a FIFO, over the size limit, unreadable) is left out, with a problem.
  static func observationFiles(
    checklists: String, observations: String, context: CommandContext
  ) -> (files: [ObservationFile], problems: [Diagnostic]) {
    var paths: [String] = []
    for (directory, suffix) in [(checklists, sheetSuffix), (observations, ".yaml")] {
      guard let names = context.files.names(in: context.absolute(directory)) else { continue }
      paths += names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.sorted().map {
        "\(directory)/\($0)"
      }
    }
    var files: [ObservationFile] = []
    var problems: [Diagnostic] = []
    for path in paths {
      do {
        let file = ObservationFile(path: path, bytes: try context.read(path))
        // Diagnostics quote the offending line; never a tester's note on stderr.
        context.sources.remember(file.textForExcerpts, for: path)
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
  static func ingest(
    plan: Plan, files: [ObservationFile], earlier: [Diagnostic], context: CommandContext
  ) -> (statuses: [ManualStatus], result: IngestResult) {
    var result = Ingest.run(files: files, catalog: ObservableCatalog(plan: plan), now: .now(context.clock))
    var seen = Set(result.diagnostics.map(\.description))
    result.diagnostics = Ingest.sorted(
      result.diagnostics + earlier.filter { seen.insert($0.description).inserted })
    context.console.report(result.diagnostics, sources: context.sources)
    return (ManualStatus.statuses(from: result), result)
  }

  /// The time the report says it was made: `SOURCE_DATE_EPOCH` when set (reproducible builds), otherwise
  /// the latest observation's time, so the same inputs always give the same report; ISO 8601 UTC.
  static func generatedAt(_ result: IngestResult, environment: [String: String])
    -> (time: String?, source: AcceptanceReport.TimeSource)
  {
    if let time = sourceDateEpoch(environment) { return (time, .sourceDateEpoch) }
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

  static let previousOption = CommandSpec.Option.value(
    "previous", "<path>",
    help: "The previous report.json to compare with (default: the one in the output folder, if any).")
  static let pictureBaseOption = CommandSpec.Option.value(
    "picture-base", "<url>",
    help: "Prefix of the pictures' links in report.md, e.g. an absolute URL for a GitHub job summary.")

  /// The previous report: `--previous PATH` (an error when unreadable), else `<out>/report.json` when it
  /// exists (a warning when unreadable), else none.
  static func previousReport(
    _ explicit: String?, outputDirectory: String, context: CommandContext
  ) throws -> PreviousReport? {
    let path = explicit ?? "\(outputDirectory)/report.json"
    if explicit == nil, context.files.kind(of: context.url(path).path, followingLinks: true) == nil {
      return nil
    }
    do {
      return try PreviousReport.parse(try context.read(path), path: path)
    } catch let error as PreviousReport.Malformed {
      if explicit != nil { throw FileError(path: path, message: error.message, exitCode: .dataError) }
      context.console.err("warning: \(error.description); not compared\n")
      return nil
    } catch {
      if explicit != nil { throw error }
      return nil
    }
  }

  /// Writes the report files for the chosen formats into `directory` (`-`: each format's main file to
  /// standard output, no pictures). The previous report read for the comparison (`replacing`) is the one
  /// input an output may replace.
  static func writeReport(
    _ report: AcceptanceReport, formats: [String], into directory: String, createFolders: Bool,
    pictureBase: String = "", replacing previous: String? = nil, context: CommandContext
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
      for output in outputs { try context.write(output.contents, to: "-", createFolders: false) }
      return []
    }
    try context.outputFolder(directory, createFolders: createFolders)
    var written: [String] = []
    for output in outputs {
      let path = "\(directory)/\(output.path)"
      let replacesPrevious = previous.map { context.url($0).path == context.url(path).path } ?? false
      try context.write(output.contents, to: path, createFolders: false, updatingInput: replacesPrevious)
      written.append(path)
    }
    return written
  }

  /// Whether folders may be created for `option`: always for the default path qapass chose, otherwise
  /// only with `--create-folders`.
  static func createsFolders(_ arguments: ParsedArguments, _ option: String) -> Bool {
    arguments.value(option) == nil || arguments.flag("create-folders")
  }

  /// Where the summary lines go: stdout, or stderr when the report itself goes to stdout (`--out -`).
  static func summary(_ arguments: ParsedArguments, _ context: CommandContext) -> (String) -> Void {
    arguments.value("out") == "-" ? context.console.err : context.console.out
  }

  static func exitCode(for verdict: AcceptanceReport.Verdict) -> ExitCode {
    switch verdict {
    case .accepted: .success
    case .rejected: .failure
    case .incomplete: .incomplete
    }
  }

  enum Message {
    static func folderNotStream(_ option: String) -> String {
      "'\(option)' names a folder qapass reads back; '-' (standard output) cannot be one"
    }
  }

  static func observationError(_ error: ObservationFileError, context: CommandContext) -> Error {
    switch error {
    case .malformed(let diagnostics): return DiagnosticList(diagnostics)
    case .invalidObservation(let message): return UsageError(message)
    case .fileSystem(let error):
      return FileError(path: error.path, message: error.description, exitCode: .cannotCreate)
    }
  }
}
