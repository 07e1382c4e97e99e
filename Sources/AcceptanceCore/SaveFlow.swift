/// The save flow an app adopts: one save per tap, one confirmation haptic after success.
///
/// Rules:
/// - ``tap()`` starts one save (from idle, saved or failed); taps while saving start nothing
///   and play nothing.
/// - The confirmation plays once after a successful save — never at tap time, never after a
///   failure, never when the save ends in the background.
/// - Unsupported hardware plays nothing and still shows ``SaveState/saved``.
/// - A prepare or play error is recorded in ``diagnostics`` and never turns a successful save
///   into a failure.
/// - After ``engineDidReset()``, ``engineDidStop()`` or a background/foreground trip the player is
///   prepared again before the next play, also when the reset or stop arrives while a save is
///   running. The player is also prepared at tap time (when needed) so the confirmation has low
///   latency.
///
/// ```swift
/// import AcceptanceCoreTesting  // the controlled saver and the recording player
///
/// let saver = ControlledSaver()
/// let player = RecordingHapticPlayer()
/// let flow = SaveFlow(saver: saver, player: player, capability: FixedHapticCapability(supportsHaptics: true))
/// flow.tap()
/// saver.complete(.success)
/// flow.state                        // .saved
/// player.deliveredPatterns.count    // 1: one confirmation, after the save
/// ```
///
/// Confine a flow to one thread; a saver that finishes elsewhere must hop back before calling
/// its completion.
public final class SaveFlow: SaveFlowing {
  /// The visible state.
  public private(set) var state: SaveState = .idle {
    didSet { onStateChange?(state) }
  }
  /// Problems noticed along the way, in order.
  public private(set) var diagnostics: [SaveFlowDiagnostic] = []
  /// Called after every state change, for binding to a view.
  public var onStateChange: ((SaveState) -> Void)?
  /// The confirmation played after a successful save.
  public let confirmation: HapticPattern

  private let saver: any Saver
  private let player: any HapticPlayer
  private let capability: any HapticCapabilityProviding
  private var needsPrepare = true
  private var isInBackground = false
  private var currentSave = 0

  /// Creates a flow.
  ///
  /// - Parameters:
  ///   - saver: Performs the save.
  ///   - player: Plays the confirmation.
  ///   - capability: Whether the hardware supports haptics.
  ///   - confirmation: The pattern to play; defaults to ``HapticPattern/savedConfirmation(intensity:sharpness:delay:)``.
  public init(
    saver: any Saver, player: any HapticPlayer, capability: any HapticCapabilityProviding,
    confirmation: HapticPattern = .savedConfirmation()
  ) {
    self.saver = saver
    self.player = player
    self.capability = capability
    self.confirmation = confirmation
  }

  /// Starts a save unless one is running.
  @discardableResult
  public func tap() -> Bool {
    guard state != .saving else { return false }
    currentSave += 1
    let save = currentSave
    state = .saving
    if capability.supportsHaptics, needsPrepare { prepareIfNeeded() }
    saver.save { [weak self] result in
      self?.finish(save, with: result)
    }
    return true
  }

  /// Marks the player as needing preparation before the next play (Core Haptics' `resetHandler`).
  public func engineDidReset() {
    needsPrepare = true
  }

  /// Marks the player as needing preparation before the next play (Core Haptics' `stoppedHandler`:
  /// a stopped engine plays nothing until it is started again).
  public func engineDidStop() {
    needsPrepare = true
  }

  /// Notes that confirmations cannot be felt now and that the engine will have stopped.
  public func didEnterBackground() {
    isInBackground = true
    needsPrepare = true
  }

  /// Notes the return to the foreground; the next play prepares the player first.
  public func willEnterForeground() {
    isInBackground = false
    needsPrepare = true
  }

  private func finish(_ save: Int, with result: SaveResult) {
    guard save == currentSave, state == .saving else {
      diagnostics.append(.unexpectedCompletion)
      return
    }
    switch result {
    case .failure(let message):
      state = .failed(message)
    case .success:
      state = .saved
      playConfirmation()
    }
  }

  private func playConfirmation() {
    guard capability.supportsHaptics else { return }
    guard !isInBackground else {
      diagnostics.append(.playSkippedInBackground)
      return
    }
    let errors = confirmation.validate()
    guard errors.isEmpty else {
      diagnostics.append(.invalidPattern(errors))
      return
    }
    prepareIfNeeded()
    guard !needsPrepare else { return }
    do {
      try player.play(confirmation)
    } catch {
      diagnostics.append(.playFailed(String(describing: error)))
    }
  }

  private func prepareIfNeeded() {
    guard needsPrepare else { return }
    do {
      try player.prepare()
      needsPrepare = false
    } catch {
      diagnostics.append(.prepareFailed(String(describing: error)))
    }
  }
}
