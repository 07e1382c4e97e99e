/// The replay of a composition item: the field under test, then steps of operations and events,
/// each followed by the observable state it must leave.
public struct CompositionScript: Codable, Hashable, Sendable {
  /// The field the item types into.
  public var field: PackField
  /// The steps, in order.
  public var steps: [CompositionStep]

  /// Creates a script.
  public init(field: PackField, steps: [CompositionStep]) {
    self.field = field
    self.steps = steps
  }
}
