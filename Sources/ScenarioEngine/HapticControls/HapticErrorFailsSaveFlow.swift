import AcceptanceCore

/// A naive save flow that wraps the save's completion and the haptic in one `do`/`catch`, so a
/// playback error turns a successful save into a visible failure and leaves no diagnostic.
///
/// Negative control for the `haptic.playback-failure` scenario.
public final class HapticErrorFailsSaveFlow: SaveFlowing {
  /// The message shown when anything in the completion throws.
  public static let failureMessage = "Could not save. Try again."

  /// The visible state.
  public private(set) var state: SaveState = .idle
  /// Always empty: the error is shown as a save failure instead.
  public private(set) var diagnostics: [SaveFlowDiagnostic] = []
  private let saver: any Saver
  private let player: any HapticPlayer
  private let confirmation: HapticPattern

  /// Creates the flow.
  public init(saver: any Saver, player: any HapticPlayer, confirmation: HapticPattern = .savedConfirmation())
  {
    self.saver = saver
    self.player = player
    self.confirmation = confirmation
  }

  /// Starts a save whose success is shown only if the haptic also plays.
  @discardableResult
  public func tap() -> Bool {
    guard state != .saving else { return false }
    state = .saving
    saver.save { [weak self] result in
      guard let self else { return }
      do {
        if case .failure(let message) = result {
          state = .failed(message)
          return
        }
        try player.prepare()
        try player.play(confirmation)
        state = .saved
      } catch {
        state = .failed(Self.failureMessage)
      }
    }
    return true
  }

  /// Ignored: this flow prepares before every play.
  public func engineDidReset() {}
  /// Ignored.
  public func didEnterBackground() {}
  /// Ignored.
  public func willEnterForeground() {}
}
