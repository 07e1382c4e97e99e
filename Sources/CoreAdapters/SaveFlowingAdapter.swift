import AcceptanceCore
import QAPassHarness

/// A ``SaveFlowing`` save flow as a harness ``SaveFlowSubject``: the app's own flow, built with
/// the harness's saver and player, playing the app's own confirmation.
///
/// ```swift
/// /// The app's one "saved" confirmation, which its Save button plays.
/// func savedConfirmation() -> HapticPattern { .savedConfirmation(intensity: 1.0, sharpness: 0.5) }
///
/// /// What the app's `HarnessSubject` returns from `saveFlowSubject(for:environment:)`.
/// func saveButton(_ environment: SaveFlowEnvironment) -> any SaveFlowSubject {
///   SaveFlowingAdapter(environment) { saver, player, capability in
///     SaveFlow(saver: saver, player: player, capability: capability, confirmation: savedConfirmation())
///   }
/// }
/// ```
public final class SaveFlowingAdapter: SaveFlowSubject {
  /// The flow under test.
  public let flow: any SaveFlowing

  /// Builds the flow with the environment's saver, player and capability, each behind
  /// AcceptanceCore's protocols; the flow brings its own confirmation.
  public init(
    _ environment: SaveFlowEnvironment,
    make: (any Saver, any HapticPlayer, any HapticCapabilityProviding) -> any SaveFlowing
  ) {
    flow = make(
      HarnessSaver(environment.saver), HarnessHapticPlayer(environment.player),
      FixedHapticCapability(supportsHaptics: environment.supportsHaptics))
  }

  /// The flow's own confirmation (``SaveFlowing/confirmation``), as a pack writes events.
  public var confirmationPattern: [PackHapticEvent] { flow.confirmation.packEvents }
  /// Taps Save.
  public func tap() { flow.tap() }
  /// Forwards the engine reset.
  public func engineDidReset() { flow.engineDidReset() }
  /// Forwards the engine stop.
  public func engineDidStop() { flow.engineDidStop() }
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

/// ``SaveFlowingAdapter``'s name before it said that it adapts AcceptanceCore's `SaveFlowing`.
@available(*, deprecated, renamed: "SaveFlowingAdapter")
public typealias SaveFlowingSubject = SaveFlowingAdapter
