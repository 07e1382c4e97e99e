/// Plays haptic patterns; the effect a save flow injects (Core Haptics on a device, a recorder
/// in tests, nothing where haptics are off).
///
/// Both calls may throw (an engine that cannot start, a player invalidated by a reset); callers
/// record the error and carry on.
public protocol HapticPlayer: AnyObject {
  /// Gets ready to play with little latency (creates or restarts the engine).
  func prepare() throws
  /// Plays `pattern` once.
  func play(_ pattern: HapticPattern) throws
}

/// A player that does nothing, for hardware or settings without haptics.
public final class NoOpHapticPlayer: HapticPlayer {
  /// Creates the player.
  public init() {}

  /// Does nothing.
  public func prepare() throws {}

  /// Does nothing.
  public func play(_ pattern: HapticPattern) throws {}
}

/// Says whether the hardware can play haptics (`CHHapticEngine.capabilitiesForHardware()`).
public protocol HapticCapabilityProviding {
  /// Whether haptics can be felt; false on iPad and in the Simulator.
  var supportsHaptics: Bool { get }
}

/// A capability answer fixed at creation, for tests and for platforms without Core Haptics.
public struct FixedHapticCapability: HapticCapabilityProviding, Hashable, Sendable {
  /// Whether haptics can be felt.
  public var supportsHaptics: Bool

  /// Creates the answer.
  public init(supportsHaptics: Bool) {
    self.supportsHaptics = supportsHaptics
  }
}
