/// One step of a composition script: what happens, and what must be seen afterwards.
public struct CompositionStep: Codable, Hashable, Sendable {
  /// A short label for reports: the key typed (`key 3 'a'`), `commit (focus-out)`, `paste`, ….
  public var label: String
  /// The operations and events, in order.
  public var actions: [FieldAction]
  /// The observable state after the actions; members left out are not checked.
  public var expect: FieldExpectation
  /// The reference field's marked range after the step (for traces; not checked).
  public var marked: PackRange?
  /// The reference field's selection after the step (for traces; not checked).
  public var selection: PackRange

  /// Creates a step.
  public init(
    label: String, actions: [FieldAction], expect: FieldExpectation, marked: PackRange?, selection: PackRange
  ) {
    self.label = label
    self.actions = actions
    self.expect = expect
    self.marked = marked
    self.selection = selection
  }
}
