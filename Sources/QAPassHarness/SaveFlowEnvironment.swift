/// What a save-flow subject is built with.
public struct SaveFlowEnvironment {
  /// The saver to save through; the script completes its saves.
  public let saver: ScriptedSaver
  /// The player to play through; it records every call.
  public let player: RecordingPlayer
  /// The pattern the flow must play after a successful save.
  public let confirmation: [PackHapticEvent]
  /// Whether the hardware supports haptics (`CHHapticEngine.capabilitiesForHardware().supportsHaptics`).
  public let supportsHaptics: Bool

  /// Creates an environment.
  public init(
    saver: ScriptedSaver, player: RecordingPlayer, confirmation: [PackHapticEvent], supportsHaptics: Bool
  ) {
    self.saver = saver
    self.player = player
    self.confirmation = confirmation
    self.supportsHaptics = supportsHaptics
  }
}
