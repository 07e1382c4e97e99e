import AcceptanceCore

/// A naive save flow that plays the confirmation when the save ends, whatever the outcome.
///
/// Negative control for "never play after a failure": the user feels a success haptic while
/// the screen says the save failed.
public final class PlaysAfterFailureSaveFlow: SaveFlowing {
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

  /// Starts a save that plays the confirmation on completion.
  @discardableResult
  public func tap() -> Bool {
    guard state != .saving else { return false }
    state = .saving
    saver.save { [weak self] result in
      guard let self else { return }
      switch result {
      case .success: state = .saved
      case .failure(let message): state = .failed(message)
      }
      do {
        try player.prepare()
        try player.play(confirmation)
      } catch {
        diagnostics.append(.playFailed(String(describing: error)))
      }
    }
    return true
  }

  /// Ignored: this flow prepares before every play anyway.
  public func engineDidReset() {}
  /// Ignored.
  public func didEnterBackground() {}
  /// Ignored.
  public func willEnterForeground() {}
}
