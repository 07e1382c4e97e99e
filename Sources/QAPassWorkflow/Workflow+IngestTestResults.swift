import Effects
import Foundation
import MatrixFormat
import Observations
import Reporting
import ScenarioEngine
import TestResults

extension Workflow {
  /// The inputs of ``ingestJUnit(_:)`` and ``ingestXCResult(_:)``.
  package struct IngestInputs: Sendable {
    /// The matrix file (no matrix: the one the checklists were made from) and planning overrides.
    package var source: PlanSource
    /// The JUnit XML file, the `.xcresult` bundle or the saved JSON of xcresulttool.
    package var results: String
    /// The device (or simulator) id from the matrix the tests ran on (xcresult: from the result).
    package var device: String?
    /// The OS version they ran on (xcresult: from the result).
    package var os: String?
    /// The records file to append to (`nil`: `observations/records.yaml`).
    package var file: String?
    /// Who ran the tests (default `junit` or `xcresult`).
    package var tester: String?
    /// The app build tested (default: the matrix's build).
    package var build: String?
    /// When, for test cases the file gives no time (default: the file's modification time).
    package var time: String?

    /// Creates the inputs; the other options start at their defaults.
    package init(source: PlanSource, results: String) {
      self.source = source
      self.results = results
    }

    /// The records file appended to.
    var recordsPath: String { file ?? Defaults.records }
    /// The results read and the records file they are recorded in.
    var files: [FileRoles.Declaration] { [.input(results)] + stores }
    /// The records file and the runs file beside it (``RunLog/path(besideRecords:)``).
    var stores: [FileRoles.Declaration] {
      [
        .store(recordsPath), .store(RunLog.path(besideRecords: recordsPath)),
        .store(AuditLog.path(besideRecords: recordsPath)),
      ]
    }
  }

  /// `qapass ingest-junit`: records the app's own JUnit results against the plan's manual items of the
  /// given device and OS, idempotently; test cases that match no item are listed.
  ///
  /// - Returns: What was recorded and what matched nothing.
  package func ingestJUnit(_ inputs: IngestInputs) throws -> UseCaseResult<IngestSummary> {
    try begin(inputs.files)
    guard let device = inputs.device, let os = inputs.os else {
      throw UsageError("'--device <id>' and '--os <version>' name where the tests ran; both are needed")
    }
    let (ingest, records) = try ingestContext(inputs, defaultTester: "junit")
    let bytes = try read(inputs.results, limit: JUnitReader.maxInputBytes)
    return try ingestRecording {
      try TestResultIngest.ingestJUnit(
        path: inputs.results, bytes: bytes, device: device, os: os, context: ingest, records: records)
    }
  }

  /// `qapass ingest-xcresult`: records the app's own results from an Xcode result bundle (run through
  /// xcresulttool with the injected runner, macOS only) or its saved JSON, as ``ingestJUnit(_:)`` does.
  ///
  /// - Returns: What was recorded and what matched nothing.
  package func ingestXCResult(_ inputs: IngestInputs) throws -> UseCaseResult<IngestSummary> {
    let path = inputs.results
    let bundle = path.hasSuffix(".xcresult") || path.hasSuffix(".xcresult/")
    // A bundle is read by xcresulttool, not by qapass.
    try begin(bundle ? inputs.stores : inputs.files)
    let (ingest, records) = try ingestContext(inputs, defaultTester: "xcresult")
    let bytes: [UInt8]
    if bundle {
      do {
        bytes = try runner.run(XCResultTests.command(bundle: url(path).path))
      } catch {
        throw UsageError("\(error.description); elsewhere, pass the saved output of that command")
      }
    } else {
      bytes = try read(path)
    }
    return try ingestRecording {
      try TestResultIngest.ingestXCResult(
        path: path, bytes: bytes, device: inputs.device, os: inputs.os, context: ingest, records: records)
    }
  }

  /// The plan's catalog and devices, the tester, build and fallback time, and the records file.
  func ingestContext(
    _ inputs: IngestInputs, defaultTester: String
  ) throws -> (TestResultIngest.Context, RecordsFile) {
    let loaded = try loadPlan(inputs.source, checksChecklists: true)
    let (file, plan) = (loaded.file, loaded.plan)
    let fallback: (Timestamp, String)
    if let text = inputs.time {
      do { fallback = (try Timestamp.parse(text), "from --time") } catch {
        throw UsageError("'--time': \(error.description)")
      }
    } else {
      fallback = (
        try modificationTime(inputs.results),
        "the modification time of \(inputs.results) (give --time to set it)"
      )
    }
    let path = inputs.recordsPath
    let records = try storeFile(path, createFolders: inputs.file == nil)
    let ingest = TestResultIngest.Context(
      catalog: try observableCatalog(loaded),
      devices: file.devices.map { .init(id: $0.id, name: $0.name, isSimulator: $0.kind == .simulator) },
      tester: inputs.tester ?? defaultTester, build: inputs.build ?? plan.build,
      fallbackTime: fallback.0, fallbackTimeSource: fallback.1, recordsName: path)
    return (ingest, RecordsFile(path: records, files: files))
  }

  /// Runs one ingest, turning records-file errors into the use case's, and says its summary.
  func ingestRecording(_ body: () throws -> IngestSummary) throws -> UseCaseResult<IngestSummary> {
    let summary: IngestSummary
    do {
      summary = try body()
    } catch let error as ObservationFileError {
      throw observationError(error)
    } catch let error as IngestError {
      throw UsageError(error.message)
    } catch let error as FileSystemError {
      throw FileError(path: shown(error.path), message: message(error), exitCode: .cannotCreate)
    }
    say(summary.text)
    try auditIngest(summary)
    return finished(summary)
  }

  /// One audit line per observation an ingest recorded, beside its records file.
  func auditIngest(_ summary: IngestSummary) throws {
    guard !summary.recorded.isEmpty else { return }
    let now = Timestamp.now(clock).text
    try audit(
      summary.recorded.map { observation in
        AuditLog.Entry(
          time: now, by: observation.tester, action: "record", item: observation.itemID.rawValue,
          detail: "\(observation.result.rawValue)\(observation.build.map { ", build \($0)" } ?? "") from "
            + "\(summary.path)", origin: "qapass ingest")
      }, in: AuditLog.folder(of: summary.recordsName))
  }
}
