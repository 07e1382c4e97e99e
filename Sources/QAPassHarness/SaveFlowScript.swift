/// The replay of a save-flow item: the environment the flow is built in, then actions, each
/// followed by what must be seen and requested.
public struct SaveFlowScript: Codable, Hashable, Sendable {
  /// The confirmation the matrix declares (`haptics.confirmation`): what the app's own pattern
  /// (``SaveFlowSubject/confirmationPattern``) is compared with where a step expects
  /// ``SaveFlowExpectation/confirmationIsContract``. The flow is never given it to play.
  public var contract: [PackHapticEvent]
  /// Whether the hardware supports haptics.
  public var supportsHaptics: Bool
  /// Whether the player throws when preparing.
  public var prepareFails: Bool
  /// Whether the player throws when playing.
  public var playFails: Bool
  /// The steps, in order.
  public var steps: [SaveFlowStep]

  /// Creates a script.
  public init(
    contract: [PackHapticEvent], supportsHaptics: Bool = true, prepareFails: Bool = false,
    playFails: Bool = false, steps: [SaveFlowStep]
  ) {
    self.contract = contract
    self.supportsHaptics = supportsHaptics
    self.prepareFails = prepareFails
    self.playFails = playFails
    self.steps = steps
  }
}
