import Foundation
import Observations

/// Where ingested test results are recorded; injected so tests can record in memory.
public protocol ObservationRecords {
  /// The observations already recorded for `catalog`'s items.
  func existing(for catalog: ObservableCatalog) throws(ObservationFileError) -> [Observation]
  /// Appends `observations`, all or none.
  func append(_ observations: [Observation]) throws(ObservationFileError)
}

/// A records file on disk, appended under its lock (``ObservationStore``).
public struct RecordsFile: ObservationRecords {
  /// The absolute path.
  public var path: String

  /// Creates the records file at `path` (absolute); its folder must exist.
  public init(path: String) { self.path = path }

  public func existing(for catalog: ObservableCatalog) throws(ObservationFileError) -> [Observation] {
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    let file: ObservationFile
    do { file = try ObservationFile(contentsOf: path) } catch { throw .fileSystem(error) }
    let result = Ingest.run(files: [file], catalog: catalog)
    let errors = result.diagnostics.filter { $0.severity == .error }
    if !errors.isEmpty { throw .malformed(errors) }
    return result.items.flatMap(\.observations).map(\.observation)
  }

  public func append(_ observations: [Observation]) throws(ObservationFileError) {
    guard !observations.isEmpty else { return }
    try ObservationStore.append(observations, to: path)
  }
}
