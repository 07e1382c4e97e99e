import Diagnostics
import QAModel

/// What one observation file gives an ingest (``Ingest/read(_:catalog:suggester:now:decisions:)``):
/// its valid observations with the catalog position of their items, its problems, and its entries
/// of ids the plan does not have or a retirement covers; ``Ingest/combine(_:catalog:)`` makes the
/// ingest of several.
///
/// The same bytes, catalog, decisions and clock always give the same value, so `serve` keeps it
/// while the file is unchanged, and reads only what was appended when the file grew by entries.
package struct FileIngest: Sendable {
  /// The file's path, as named.
  package var path: String
  /// The bytes read.
  package var bytes: [UInt8]
  /// Each valid observation with the catalog position of its item, in file order.
  package var observations: [(index: Int, recorded: RecordedObservation)] = []
  /// The file's problems, in reading order.
  package var diagnostics: [Diagnostic] = []
  /// Results for ids the plan does not have, in file order.
  package var unplanned: [UnplannedObservation] = []
  /// Entries a retirement covers, in file order.
  package var retired: [RetiredObservation] = []
  /// How many entries the file's list has.
  package var entryCount = 0
  /// Whether an entry was refused for a time ahead of the clock: read again later, it may count.
  package var judgedTheClock = false
  /// The indentation of the list's dashes when entries appended as text after the last one read as
  /// the file's (a records file whose list ends it, as `record` appends); `nil` otherwise.
  package var appendIndent: Int?

  /// Creates what a file gave before anything is read from it.
  package init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }
}
