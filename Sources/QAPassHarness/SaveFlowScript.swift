/// The replay of a save-flow item: the environment the flow is built in, then actions, each
/// followed by what must be seen and requested.
public struct SaveFlowScript: Codable, Hashable, Sendable {
  /// The confirmation pattern the flow is given (the contract the matrix declares, or on purpose
  /// another one), which it must play.
  public var confirmation: [PackHapticEvent]
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
    confirmation: [PackHapticEvent], supportsHaptics: Bool = true, prepareFails: Bool = false,
    playFails: Bool = false, steps: [SaveFlowStep]
  ) {
    self.confirmation = confirmation
    self.supportsHaptics = supportsHaptics
    self.prepareFails = prepareFails
    self.playFails = playFails
    self.steps = steps
  }
}
