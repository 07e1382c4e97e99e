import AcceptanceCore

/// A naive save flow with no in-flight guard: every tap starts a save, and every successful save
/// plays the confirmation.
///
/// Negative control for the `haptic.rapid-taps` scenario: three quick taps save three times and
/// buzz three times.
public final class UnguardedSaveFlow: SaveFlowing {
  /// The visible state.
  public private(set) var state: SaveState = .idle
  /// Problems noticed along the way.
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

  /// Starts a save, even while one is running.
  @discardableResult
  public func tap() -> Bool {
    state = .saving
    saver.save { [weak self] result in
      guard let self else { return }
      switch result {
      case .failure(let message):
        state = .failed(message)
      case .success:
        state = .saved
        do {
          try player.prepare()
          try player.play(confirmation)
        } catch {
          diagnostics.append(.playFailed(String(describing: error)))
        }
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
