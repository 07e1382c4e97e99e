// An event's kind is the one a matrix's haptic contract writes: the app sees that one type of QAModel,
// not the rest of it (a scoped re-export, as QAPassHarness re-exports `Outcome`).
@_exported import enum QAModel.HapticEventKind

/// One haptic event of a pattern, as plain values (what `CHHapticEvent` is built from).
///
/// Intensity and sharpness are `hapticIntensity` / `hapticSharpness` in 0...1; `relativeTime`
/// is seconds from the start of the pattern (>= 0); `duration` is seconds and must be > 0 for a
/// continuous event and 0 for a transient one. Nothing traps on bad values:
/// ``HapticPattern/validate()`` reports them as ``HapticSpecError``s.
///
/// ```swift
/// let tap = HapticEvent.transient(intensity: 1, sharpness: 0.5)
/// let buzz = HapticEvent.continuous(intensity: 0.6, sharpness: 0.2, at: 0.05, duration: 0.3)
/// ```
public struct HapticEvent: Hashable, Sendable {
  /// `CHHapticEvent.EventType` for haptics: ``QAModel/HapticEventKind``, the one kind a matrix's haptic
  /// contract and an app's pattern share.
  public typealias Kind = HapticEventKind

  /// The event type.
  public var kind: Kind
  /// `hapticIntensity`, 0...1.
  public var intensity: Double
  /// `hapticSharpness`, 0...1.
  public var sharpness: Double
  /// Seconds from the start of the pattern, >= 0.
  public var relativeTime: Double
  /// Seconds; > 0 for continuous events, 0 for transient ones.
  public var duration: Double

  /// Creates an event from its values, unchecked.
  public init(kind: Kind, intensity: Double, sharpness: Double, relativeTime: Double, duration: Double) {
    self.kind = kind
    self.intensity = intensity
    self.sharpness = sharpness
    self.relativeTime = relativeTime
    self.duration = duration
  }

  /// A transient event.
  public static func transient(intensity: Double, sharpness: Double, at relativeTime: Double = 0)
    -> HapticEvent
  {
    HapticEvent(
      kind: .transient, intensity: intensity, sharpness: sharpness, relativeTime: relativeTime, duration: 0)
  }

  /// A continuous event.
  public static func continuous(
    intensity: Double, sharpness: Double, at relativeTime: Double = 0, duration: Double
  ) -> HapticEvent {
    HapticEvent(
      kind: .continuous, intensity: intensity, sharpness: sharpness, relativeTime: relativeTime,
      duration: duration)
  }
}

/// A named parameter of a haptic event.
public enum HapticParameter: String, Hashable, Sendable, CaseIterable {
  /// `hapticIntensity`.
  case intensity
  /// `hapticSharpness`.
  case sharpness
}

/// A problem with a haptic pattern's values; indexes refer to the pattern's event list.
public enum HapticSpecError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The pattern has no events.
  case emptyPattern
  /// Intensity or sharpness is not a number in 0...1.
  case parameterOutOfRange(eventIndex: Int, parameter: HapticParameter, value: Double)
  /// The relative time is negative or not finite.
  case invalidRelativeTime(eventIndex: Int, value: Double)
  /// A continuous event's duration is not a finite number > 0.
  case nonPositiveDuration(eventIndex: Int, value: Double)
  /// A transient event has a duration other than 0.
  case durationOnTransient(eventIndex: Int, value: Double)

  /// One sentence naming the event, what was found and what was expected.
  public var description: String {
    switch self {
    case .emptyPattern:
      "the pattern has no events; expected at least one"
    case .parameterOutOfRange(let index, let parameter, let value):
      "event \(index): \(parameter.rawValue) \(value) is outside 0...1"
    case .invalidRelativeTime(let index, let value):
      "event \(index): relative time \(value) must be a finite number >= 0"
    case .nonPositiveDuration(let index, let value):
      "event \(index): continuous event duration \(value) must be a finite number > 0"
    case .durationOnTransient(let index, let value):
      "event \(index): transient event has duration \(value); expected 0"
    }
  }
}
