import Effects
import Foundation
import Observations

/// Where ingested test results are recorded; injected so tests can record in memory.
package protocol ObservationRecords {
  /// The observations already recorded for `catalog`'s items.
  func existing(for catalog: ObservableCatalog) throws(ObservationFileError) -> [Observation]
  /// Appends `observations`, all or none.
  func append(_ observations: [Observation]) throws(ObservationFileError)
  /// Appends the test runs not recorded before (``AppTestRun/isSameRun(as:)``), all or none.
  ///
  /// - Returns: Those appended.
  func appendRuns(_ runs: [AppTestRun]) throws -> [AppTestRun]
}

/// A records file on disk, appended under its lock (``ObservationStore``).
package struct RecordsFile: ObservationRecords {
  /// The absolute path.
  package var path: String
  /// The file system it is read and appended through.
  package var files: any FileSystem

  /// The largest records file read back (the limit every qapass input has, 64 MiB).
  static let maxBytes = 64 << 20

  /// Creates the records file at `path` (absolute); its folder must exist.
  package init(path: String, files: any FileSystem = LocalFileSystem()) {
    self.path = path
    self.files = files
  }

  package func existing(for catalog: ObservableCatalog) throws(ObservationFileError) -> [Observation] {
    let bytes: [UInt8]?
    do { bytes = try files.readBytes(path, limit: Self.maxBytes, followingLinks: false) } catch {
      throw .fileSystem(error)
    }
    guard let bytes else { return [] }
    // Only a file that cannot take the results stops the ingest; entries in error (an item the plan
    // no longer has, a typo) count nowhere, so they never make a result "already recorded".
    let problems = ObservationStore.problems(bytes, path: path)
    if !problems.isEmpty { throw .malformed(problems) }
    let result = Ingest.run(files: [ObservationFile(path: path, bytes: bytes)], catalog: catalog)
    return result.items.flatMap(\.observations).map(\.observation)
  }

  /// The runs file beside it (``RunLog/path(besideRecords:)``).
  package var runsPath: String { RunLog.path(besideRecords: path) }

  package func appendRuns(_ runs: [AppTestRun]) throws -> [AppTestRun] {
    try RunLog.append(testRuns: runs, jobs: [], to: runsPath, files: files)
  }

  package func append(_ observations: [Observation]) throws(ObservationFileError) {
    guard !observations.isEmpty else { return }
    try ObservationStore.append(observations, to: path, files: files)
  }
}
