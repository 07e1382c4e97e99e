import AcceptanceCore
import QAPassHarness

/// A ``SaveFlowing`` save flow as a harness ``SaveFlowSubject``.
///
/// ```swift
/// let subject = SaveFlowingSubject(environment) { saver, player, capability, confirmation in
///   SaveFlow(saver: saver, player: player, capability: capability, confirmation: confirmation)
/// }
/// ```
public final class SaveFlowingSubject: SaveFlowSubject {
  /// The flow under test.
  public let flow: any SaveFlowing

  /// Builds the flow with the environment's saver, player, capability and confirmation, each
  /// behind AcceptanceCore's protocols.
  public init(
    _ environment: SaveFlowEnvironment,
    make: (any Saver, any HapticPlayer, any HapticCapabilityProviding, HapticPattern) -> any SaveFlowing
  ) {
    flow = make(
      HarnessSaver(environment.saver), HarnessHapticPlayer(environment.player),
      FixedHapticCapability(supportsHaptics: environment.supportsHaptics),
      HapticPattern(packEvents: environment.confirmation))
  }

  /// Taps Save.
  public func tap() { flow.tap() }
  /// Forwards the engine reset.
  public func engineDidReset() { flow.engineDidReset() }
  /// A stopped engine, for AcceptanceCore, is a reset: the player is prepared again before the next play.
  public func engineDidStop() { flow.engineDidReset() }
  /// Forwards the background.
  public func didEnterBackground() { flow.didEnterBackground() }
  /// Forwards the foreground.
  public func willEnterForeground() { flow.willEnterForeground() }

  /// The flow's state, as the screen shows it.
  public var visibleResult: VisibleSaveResult {
    switch flow.state {
    case .idle: .idle
    case .saving: .saving
    case .saved: .saved
    case .failed: .failed
    }
  }

  /// The flow's diagnostics.
  public var diagnosticCount: Int? { flow.diagnostics.count }
}

/// The harness's ``ScriptedSaver`` behind AcceptanceCore's ``Saver``.
public final class HarnessSaver: Saver {
  private let saver: ScriptedSaver

  /// Wraps `saver`.
  public init(_ saver: ScriptedSaver) { self.saver = saver }

  /// Starts a save the script completes.
  public func save(completion: @escaping (SaveResult) -> Void) {
    saver.save { outcome in
      switch outcome {
      case .success: completion(.success)
      case .failure(let message): completion(.failure(message))
      }
    }
  }
}

/// The harness's ``RecordingPlayer`` behind AcceptanceCore's ``HapticPlayer``.
public final class HarnessHapticPlayer: HapticPlayer {
  private let player: RecordingPlayer

  /// Wraps `player`.
  public init(_ player: RecordingPlayer) { self.player = player }

  /// Prepares the recording player.
  public func prepare() throws { try player.prepare() }

  /// Plays `pattern` on the recording player.
  public func play(_ pattern: HapticPattern) throws { try player.play(pattern.packEvents) }
}

extension HapticPattern {
  /// A pattern from a pack's events.
  public init(packEvents: [PackHapticEvent]) {
    self.init(
      events: packEvents.map {
        HapticEvent(
          kind: $0.type == "continuous" ? .continuous : .transient, intensity: $0.intensity,
          sharpness: $0.sharpness,
          relativeTime: $0.time, duration: $0.duration)
      })
  }

  /// The pattern's events in canonical order, as a pack writes them.
  public var packEvents: [PackHapticEvent] {
    canonicalEvents.map {
      PackHapticEvent(
        type: $0.kind.rawValue, time: $0.relativeTime, intensity: $0.intensity, sharpness: $0.sharpness,
        duration: $0.duration)
    }
  }
}
