/// The type of one haptic event, `CHHapticEvent.EventType`'s two haptic types: what a matrix file's
/// haptic contract writes (`type: transient`) and what an app's pattern plays.
///
/// ```swift
/// HapticEventKind(rawValue: "transient")  // .transient
/// HapticEventKind.allCases.map(\.rawValue)  // ["transient", "continuous"]
/// ```
public enum HapticEventKind: String, Hashable, Sendable, CaseIterable {
  /// `hapticTransient`: a short tap.
  case transient
  /// `hapticContinuous`: a vibration with a duration.
  case continuous
}
