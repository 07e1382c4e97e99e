import AcceptanceCore

/// A naive save flow that plays the confirmation at tap time, before the save has succeeded.
///
/// Negative control for "play once after a successful save (not at tap time)": the user feels
/// a success haptic for a save that may still fail.
public final class PlaysOnTapSaveFlow: SaveFlowing {
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

  /// Plays the confirmation, then starts a save.
  @discardableResult
  public func tap() -> Bool {
    guard state != .saving else { return false }
    state = .saving
    do {
      try player.prepare()
      try player.play(confirmation)
    } catch {
      diagnostics.append(.playFailed(String(describing: error)))
    }
    saver.save { [weak self] result in
      switch result {
      case .success: self?.state = .saved
      case .failure(let message): self?.state = .failed(message)
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
