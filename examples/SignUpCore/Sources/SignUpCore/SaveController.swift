import AcceptanceCore

/// The Save button, corrected: one save at a time, the confirmation only after a successful save
/// in the foreground, the engine started again after a reset, a stop or the background, and a
/// haptic error never shown to the user.
public final class SaveController {
  /// What the status label shows.
  public private(set) var status: SaveState = .idle
  /// Haptic problems, for the debug panel; never shown as a save error.
  public private(set) var hapticErrors: [String] = []
  private let saver: any ProfileSaving
  private let player: any ConfirmationPlaying
  private let supportsHaptics: Bool
  private let events: [HapticEvent]
  private var needsStart = true
  private var inBackground = false

  /// Creates the controller.
  public init(
    saver: any ProfileSaving, player: any ConfirmationPlaying, supportsHaptics: Bool,
    events: [HapticEvent] = confirmationEvents()
  ) {
    self.saver = saver
    self.player = player
    self.supportsHaptics = supportsHaptics
    self.events = events
  }

  /// The Save button's action; ignored while a save runs.
  public func saveTapped() {
    guard status != .saving else { return }
    status = .saving
    saver.save { [weak self] error in
      guard let self else { return }
      if let error {
        status = .failed(error)
      } else {
        status = .saved
        playConfirmation()
      }
    }
  }

  private func playConfirmation() {
    guard supportsHaptics, !inBackground else { return }
    do {
      if needsStart {
        try player.start()
        needsStart = false
      }
      try player.play(events)
    } catch {
      hapticErrors.append(String(describing: error))
    }
  }

  /// `CHHapticEngine.resetHandler`: players are invalid and the engine must be started again.
  public func engineDidReset() { needsStart = true }
  /// `CHHapticEngine.stoppedHandler` (an audio interruption, the background): the engine must be
  /// started again before the next play, also when it stopped while a save was running.
  public func engineDidStop() { needsStart = true }
  /// `didEnterBackgroundNotification`.
  public func didEnterBackground() {
    inBackground = true
    needsStart = true
  }
  /// `willEnterForegroundNotification`.
  public func willEnterForeground() {
    inBackground = false
    needsStart = true
  }
}
