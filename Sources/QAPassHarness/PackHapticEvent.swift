/// One event of a haptic pattern, as a pack carries it (Core Haptics' `CHHapticEvent` terms).
public struct PackHapticEvent: Codable, Hashable, Sendable, CustomStringConvertible {
  /// `transient` (a tap) or `continuous` (a buzz with a duration).
  public var type: String
  /// Seconds from the start of the pattern.
  public var time: Double
  /// `hapticIntensity`, 0…1.
  public var intensity: Double
  /// `hapticSharpness`, 0…1.
  public var sharpness: Double
  /// Seconds; 0 for a transient event.
  public var duration: Double

  /// Creates an event.
  public init(type: String, time: Double, intensity: Double, sharpness: Double, duration: Double = 0) {
    self.type = type
    self.time = time
    self.intensity = intensity
    self.sharpness = sharpness
    self.duration = duration
  }

  /// A transient event (a tap): `CHHapticEvent(eventType: .hapticTransient, …)`.
  public static func transient(time: Double = 0, intensity: Double, sharpness: Double) -> PackHapticEvent {
    PackHapticEvent(type: "transient", time: time, intensity: intensity, sharpness: sharpness)
  }

  /// A continuous event (a buzz): `CHHapticEvent(eventType: .hapticContinuous, …, duration:)`.
  public static func continuous(time: Double = 0, intensity: Double, sharpness: Double, duration: Double)
    -> PackHapticEvent
  {
    PackHapticEvent(
      type: "continuous", time: time, intensity: intensity, sharpness: sharpness, duration: duration)
  }

  /// `transient t=0.000 i=1.000 s=0.500`: parameters compared to the millisecond / thousandth.
  public var description: String {
    var text = type + " t=" + Self.fixed3(time)
    if type == "continuous" { text += " d=" + Self.fixed3(duration) }
    return text + " i=" + Self.fixed3(intensity) + " s=" + Self.fixed3(sharpness)
  }

  /// Whether two patterns are the same to three decimals, in time order: no
  /// ``differences(_:from:)``.
  public static func samePattern(_ lhs: [PackHapticEvent], _ rhs: [PackHapticEvent]) -> Bool {
    differences(lhs, from: rhs).isEmpty
  }

  /// `transient t=0.000 i=1.000 s=0.500; continuous t=0.050 d=0.250 i=0.400 s=0.200`: the events in
  /// time order, or `no events`.
  public static func describe(_ pattern: [PackHapticEvent]) -> String {
    pattern.isEmpty ? "no events" : canonical(pattern).map(\.description).joined(separator: "; ")
  }

  /// How `pattern` differs from `contract`, one phrase per difference; empty when they match.
  ///
  /// Both are taken in time order (then type, duration, intensity, sharpness). The event count,
  /// then for each event of the common prefix its type, time, duration (when either event is
  /// continuous), intensity and sharpness are compared to the thousandth: two values match when
  /// they round to the same three decimals, the resolution of the pattern fingerprint a tester
  /// records (a Swift `0.65` and a YAML `0.65` match; `0.65` and `0.651` do not).
  ///
  /// ```swift
  /// PackHapticEvent.differences([.transient(intensity: 0.65, sharpness: 0.35)],
  ///                             from: [.transient(intensity: 1, sharpness: 0.5)])
  /// // ["event 1: intensity 0.650, expected 1.000", "event 1: sharpness 0.350, expected 0.500"]
  /// ```
  ///
  /// - Complexity: O(n log n) in the number of events.
  public static func differences(_ pattern: [PackHapticEvent], from contract: [PackHapticEvent]) -> [String] {
    let actual = canonical(pattern)
    let expected = canonical(contract)
    var found: [String] = []
    if actual.count != expected.count {
      found.append("\(actual.count) event(s), expected \(expected.count)")
    }
    for (index, (a, e)) in zip(actual, expected).enumerated() {
      let event = "event \(index + 1): "
      if a.type != e.type { found.append(event + "\(a.type), expected \(e.type)") }
      var values = [("time", a.time, e.time)]
      if a.type == "continuous" || e.type == "continuous" {
        values.append(("duration", a.duration, e.duration))
      }
      values += [("intensity", a.intensity, e.intensity), ("sharpness", a.sharpness, e.sharpness)]
      for (name, seen, wanted) in values where fixed3(seen) != fixed3(wanted) {
        found.append(event + "\(name) \(fixed3(seen)), expected \(fixed3(wanted))")
      }
    }
    return found
  }

  /// The events in time order, then type (transient first), duration, intensity and sharpness, at three decimals.
  static func canonical(_ pattern: [PackHapticEvent]) -> [PackHapticEvent] {
    func milli(_ value: Double) -> Double {
      value.isNaN ? .infinity : (value * 1000).rounded(.toNearestOrAwayFromZero)
    }
    func rank(_ type: String) -> Int { type == "transient" ? 0 : type == "continuous" ? 1 : 2 }
    return pattern.sorted { lhs, rhs in
      if milli(lhs.time) != milli(rhs.time) { return milli(lhs.time) < milli(rhs.time) }
      if lhs.type != rhs.type { return (rank(lhs.type), lhs.type) < (rank(rhs.type), rhs.type) }
      let l = [lhs.duration, lhs.intensity, lhs.sharpness].map(milli)
      return l.lexicographicallyPrecedes([rhs.duration, rhs.intensity, rhs.sharpness].map(milli))
    }
  }

  /// `value` with exactly three decimals, rounded half away from zero; the Swift spelling of values
  /// too large for that (a hand-written pack's `1e300`), never a trap.
  static func fixed3(_ value: Double) -> String {
    let scaled = (value * 1000).rounded(.toNearestOrAwayFromZero)
    guard scaled.isFinite, abs(scaled) < 9e15 else { return "\(value)" }
    let milli = Int64(scaled)
    let magnitude = milli.magnitude
    let fraction = String(magnitude % 1000)
    return (milli < 0 ? "-" : "") + String(magnitude / 1000) + "."
      + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}
