/// One way a played pattern differs from the contract; indexes refer to canonical order.
public enum HapticMismatch: Hashable, Sendable, CustomStringConvertible {
  /// The number of events differs.
  case eventCount(expected: Int, actual: Int)
  /// An event has the wrong type.
  case eventType(index: Int, expected: HapticEvent.Kind, actual: HapticEvent.Kind)
  /// An event starts at the wrong time.
  case timing(index: Int, expected: Double, actual: Double)
  /// A continuous event lasts the wrong time.
  case duration(index: Int, expected: Double, actual: Double)
  /// An event parameter has the wrong value.
  case parameter(index: Int, parameter: HapticParameter, expected: Double, actual: Double)

  /// One sentence with both values, formatted like the canonical form.
  public var description: String {
    let f = HapticPattern.fixed3
    return switch self {
    case .eventCount(let expected, let actual):
      "expected \(expected) event(s), found \(actual)"
    case .eventType(let index, let expected, let actual):
      "event \(index): expected \(expected.rawValue), found \(actual.rawValue)"
    case .timing(let index, let expected, let actual):
      "event \(index): expected relative time \(f(expected)), found \(f(actual))"
    case .duration(let index, let expected, let actual):
      "event \(index): expected duration \(f(expected)), found \(f(actual))"
    case .parameter(let index, let parameter, let expected, let actual):
      "event \(index): expected \(parameter.rawValue) \(f(expected)), found \(f(actual))"
    }
  }
}

extension HapticPattern {
  /// How `actual` differs from this pattern taken as the contract; empty when they match.
  ///
  /// Both patterns are compared in canonical order, event by event over the common prefix, at
  /// the canonical resolution (three decimals), so an empty result means equal fingerprints.
  ///
  /// ```swift
  /// let contract = HapticPattern.savedConfirmation()
  /// contract.mismatches(against: .savedConfirmation(sharpness: 0.8))
  /// // [.parameter(index: 0, parameter: .sharpness, expected: 0.5, actual: 0.8)]
  /// ```
  ///
  /// - Parameter actual: The pattern that was (or would be) played.
  /// - Returns: Count, type, timing, duration and parameter differences, in that order per event.
  /// - Complexity: O(n log n) in the number of events.
  public func mismatches(against actual: HapticPattern) -> [HapticMismatch] {
    let expectedEvents = canonicalEvents
    let actualEvents = actual.canonicalEvents
    var result: [HapticMismatch] = []
    if expectedEvents.count != actualEvents.count {
      result.append(.eventCount(expected: expectedEvents.count, actual: actualEvents.count))
    }
    let same = { (a: Double, b: Double) in Self.fixed3(a) == Self.fixed3(b) }
    for (index, (e, a)) in zip(expectedEvents, actualEvents).enumerated() {
      if e.kind != a.kind {
        result.append(.eventType(index: index, expected: e.kind, actual: a.kind))
      }
      if !same(e.relativeTime, a.relativeTime) {
        result.append(.timing(index: index, expected: e.relativeTime, actual: a.relativeTime))
      }
      if (e.kind == .continuous || a.kind == .continuous) && !same(e.duration, a.duration) {
        result.append(.duration(index: index, expected: e.duration, actual: a.duration))
      }
      if !same(e.intensity, a.intensity) {
        result.append(
          .parameter(index: index, parameter: .intensity, expected: e.intensity, actual: a.intensity))
      }
      if !same(e.sharpness, a.sharpness) {
        result.append(
          .parameter(index: index, parameter: .sharpness, expected: e.sharpness, actual: a.sharpness))
      }
    }
    return result
  }
}
