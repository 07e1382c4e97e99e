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

  /// `transient t=0.000 i=1.000 s=0.500`: parameters compared to the millisecond / thousandth.
  public var description: String {
    var text = type + " t=" + Self.fixed3(time)
    if type == "continuous" { text += " d=" + Self.fixed3(duration) }
    return text + " i=" + Self.fixed3(intensity) + " s=" + Self.fixed3(sharpness)
  }

  /// Whether two patterns are the same to three decimals, in time order.
  public static func samePattern(_ lhs: [PackHapticEvent], _ rhs: [PackHapticEvent]) -> Bool {
    lhs.map(\.description).sorted() == rhs.map(\.description).sorted()
  }

  static func fixed3(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    let milli = Int64((value * 1000).rounded(.toNearestOrAwayFromZero))
    let magnitude = milli.magnitude
    let fraction = String(magnitude % 1000)
    return (milli < 0 ? "-" : "") + String(magnitude / 1000) + "."
      + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}
