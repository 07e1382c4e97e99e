/// One step of a save-flow script.
///
/// Time (``VirtualClock``): the step's action happens ``delayMilliseconds`` after the previous step
/// (at once when `nil`); its checks are read right after the action, once the work the app scheduled
/// for that instant has run (a hop to the main queue, as `DispatchQueue.main.async` makes one).
public struct SaveFlowStep: Codable, Hashable, Sendable {
  /// What happens.
  public var action: SaveFlowAction
  /// Milliseconds between the previous step and this action; `nil` means 0.
  public var delayMilliseconds: Int?
  /// What must hold afterwards; members left out are not checked.
  public var expect: SaveFlowExpectation

  /// Creates a step.
  public init(
    _ action: SaveFlowAction, delayMilliseconds: Int? = nil,
    expect: SaveFlowExpectation = SaveFlowExpectation()
  ) {
    self.action = action
    self.delayMilliseconds = delayMilliseconds
    self.expect = expect
  }

  /// Reads a step, refusing a delay outside 0 through ``CompositionStep/maxDelayMilliseconds`` at its
  /// place.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    action = try container.decode(SaveFlowAction.self, forKey: .action)
    let delay = try CompositionStep.delay(in: container, forKey: .delayMilliseconds)
    delayMilliseconds = delay
    expect = try container.decode(SaveFlowExpectation.self, forKey: .expect)
  }
}
