import AcceptanceCore

/// The Save button as the articles write it: start the engine once, save, play
/// `confirmationEvents()` when the save succeeds.
///
/// ```swift
/// @IBAction func saveTapped() {
///   api.save { error in
///     self.statusLabel.text = error ?? "Saved"
///     if error == nil { try? self.player.start() ... }
///   }
/// }
/// ```
///
/// Kept as written on purpose: no guard against taps while a save runs, nothing re-starts the
/// engine after a reset or a stop, and a save that completes in the background still plays.
public final class ArticleSaveController {
  /// What the status label shows.
  public private(set) var status: SaveState = .idle
  private let saver: any ProfileSaving
  private let player: any ConfirmationPlaying
  private let supportsHaptics: Bool
  private let events: [HapticEvent]
  private var started = false

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

  /// The Save button's action.
  public func saveTapped() {
    status = .saving
    saver.save { [weak self] error in
      guard let self else { return }
      if let error {
        status = .failed(error)
        return
      }
      status = .saved
      guard supportsHaptics else { return }
      if !started {
        try? player.start()
        started = true
      }
      try? player.play(events)
    }
  }

  /// Not wired in the articles.
  public func engineDidReset() {}
  /// Not wired in the articles.
  public func engineDidStop() {}
  /// Not wired in the articles.
  public func didEnterBackground() {}
  /// Not wired in the articles.
  public func willEnterForeground() {}
}
