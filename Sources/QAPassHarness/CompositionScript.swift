/// The replay of a composition item: the field under test, the team's policies, then steps of
/// operations and events, each followed by the observable state it must leave.
public struct CompositionScript: Codable, Hashable, Sendable {
  /// The field the item types into.
  public var field: PackField
  /// The policies the script was exported with: how long the form may take to settle, and what a
  /// Return after a silent commit does.
  public var policies: CompositionPolicies
  /// Whether every step checks something of its own, so the runner goes on after a failing step and
  /// reports every one (`p2`: each text is entered afresh); otherwise it stops at the first.
  public var continuesAfterFailure: Bool
  /// The steps, in order.
  public var steps: [CompositionStep]

  /// Creates a script.
  public init(
    field: PackField, policies: CompositionPolicies = .defaults, continuesAfterFailure: Bool = false,
    steps: [CompositionStep]
  ) {
    self.field = field
    self.policies = policies
    self.continuesAfterFailure = continuesAfterFailure
    self.steps = steps
  }
}
