import Diagnostics
import QAModel

/// Everything ingest found: an outcome per plan item and every problem in the files.
public struct IngestResult: Hashable, Sendable {
  /// One outcome per catalog item, in catalog order.
  public var items: [ItemOutcome]
  /// Problems found, sorted by path, then line and column.
  public var diagnostics: [Diagnostic]
  /// Results recorded for ids the plan does not have (each is also an error), in file order.
  public var unplanned: [UnplannedObservation]

  /// Creates a result.
  public init(items: [ItemOutcome], diagnostics: [Diagnostic], unplanned: [UnplannedObservation] = []) {
    self.items = items
    self.diagnostics = diagnostics
    self.unplanned = unplanned
  }

  /// Whether any diagnostic is an error (the CLI then exits 65).
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// The outcome for item `id`, or `nil`.
  ///
  /// - Complexity: O(*n*).
  public func outcome(_ id: ItemID) -> ItemOutcome? {
    items.first { $0.item.id == id }
  }

  /// How many items have each status, every status of ``Outcome/manual`` listed (zeros included), in
  /// that order.
  public var counts: [(status: Outcome, count: Int)] {
    var counts = [Int](repeating: 0, count: Outcome.manual.count)
    for outcome in items {
      if let index = Outcome.manual.firstIndex(of: outcome.status) { counts[index] += 1 }
    }
    return zip(Outcome.manual, counts).map { (status: $0, count: $1) }
  }
}
