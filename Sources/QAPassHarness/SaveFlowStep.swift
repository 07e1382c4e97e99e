/// One step of a save-flow script.
public struct SaveFlowStep: Codable, Hashable, Sendable {
  /// What happens.
  public var action: SaveFlowAction
  /// What must hold afterwards; members left out are not checked.
  public var expect: SaveFlowExpectation

  /// Creates a step.
  public init(_ action: SaveFlowAction, expect: SaveFlowExpectation = SaveFlowExpectation()) {
    self.action = action
    self.expect = expect
  }
}
