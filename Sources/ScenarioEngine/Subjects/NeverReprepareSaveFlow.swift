import AcceptanceCore

/// A naive save flow that prepares the player once and never again.
///
/// Negative control for "after an engine reset or a return from background, prepare again
/// before the next play": with Core Haptics the next confirmation is silently lost (or fails
/// with `engineNotRunning`); ``RecordingHapticPlayer`` records it as
/// ``RecordingHapticPlayer/PlayOutcome/lostUnprepared``.
public final class NeverReprepareSaveFlow: SaveFlowing {
  /// The visible state.
  public private(set) var state: SaveState = .idle
  /// Problems noticed along the way.
  public private(set) var diagnostics: [SaveFlowDiagnostic] = []
  private let saver: any Saver
  private let player: any HapticPlayer
  private let confirmation: HapticPattern
  private var prepared = false

  /// Creates the flow.
  public init(saver: any Saver, player: any HapticPlayer, confirmation: HapticPattern = .savedConfirmation())
  {
    self.saver = saver
    self.player = player
    self.confirmation = confirmation
  }

  /// Starts a save that plays the confirmation after success, preparing only the first time.
  @discardableResult
  public func tap() -> Bool {
    guard state != .saving else { return false }
    state = .saving
    saver.save { [weak self] result in
      guard let self else { return }
      switch result {
      case .failure(let message):
        state = .failed(message)
      case .success:
        state = .saved
        do {
          if !prepared {
            try player.prepare()
            prepared = true
          }
          try player.play(confirmation)
        } catch {
          diagnostics.append(.playFailed(String(describing: error)))
        }
      }
    }
    return true
  }

  /// Ignored: the flaw under test.
  public func engineDidReset() {}
  /// Ignored: the flaw under test.
  public func didEnterBackground() {}
  /// Ignored: the flaw under test.
  public func willEnterForeground() {}
}
