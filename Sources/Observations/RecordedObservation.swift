import Diagnostics
import QAModel

/// An observation as ingest found it: where it was written and whether it is stale.
package struct RecordedObservation: Hashable, Sendable {
  /// The observation.
  package var observation: Observation
  /// The file it was read from, as named.
  package var path: String
  /// Where its entry starts in that file.
  package var location: TextPosition
  /// The 0-based position of its entry in the file's `observations` list.
  package var position: Int
  /// Why it is stale, in the order text version, haptic fingerprint, build, keyboard; empty when
  /// current.
  package var staleReasons: [StaleReason]
  /// The id as written when it is a former id of the item (a rename the matrix declares); `nil` when
  /// the entry names the item by its id.
  package var writtenID: ItemID?

  /// Creates a recorded observation.
  package init(
    observation: Observation, path: String, location: TextPosition, position: Int,
    staleReasons: [StaleReason] = [], writtenID: ItemID? = nil
  ) {
    self.observation = observation
    self.path = path
    self.location = location
    self.position = position
    self.staleReasons = staleReasons
    self.writtenID = writtenID
  }

  /// Whether it no longer counts for its item.
  package var isStale: Bool { !staleReasons.isEmpty }

  /// `mei recorded fail at 2026-11-29T10:00:00Z (observations/records.yaml:12)`: who recorded what,
  /// when and where, as reports list a conflicting or superseded observation.
  package var summary: String {
    "\(observation.tester) recorded \(observation.result.rawValue) at \(observation.time?.text ?? "no time") "
      + "(\(path):\(location.line))"
  }

  /// Ingest's order: by time, then path, then position; the last is the latest.
  static func isOlder(_ a: RecordedObservation, than b: RecordedObservation) -> Bool {
    let ta = a.observation.time
    let tb = b.observation.time
    if ta != tb {
      switch (ta, tb) {
      case (nil, _): return true
      case (_, nil): return false
      case (let x?, let y?): return x < y
      }
    }
    if a.path != b.path { return a.path < b.path }
    return a.position < b.position
  }
}
