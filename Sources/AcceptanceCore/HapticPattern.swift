import Digests

/// A haptic pattern: a list of events with a canonical text form and a stable fingerprint.
///
/// The canonical form lists the events sorted by time (then type, duration, intensity,
/// sharpness), one per line, every number with exactly three decimals, so that the same
/// pattern always prints the same bytes on every platform:
///
/// ```text
/// haptic-pattern/1
/// transient t=0.000 i=1.000 s=0.500
/// ```
///
/// The ``fingerprint`` is `sha256:` and the first 12 hex digits of the SHA-256 of that text.
/// Values closer than 0.0005 therefore share a fingerprint, and ``mismatches(against:)`` uses
/// the same resolution, so "no mismatch" and "same fingerprint" agree.
public struct HapticPattern: Hashable, Sendable {
  /// The events, in the order given.
  public var events: [HapticEvent]

  /// Creates a pattern from events, unchecked (see ``validate()``).
  public init(events: [HapticEvent]) {
    self.events = events
  }

  /// The pattern an app plays after a successful save, shared by the app and the checks.
  ///
  /// Default: one transient event at time 0 with intensity 1.0 (a clearly felt confirmation)
  /// and sharpness 0.5 (neither dull nor clicky, the middle of the range). A matrix file's
  /// haptic contract can override each value.
  ///
  /// - Parameters:
  ///   - intensity: `hapticIntensity`, 0...1; default 1.0.
  ///   - sharpness: `hapticSharpness`, 0...1; default 0.5.
  ///   - delay: Seconds before the event; default 0.
  /// - Returns: A one-event pattern.
  public static func savedConfirmation(intensity: Double = 1.0, sharpness: Double = 0.5, delay: Double = 0)
    -> HapticPattern
  {
    HapticPattern(events: [.transient(intensity: intensity, sharpness: sharpness, at: delay)])
  }

  /// Every problem with the pattern's values, in event order; empty when it can be played.
  public func validate() -> [HapticSpecError] {
    if events.isEmpty { return [.emptyPattern] }
    var errors: [HapticSpecError] = []
    for (index, event) in events.enumerated() {
      for (parameter, value) in [(HapticParameter.intensity, event.intensity), (.sharpness, event.sharpness)]
      where !(value >= 0 && value <= 1) {
        errors.append(.parameterOutOfRange(eventIndex: index, parameter: parameter, value: value))
      }
      if !(event.relativeTime.isFinite && event.relativeTime >= 0) {
        errors.append(.invalidRelativeTime(eventIndex: index, value: event.relativeTime))
      }
      switch event.kind {
      case .continuous where !(event.duration.isFinite && event.duration > 0):
        errors.append(.nonPositiveDuration(eventIndex: index, value: event.duration))
      case .transient where event.duration != 0:
        errors.append(.durationOnTransient(eventIndex: index, value: event.duration))
      default:
        break
      }
    }
    return errors
  }

  /// The events in canonical order: by time, type, duration, intensity, sharpness.
  public var canonicalEvents: [HapticEvent] {
    events.sorted { lhs, rhs in
      let l = Self.orderKey(lhs)
      let r = Self.orderKey(rhs)
      return l.lexicographicallyPrecedes(r)
    }
  }

  /// The canonical text form (see the type's discussion); ends with a newline.
  public var canonicalForm: String {
    var text = "haptic-pattern/1\n"
    for event in canonicalEvents {
      text += event.kind.rawValue
      text += " t=" + Self.fixed3(event.relativeTime)
      if event.kind == .continuous { text += " d=" + Self.fixed3(event.duration) }
      text += " i=" + Self.fixed3(event.intensity)
      text += " s=" + Self.fixed3(event.sharpness)
      text += "\n"
    }
    return text
  }

  /// `sha256:` and the first 12 hex digits of the SHA-256 of ``canonicalForm``.
  public var fingerprint: String {
    "sha256:" + String(Digest.sha256Hex(of: canonicalForm).prefix(12))
  }

  /// `value` with exactly three decimals, rounded half away from zero (`1` → `1.000`,
  /// `0.0005` → `0.001`); `nan`, `inf` and `-inf` for non-finite values. Deterministic on every
  /// platform: no locale, no `printf`. The text every number of ``canonicalForm`` has.
  public static func fixed3(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    let scaled = (value * 1000).rounded(.toNearestOrAwayFromZero)
    guard abs(scaled) < 9e15 else { return "\(value)" }
    let milli = Int64(scaled)
    let sign = milli < 0 ? "-" : ""
    let magnitude = milli.magnitude
    let fraction = String(magnitude % 1000)
    return sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count)
      + fraction
  }

  /// Sort key with every value rounded to the canonical resolution; NaN sorts last.
  private static func orderKey(_ event: HapticEvent) -> [Double] {
    [
      event.relativeTime, event.kind == .transient ? 0 : 1, event.duration, event.intensity,
      event.sharpness,
    ].map { $0.isNaN ? .infinity : ($0 * 1000).rounded(.toNearestOrAwayFromZero) }
  }
}
