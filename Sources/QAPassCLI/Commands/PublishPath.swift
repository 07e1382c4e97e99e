import Diagnostics
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
  static let sheetSuffix = ".observations.yaml"

  static let checklistsOption = CommandSpec.Option.value(
    "checklists", "<dir>", help: "Where checklists and their observation sheets live (default checklists).")
  static let observationsOption = CommandSpec.Option.value(
    "observations", "<dir>", help: "Where recorded observation files live (default observations).")

  /// Writes one checklist per device session and its observation sheet; a sheet a tester filled is merged,
  /// never overwritten.
  ///
  /// A pairwise plan also keeps its cells in `cells.jsonl` there, so re-planning after a small change
  /// keeps the earlier cells (and the observations recorded against them).
  static func writeChecklists(
    plan: Plan, file: MatrixFile, options: PlanCommand.Options, into directory: String,
    context: CommandContext
  ) throws -> [Checklist] {
    let checklists = Checklists.render(plan: plan, file: file)
    if case .pairwise = options.strategy ?? file.planning.strategy {
      let cells = try file.cells(
        limit: options.limit, strategy: options.strategy, seed: options.seed, previous: options.previous)
      let path = "\(directory)/cells.jsonl"
      try FileSystemPaths.createDirectory(context.url(directory).path)
      do {
        try AtomicFile.write(
          CombinationLines.render(cells.cells.map(\.combination)), to: context.url(path).path)
      } catch {
        throw FileError(path: path, message: error.description, exitCode: .cannotCreate)
      }
    }
    let catalog = ObservableCatalog(plan: plan)
    for checklist in checklists {
      let markdownPath = context.url("\(directory)/\(checklist.fileName)").path
      let sheetPath = context.url("\(directory)/\(checklist.session.id)\(sheetSuffix)").path
      try FileSystemPaths.createDirectory(context.url(directory).path)
      do {
        try AtomicFile.write(checklist.markdown, to: markdownPath)
        try AtomicFile.write(checklist.html, to: context.url("\(directory)/\(checklist.htmlFileName)").path)
        let items = catalog.items.filter { $0.session == checklist.session.id }
        try SheetWriter.writeFile(session: checklist.session.id, items: items, to: sheetPath)
      } catch let error as ObservationFileError {
        throw observationError(error, context: context)
      } catch let error as FileSystemError {
        throw FileError(path: error.path, message: error.description, exitCode: .cannotCreate)
      } catch {
        throw FileError(path: directory, message: "cannot be written (\(error))", exitCode: .cannotCreate)
      }
    }
    return checklists
  }

  /// Every observation file: the sheets in `checklists` and the YAML files in `observations`, sorted.
  static func observationFiles(
    checklists: String, observations: String, context: CommandContext
  ) throws -> [ObservationFile] {
    var paths: [String] = []
    for (directory, suffix) in [(checklists, sheetSuffix), (observations, ".yaml")] {
      let url = context.url(directory)
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { continue }
      paths += names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.sorted().map {
        "\(directory)/\($0)"
      }
    }
    return try paths.map { path in
      let file = ObservationFile(path: path, bytes: try context.read(path))
      // Diagnostics quote the offending line; never a tester's note on stderr.
      context.sources.remember(file.textForExcerpts, for: path)
      return file
    }
  }

  /// Ingests the observations against the plan; data errors are reported (and make the command fail
  /// after the report is written), never silently dropped.
  static func ingest(
    plan: Plan, files: [ObservationFile], context: CommandContext
  ) -> (statuses: [ManualStatus], result: IngestResult) {
    let result = Ingest.run(files: files, catalog: ObservableCatalog(plan: plan))
    context.console.report(result.diagnostics, sources: context.sources)
    return (ManualStatus.statuses(from: result), result)
  }

  /// The time the report says it was made: `SOURCE_DATE_EPOCH` when set (reproducible builds), otherwise
  /// the latest observation's time, so the same inputs always give the same report.
  static func generatedAt(_ result: IngestResult, environment: [String: String]) -> String {
    if let epoch = environment["SOURCE_DATE_EPOCH"].flatMap(Int.init) {
      let date = Date(timeIntervalSince1970: TimeInterval(epoch))
      let formatter = ISO8601DateFormatter()
      formatter.timeZone = TimeZone(identifier: "UTC")
      return formatter.string(from: date)
    }
    let latest = result.items.flatMap(\.observations).compactMap(\.observation.time).max()
    return latest.map { "as of the latest observation, \($0)" } ?? "before any observation"
  }

  /// Writes the report files for the chosen formats into `directory`.
  static func writeReport(
    _ report: AcceptanceReport, formats: [String], into directory: String, context: CommandContext
  ) throws -> [String] {
    var written: [String] = []
    for identifier in formats {
      let writer: any ReportWriter.Type
      do {
        writer = try ReportWriters.writer(identifier: identifier)
      } catch {
        throw UsageError(error.description)
      }
      for output in writer.init().write(report) {
        let path = "\(directory)/\(output.path)"
        try FileSystemPaths.createDirectory(context.url(directory).path)
        do {
          try AtomicFile.write(output.contents, to: context.url(path).path)
        } catch {
          throw FileError(path: path, message: error.description, exitCode: .cannotCreate)
        }
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

  static func observationError(_ error: ObservationFileError, context: CommandContext) -> Error {
    switch error {
    case .malformed(let diagnostics): return DiagnosticList(diagnostics)
    case .invalidObservation(let message): return UsageError(message)
    case .fileSystem(let error):
      return FileError(path: error.path, message: error.description, exitCode: .cannotCreate)
    }
  }
}
