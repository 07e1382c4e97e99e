import Diagnostics
import QAModel

/// Everything ingest found: an outcome per plan item and every problem in the files.
package struct IngestResult: Hashable, Sendable {
  /// One outcome per catalog item, in catalog order.
  package var items: [ItemOutcome]
  /// Problems found, sorted by path, then line and column.
  package var diagnostics: [Diagnostic]
  /// Results recorded for ids the plan does not have (each is also an error), in file order.
  package var unplanned: [UnplannedObservation]
  /// Observations a retirement took out of the count, in file order.
  package var retired: [RetiredObservation] = []

  /// Creates a result.
  package init(items: [ItemOutcome], diagnostics: [Diagnostic], unplanned: [UnplannedObservation] = []) {
    self.items = items
    self.diagnostics = diagnostics
    self.unplanned = unplanned
  }

  /// Whether any diagnostic is an error (the CLI then exits 65).
  package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// The outcome for item `id`, or `nil`.
  ///
  /// - Complexity: O(*n*).
  package func outcome(_ id: ItemID) -> ItemOutcome? {
    items.first { $0.item.id == id }
  }

  /// How many items have each status, every status of ``Outcome/manual`` listed (zeros included), in
  /// that order.
  package var counts: [(status: Outcome, count: Int)] {
    var counts = [Int](repeating: 0, count: Outcome.manual.count)
    for outcome in items {
      if let index = Outcome.manual.firstIndex(of: outcome.status) { counts[index] += 1 }
    }
    return zip(Outcome.manual, counts).map { (status: $0, count: $1) }
  }
}
