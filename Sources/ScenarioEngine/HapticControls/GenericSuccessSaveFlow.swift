import AcceptanceCore

/// A naive save flow that plays a generic "success" pattern of its own instead of the declared
/// contract, as apps do that reach for a stock notification haptic.
///
/// Negative control for the `haptic.contract` scenario. UIKit's `UINotificationFeedbackGenerator`
/// publishes no event list, so ``genericPattern`` is a stand-in (two taps), not a copy of it; what
/// matters is that it ignores the configured confirmation.
public final class GenericSuccessSaveFlow: SaveFlowing {
  /// The pattern this flow always plays.
  public static let genericPattern = HapticPattern(events: [
    .transient(intensity: 0.7, sharpness: 0.3), .transient(intensity: 1.0, sharpness: 0.7, at: 0.1),
  ])

  /// The visible state.
  public private(set) var state: SaveState = .idle
  /// Problems noticed along the way.
  public private(set) var diagnostics: [SaveFlowDiagnostic] = []
  private let saver: any Saver
  private let player: any HapticPlayer

  /// Creates the flow; there is deliberately no way to configure the pattern.
  public init(saver: any Saver, player: any HapticPlayer) {
    self.saver = saver
    self.player = player
  }

  /// Starts a save that plays ``genericPattern`` after success, preparing first.
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
          try player.prepare()
          try player.play(Self.genericPattern)
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
