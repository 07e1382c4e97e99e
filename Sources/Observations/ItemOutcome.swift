import QAModel

/// What ingest concluded for one plan item.
package struct ItemOutcome: Hashable, Sendable {
  /// The plan item.
  package var item: ObservableItem
  /// Its status: one of ``Outcome/manual``.
  package var status: Outcome
  /// The observation the status rests on: the latest current one, or for `stale` the latest stale
  /// one; `nil` when untested.
  package var deciding: RecordedObservation?
  /// Current observations whose result differs from the deciding one's and that the deciding one is
  /// no retest of (the same time, no time, or another tester within the allowed clock skew), oldest
  /// first.
  package var conflicts: [RecordedObservation]
  /// Current observations whose result differs from the deciding one's and that the deciding one is a
  /// retest of (see ``Ingest``), oldest first.
  package var superseded: [RecordedObservation]
  /// Every valid observation of the item (stale ones included, `untested` entries not), oldest first.
  package var observations: [RecordedObservation]

  /// Creates an outcome.
  package init(
    item: ObservableItem, status: Outcome, deciding: RecordedObservation?,
    conflicts: [RecordedObservation], observations: [RecordedObservation],
    superseded: [RecordedObservation] = []
  ) {
    self.item = item
    self.status = status
    self.deciding = deciding
    self.conflicts = conflicts
    self.superseded = superseded
    self.observations = observations
  }

  /// Whether a retest fixed the item: it passes now, and the pass supersedes a fail.
  package var isFixedOnRetest: Bool {
    status == .pass && superseded.contains { $0.observation.result == .fail }
  }
}
