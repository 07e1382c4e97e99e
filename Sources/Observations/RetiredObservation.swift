import Diagnostics
import QAModel

/// An observation a retirement (`qapass retire`) took out of the count: the report lists each with
/// who retired it and why, so nothing is retired silently.
package struct RetiredObservation: Hashable, Sendable {
  /// The id as written.
  package var id: ItemID
  /// What was recorded, when the entry says.
  package var result: Outcome?
  /// Who recorded it, when the entry says.
  package var tester: String?
  /// The file, as named.
  package var path: String
  /// Where the entry starts.
  package var location: TextPosition
  /// The retirement.
  package var retirement: Decision

  /// Creates one.
  package init(
    id: ItemID, result: Outcome?, tester: String?, path: String, location: TextPosition, retirement: Decision
  ) {
    self.id = id
    self.result = result
    self.tester = tester
    self.path = path
    self.location = location
    self.retirement = retirement
  }
}
