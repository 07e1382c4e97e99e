/// What a save-flow subject is built with.
///
/// It holds no pattern: the flow plays the app's own confirmation, which the subject reports as
/// ``SaveFlowSubject/confirmationPattern``.
public struct SaveFlowEnvironment {
  /// The saver to save through; the script completes its saves.
  public let saver: ScriptedSaver
  /// The player to play through; it records every call.
  public let player: RecordingPlayer
  /// Whether the hardware supports haptics (`CHHapticEngine.capabilitiesForHardware().supportsHaptics`).
  public let supportsHaptics: Bool
  /// The replay's time: the flow schedules its delayed work on it (a hop to the main queue, a
  /// deferred play), and the runner moves it by each step's ``SaveFlowStep/delayMilliseconds``.
  public let clock: VirtualClock

  /// Creates an environment.
  public init(
    saver: ScriptedSaver, player: RecordingPlayer, supportsHaptics: Bool, clock: VirtualClock = VirtualClock()
  ) {
    self.saver = saver
    self.player = player
    self.supportsHaptics = supportsHaptics
    self.clock = clock
  }
}
