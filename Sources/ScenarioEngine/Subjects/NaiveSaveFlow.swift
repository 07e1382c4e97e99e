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
/// import AcceptanceCoreTesting  // the controlled saver and the recording player
///
/// let saver = ControlledSaver()
/// let player = RecordingHapticPlayer()
/// let flow = NaiveSaveFlow(defect: .playsOnTap, saver: saver, player: player)
/// flow.tap()
/// player.playRequestCount   // 1: the user felt a success before the save finished
/// ```
package final class NaiveSaveFlow: SaveFlowing {
  /// The pattern a flow with ``Defect/genericPattern`` plays, and the own confirmation of one with
  /// ``Defect/offContractPattern``.
  ///
  /// UIKit's `UINotificationFeedbackGenerator` publishes no event list, so this is a stand-in
  /// (two taps), not a copy of it; what matters is that it is neither the configured confirmation
  /// nor any contract a matrix is likely to declare.
  package static let genericPattern = HapticPattern(events: [
    .transient(intensity: 0.7, sharpness: 0.3), .transient(intensity: 1.0, sharpness: 0.7, at: 0.1),
  ])

  /// The message a flow with ``Defect/hapticErrorFailsSave`` shows when the haptic throws.
  package static let hapticFailureMessage = "Could not save. Try again."

  /// The visible state.
  package private(set) var state: SaveState = .idle
  /// Problems noticed along the way; always empty with ``Defect/hapticErrorFailsSave``.
  package private(set) var diagnostics: [SaveFlowDiagnostic] = []
  /// The flaw this flow is built with.
  package let defect: Defect
  /// The flow's own confirmation: the one it was built with, or ``genericPattern`` with
  /// ``Defect/offContractPattern``.
  package let confirmation: HapticPattern
  private let saver: any Saver
  private let player: any HapticPlayer
  /// Whether the flow believes the player is prepared (the defects that track it).
  private var prepared = false
  /// Set by a tap, cleared when a save ends (only by a success with ``Defect/inFlightAfterFailure``).
  private var inFlight = false

  /// Creates the flow.
  ///
  /// - Parameters:
  ///   - defect: The flaw to build in.
  ///   - saver: Performs the save.
  ///   - player: Plays the confirmation.
  ///   - confirmation: The flow's own pattern; replaced by ``genericPattern`` with
  ///     ``Defect/offContractPattern``, and not what plays with ``Defect/genericPattern``.
  package init(
    defect: Defect, saver: any Saver, player: any HapticPlayer,
    confirmation: HapticPattern = .savedConfirmation()
  ) {
    self.defect = defect
    self.saver = saver
    self.player = player
    self.confirmation = defect == .offContractPattern ? Self.genericPattern : confirmation
  }

  /// Starts a save; ignored while one is running, unless the defect is ``Defect/unguardedTaps``.
  @discardableResult
  package func tap() -> Bool {
    if defect != .unguardedTaps {
      guard !inFlight else { return false }
    }
    inFlight = true
    state = .saving
    if defect == .preparesAtTapOnly { prepareRecordingErrors() }
    if defect == .playsOnTap { playRecordingErrors() }
    saver.save { [weak self] result in self?.finish(result) }
    return true
  }

  /// Notes that the player must be prepared again.
  package func engineDidReset() { losePreparation() }
  /// Notes that the player must be prepared again; ignored with ``Defect/ignoresEngineStop``.
  package func engineDidStop() {
    if defect != .ignoresEngineStop { losePreparation() }
  }
  /// Notes that the player must be prepared again.
  package func didEnterBackground() { losePreparation() }
  /// Notes that the player must be prepared again.
  package func willEnterForeground() { losePreparation() }

  /// Forgets the preparation, except with ``Defect/neverReprepares``, which never prepares again.
  private func losePreparation() {
    if defect != .neverReprepares { prepared = false }
  }

  private func finish(_ result: SaveResult) {
    if defect != .inFlightAfterFailure || result == .success { inFlight = false }
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

  private func prepareRecordingErrors() {
    do {
      try player.prepare()
      prepared = true
    } catch {
      diagnostics.append(.prepareFailed(String(describing: error)))
    }
  }

  /// Prepares as the defect has it (before every play, without one), then plays.
  private func play() throws {
    switch defect {
    case .neverReprepares, .ignoresEngineStop:
      // Once only (no handler clears it), or whenever a handler said so.
      if !prepared {
        try player.prepare()
        prepared = true
      }
    case .preparesAtTapOnly:
      break
    default:
      try player.prepare()
    }
    try player.play(defect == .genericPattern ? Self.genericPattern : confirmation)
  }
}
