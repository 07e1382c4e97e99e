/// One event of a haptic pattern, in Core Haptics' terms (`CHHapticEvent`).
public struct HapticEvent: Hashable, Sendable {
  /// The kind of event.
  public enum Kind: Hashable, Sendable {
    /// `.hapticTransient`: a tap.
    case transient
    /// `.hapticContinuous`: a buzz lasting `duration` seconds.
    case continuous(duration: Double)
  }

  /// The kind.
  public var kind: Kind
  /// Seconds from the start of the pattern (`relativeTime`).
  public var time: Double
  /// `.hapticIntensity`, 0…1.
  public var intensity: Double
  /// `.hapticSharpness`, 0…1.
  public var sharpness: Double

  /// Creates an event.
  public init(kind: Kind, time: Double, intensity: Double, sharpness: Double) {
    self.kind = kind
    self.time = time
    self.intensity = intensity
    self.sharpness = sharpness
  }
}

/// The "saved" confirmation: one firm transient tap at once. The Save button and the tests share this
/// one function (on a device: `CHHapticPattern(events: confirmationEvents().map(\.chHapticEvent), …)`).
public func confirmationEvents() -> [HapticEvent] {
  [HapticEvent(kind: .transient, time: 0, intensity: 1.0, sharpness: 0.5)]
}
