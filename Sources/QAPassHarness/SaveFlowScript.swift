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

/// What must hold after a save-flow step; `nil` members are not checked.
public struct SaveFlowExpectation: Codable, Hashable, Sendable {
  /// What the screen shows.
  public var result: VisibleSaveResult?
  /// How many play requests the player has received so far.
  public var playRequests: Int?
  /// How many confirmations the user has felt so far: plays of exactly the script's pattern on a
  /// prepared player.
  public var felt: Int?
  /// How many saves the saver has started so far.
  public var savesStarted: Int?
  /// Whether the player has been touched at all (prepare or play).
  public var playerUsed: Bool?
  /// How many diagnostics the flow has recorded (checked only for subjects that report them).
  public var diagnostics: Int?
  /// Why, for failure messages.
  public var reason: String?

  /// Creates an expectation.
  public init(
    result: VisibleSaveResult? = nil, playRequests: Int? = nil, felt: Int? = nil, savesStarted: Int? = nil,
    playerUsed: Bool? = nil, diagnostics: Int? = nil, reason: String? = nil
  ) {
    self.result = result
    self.playRequests = playRequests
    self.felt = felt
    self.savesStarted = savesStarted
    self.playerUsed = playerUsed
    self.diagnostics = diagnostics
    self.reason = reason
  }
}

/// What a save flow shows.
public enum VisibleSaveResult: String, Codable, Hashable, Sendable, CaseIterable {
  /// Nothing yet.
  case idle
  /// A save is running.
  case saving
  /// "Saved".
  case saved
  /// The save's error.
  case failed
}
