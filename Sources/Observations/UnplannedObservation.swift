import Diagnostics
import QAModel

/// A result recorded for an item the plan does not have (its id is not an item's, nor a former id
/// `renamed_from:` declares): an error of its file, and listed in the report, so a failure recorded
/// before a rename or a re-plan never leaves the verdict unsaid.
///
/// It stops counting once resolved: the matrix declares the rename (the observation then counts for
/// the item's new id), or the entry gets `retired: true`. ``Ingest``'s example lists them.
package struct UnplannedObservation: Hashable, Sendable {
  /// The id as written.
  package var id: ItemID
  /// What was recorded: a result (`untested` entries record nothing and are not listed).
  package var result: Outcome
  /// Who recorded it, when the entry says.
  package var tester: String?
  /// The file, as named.
  package var path: String
  /// Where the id is written.
  package var location: TextPosition
  /// What ingest suggests, as its error says it: `; did you mean '…'?` (with the `renamed_from:` to
  /// add when one segment differs), or the list of ids.
  package var hint: String

  /// Creates one.
  package init(
    id: ItemID, result: Outcome, tester: String?, path: String, location: TextPosition, hint: String
  ) {
    self.id = id
    self.result = result
    self.tester = tester
    self.path = path
    self.location = location
    self.hint = hint
  }
}

extension UnplannedObservation {
  /// What `count` failures recorded for items the plan does not have do to the verdict, in the words
  /// every place says it: the verdict's reason (report.md, report.json, the terminal), ingest's warning
  /// for a failure a re-plan dropped, and the report's list of these results.
  ///
  /// They are not counted as failures (they reject nothing), and while any is listed the verdict is not
  /// ACCEPTED (INCOMPLETE at best: `AcceptanceReport.noting(unplanned:)`), until the matrix declares the
  /// rename (the failure then counts for the item's new id) or the entry is retired.
  ///
  /// ```swift
  /// UnplannedObservation.failureEffect(1)
  /// // "not counted as a failure, it keeps the verdict from ACCEPTED until the matrix declares the rename
  /// //  ('renamed_from:') or it is retired"
  /// ```
  package static func failureEffect(_ count: Int) -> String {
    count == 1
      ? "not counted as a failure, it keeps the verdict from ACCEPTED until the matrix declares the rename "
        + "('renamed_from:') or it is retired"
      : "not counted as failures, they keep the verdict from ACCEPTED until the matrix declares the rename "
        + "('renamed_from:') or they are retired"
  }
}
