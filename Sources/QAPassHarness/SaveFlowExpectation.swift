/// What must hold after a save-flow step; `nil` members are not checked.
public struct SaveFlowExpectation: Codable, Hashable, Sendable {
  /// What the screen shows.
  public var result: VisibleSaveResult?
  /// How many play requests the player has received so far.
  public var playRequests: Int?
  /// The most play requests the player may have received so far: where a flow may or may not try a
  /// play it cannot feel (after the engine failed to start), but never more than one per save.
  public var playRequestsAtMost: Int?
  /// How many confirmations the user has felt so far: plays of exactly the app's own pattern
  /// (``SaveFlowSubject/confirmationPattern``) on a prepared player.
  public var felt: Int?
  /// Whether the app's own pattern must be the script's ``SaveFlowScript/contract``: the same
  /// events in time order, each with the same type, time, duration (continuous events),
  /// intensity and sharpness to the thousandth (``PackHapticEvent/differences(_:from:)``).
  public var confirmationIsContract: Bool?
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
    result: VisibleSaveResult? = nil, playRequests: Int? = nil, playRequestsAtMost: Int? = nil,
    felt: Int? = nil,
    confirmationIsContract: Bool? = nil, savesStarted: Int? = nil, playerUsed: Bool? = nil,
    diagnostics: Int? = nil, reason: String? = nil
  ) {
    self.result = result
    self.playRequests = playRequests
    self.playRequestsAtMost = playRequestsAtMost
    self.felt = felt
    self.confirmationIsContract = confirmationIsContract
    self.savesStarted = savesStarted
    self.playerUsed = playerUsed
    self.diagnostics = diagnostics
    self.reason = reason
  }
}
