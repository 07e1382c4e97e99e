/// One event of a haptic pattern (`CHHapticEvent`).
public struct HapticEvent: Hashable, Sendable {
  /// `hapticTransient` or `hapticContinuous`.
  public enum Kind: String, Hashable, Sendable {
    /// A tap.
    case transient
    /// A buzz with a duration.
    case continuous
  }

  /// The kind.
  public var kind: Kind
  /// Seconds from the pattern's start.
  public var relativeTime: Double
  /// Seconds; 0 for a tap.
  public var duration: Double
  /// `hapticIntensity`.
  public var intensity: Double
  /// `hapticSharpness`.
  public var sharpness: Double

  /// A tap at `relativeTime`.
  public static func tap(intensity: Double, sharpness: Double, at relativeTime: Double = 0) -> HapticEvent {
    HapticEvent(
      kind: .transient, relativeTime: relativeTime, duration: 0, intensity: intensity, sharpness: sharpness)
  }
}

/// The "order placed" confirmation: a single full-strength tap of medium sharpness. The save flow
/// and its tests share this one function.
public func confirmationEvents() -> [HapticEvent] {
  [.tap(intensity: 1.0, sharpness: 0.5)]
}

/// What the haptic engine tells the app (`resetHandler`, `stoppedHandler`).
public enum EngineNotice: Hashable, Sendable {
  /// The engine reset after a server failure: players are invalid, the engine must start again.
  case reset
  /// The engine stopped for an external cause (an audio interruption, the background, idling).
  case stopped
}

/// The haptics dependency, as closures (a `CHHapticEngine` on a device, a recorder in tests).
public struct HapticsClient {
  /// `CHHapticEngine.capabilitiesForHardware().supportsHaptics`.
  public var supportsHaptics: Bool
  /// Starts the engine.
  public var start: () throws -> Void
  /// Plays a pattern on a fresh player.
  public var play: ([HapticEvent]) throws -> Void
  /// Installs the one handler for a kind of notice (the engine's `resetHandler` or `stoppedHandler`).
  public var onNotice: (EngineNotice, @escaping () -> Void) -> Void

  /// Creates a client.
  public init(
    supportsHaptics: Bool, start: @escaping () throws -> Void, play: @escaping ([HapticEvent]) throws -> Void,
    onNotice: @escaping (EngineNotice, @escaping () -> Void) -> Void
  ) {
    self.supportsHaptics = supportsHaptics
    self.start = start
    self.play = play
    self.onNotice = onNotice
  }
}
