import AcceptanceCore

/// The "saved" haptic, as the articles build it: one transient tap at once. The app and its tests
/// share this one function.
///
/// ```swift
/// let pattern = try CHHapticPattern(events: confirmationEvents().map(\.chHapticEvent), parameters: [])
/// ```
public func confirmationEvents(intensity: Double = 1.0, sharpness: Double = 0.5) -> [HapticEvent] {
  [.transient(intensity: intensity, sharpness: sharpness, at: 0)]
}

/// Saves the profile; the app's network layer.
public protocol ProfileSaving: AnyObject {
  /// Saves, then calls `completion` with `nil` or the error message.
  func save(completion: @escaping (String?) -> Void)
}

/// The haptic engine as the form uses it (a `CHHapticEngine` and pattern player on a device).
public protocol ConfirmationPlaying: AnyObject {
  /// `engine.start()`.
  func start() throws
  /// Plays `events`.
  func play(_ events: [HapticEvent]) throws
}
