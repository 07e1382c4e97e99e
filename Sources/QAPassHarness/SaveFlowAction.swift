/// What a save-flow step does.
public enum SaveFlowAction: String, Codable, Hashable, Sendable, CaseIterable {
  /// The user taps Save.
  case tap
  /// The oldest running save completes successfully.
  case completeSuccess = "complete-success"
  /// The oldest running save fails with ``SaveFlowScript``'s failure message.
  case completeFailure = "complete-failure"
  /// The haptic engine resets (Core Haptics' reset handler): the player loses its preparation and
  /// the flow is told.
  case engineReset = "engine-reset"
  /// The haptic engine stops (its stopped handler, e.g. an audio interruption): like a reset for
  /// the player; the flow is told.
  case engineStopped = "engine-stopped"
  /// The app goes to the background: the flow is told, then the player loses its preparation.
  case enterBackground = "enter-background"
  /// The app returns to the foreground.
  case enterForeground = "enter-foreground"

  /// The message a failing save reports.
  public static let failureMessage = "The server is unreachable."
}
