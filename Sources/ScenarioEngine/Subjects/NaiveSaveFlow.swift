import AcceptanceCore

/// A deliberately naive save flow with one documented ``Defect``: the negative control for a
/// haptic scenario.
///
/// Without a defect the flow would be a plain, reasonable save button: taps are ignored while a
/// save runs, the player is prepared before every play, the confirmation plays once after a
/// successful save, and a playback error becomes a diagnostic. Each defect changes exactly one of
/// those habits, so the scenario it fails pins down one flaw. Like every naive flow it never asks
/// whether the hardware supports haptics, so it also fails `haptic.unsupported-hardware`.
///
/// ```swift
/// let flow = NaiveSaveFlow(defect: .playsOnTap, saver: saver, player: player)
/// flow.tap()
/// player.playRequestCount   // 1: the user felt a success before the save finished
/// ```
public final class NaiveSaveFlow: SaveFlowing {
  /// The pattern a flow with ``Defect/genericPattern`` plays.
  ///
  /// UIKit's `UINotificationFeedbackGenerator` publishes no event list, so this is a stand-in
  /// (two taps), not a copy of it; what matters is that it ignores the configured confirmation.
  public static let genericPattern = HapticPattern(events: [
    .transient(intensity: 0.7, sharpness: 0.3), .transient(intensity: 1.0, sharpness: 0.7, at: 0.1),
  ])

  /// The message a flow with ``Defect/hapticErrorFailsSave`` shows when the haptic throws.
  public static let hapticFailureMessage = "Could not save. Try again."

  /// The visible state.
  public private(set) var state: SaveState = .idle
  /// Problems noticed along the way; always empty with ``Defect/hapticErrorFailsSave``.
  public private(set) var diagnostics: [SaveFlowDiagnostic] = []
  /// The flaw this flow is built with.
  public let defect: Defect
  private let saver: any Saver
  private let player: any HapticPlayer
  private let confirmation: HapticPattern
  private var prepared = false

  /// Creates the flow.
  ///
  /// - Parameters:
  ///   - defect: The flaw to build in.
  ///   - saver: Performs the save.
  ///   - player: Plays the confirmation.
  ///   - confirmation: The pattern to play; ignored with ``Defect/genericPattern``, which plays
  ///     ``genericPattern`` whatever is configured.
  public init(
    defect: Defect, saver: any Saver, player: any HapticPlayer,
    confirmation: HapticPattern = .savedConfirmation()
  ) {
    self.defect = defect
    self.saver = saver
    self.player = player
    self.confirmation = confirmation
  }

  /// Starts a save; ignored while one is running, unless the defect is ``Defect/unguardedTaps``.
  @discardableResult
  public func tap() -> Bool {
    if defect != .unguardedTaps {
      guard state != .saving else { return false }
    }
    state = .saving
    if defect == .playsOnTap { playRecordingErrors() }
    saver.save { [weak self] result in self?.finish(result) }
    return true
  }

  /// Ignored: this flow prepares before every play (or, with ``Defect/neverReprepares``, never again).
  public func engineDidReset() {}
  /// Ignored.
  public func didEnterBackground() {}
  /// Ignored.
  public func willEnterForeground() {}

  private func finish(_ result: SaveResult) {
    switch result {
    case .failure(let message):
      state = .failed(message)
      if defect == .playsAfterFailure { playRecordingErrors() }
    case .success:
      if defect == .hapticErrorFailsSave {
        do {
          try play()
          state = .saved
        } catch {
          state = .failed(Self.hapticFailureMessage)
        }
        return
      }
      state = .saved
      if defect != .playsOnTap { playRecordingErrors() }
    }
  }

  private func playRecordingErrors() {
    do {
      try play()
    } catch {
      diagnostics.append(.playFailed(String(describing: error)))
    }
  }

  private func play() throws {
    if !(defect == .neverReprepares && prepared) {
      try player.prepare()
      prepared = true
    }
    try player.play(defect == .genericPattern ? Self.genericPattern : confirmation)
  }
}
