#if canImport(CoreHaptics)
  import CoreHaptics
  import Foundation

  /// The hardware capability as Core Haptics reports it.
  public struct CoreHapticsCapability: HapticCapabilityProviding {
    /// Creates the provider.
    public init() {}

    /// `CHHapticEngine.capabilitiesForHardware().supportsHaptics`.
    public var supportsHaptics: Bool {
      CHHapticEngine.capabilitiesForHardware().supportsHaptics
    }
  }

  /// A ``HapticPlayer`` backed by one `CHHapticEngine` (Apple platforms only).
  ///
  /// Each play builds a fresh pattern player, so a player invalidated by an engine reset or
  /// silenced by a stop is never reused. The engine's `stoppedHandler` (background, audio
  /// interruption) marks it as needing a start; its `resetHandler` restarts it, as Apple's
  /// sample does, and marks it as needing a start if that fails. Both handlers run on a
  /// non-main thread, hence the lock; each then calls ``onEngineReset`` or ``onEngineStopped`` on
  /// the main queue, so the save flow hears of it:
  ///
  /// ```swift
  /// final class ProfileAPI: Saver {
  ///   func save(completion: @escaping (SaveResult) -> Void) { completion(.success) }
  /// }
  /// let player = CoreHapticsPlayer()
  /// let flow = SaveFlow(saver: ProfileAPI(), player: player, capability: CoreHapticsCapability())
  /// player.onEngineReset = { flow.engineDidReset() }
  /// player.onEngineStopped = { flow.engineDidStop() }
  /// ```
  public final class CoreHapticsPlayer: HapticPlayer, @unchecked Sendable {
    private let lock = NSLock()
    private var engine: CHHapticEngine?
    private var needsStart = true
    /// Called on the main queue after Core Haptics reset the engine (`resetHandler`).
    public var onEngineReset: (() -> Void)?
    /// Called on the main queue after Core Haptics stopped the engine (`stoppedHandler`: the app
    /// went to the background, an audio interruption, an idle timeout).
    public var onEngineStopped: (() -> Void)?

    /// Creates the player; the engine is created on the first ``prepare()``.
    public init() {}

    /// Creates the engine if needed and starts it if it is not running.
    ///
    /// - Throws: The `CHHapticError` from creating or starting the engine.
    public func prepare() throws {
      let engine = try currentEngine()
      guard takeNeedsStart() else { return }
      do {
        try engine.start()
      } catch {
        setNeedsStart()
        throw error
      }
    }

    /// Starts the engine if needed, then plays `pattern` on a new pattern player.
    ///
    /// - Throws: ``CoreHapticsPlayerError/invalidPattern(_:)`` for an invalid pattern, or the
    ///   `CHHapticError` from Core Haptics.
    public func play(_ pattern: HapticPattern) throws {
      let errors = pattern.validate()
      guard errors.isEmpty else { throw CoreHapticsPlayerError.invalidPattern(errors) }
      try prepare()
      let engine = try currentEngine()
      let hapticPattern = try CHHapticPattern(events: pattern.events.map(Self.event), parameters: [])
      let player = try engine.makePlayer(with: hapticPattern)
      try player.start(atTime: CHHapticTimeImmediate)
    }

    /// Maps one event spec to a `CHHapticEvent`.
    static func event(_ spec: HapticEvent) -> CHHapticEvent {
      let parameters = [
        CHHapticEventParameter(parameterID: .hapticIntensity, value: Float(spec.intensity)),
        CHHapticEventParameter(parameterID: .hapticSharpness, value: Float(spec.sharpness)),
      ]
      switch spec.kind {
      case .transient:
        return CHHapticEvent(
          eventType: .hapticTransient, parameters: parameters, relativeTime: spec.relativeTime)
      case .continuous:
        return CHHapticEvent(
          eventType: .hapticContinuous, parameters: parameters, relativeTime: spec.relativeTime,
          duration: spec.duration)
      }
    }

    private func currentEngine() throws -> CHHapticEngine {
      lock.lock()
      defer { lock.unlock() }
      if let engine { return engine }
      let created = try CHHapticEngine()
      created.stoppedHandler = { [weak self] _ in
        self?.setNeedsStart()
        self?.notify(reset: false)
      }
      created.resetHandler = { [weak self] in
        self?.restartAfterReset()
        self?.notify(reset: true)
      }
      engine = created
      needsStart = true
      return created
    }

    /// Restarts the engine after a server reset, as Apple's `resetHandler` sample does; pattern
    /// players are never reused, so there is nothing else to rebuild.
    private func restartAfterReset() {
      lock.lock()
      let engine = self.engine
      lock.unlock()
      do {
        try engine?.start()
      } catch {
        setNeedsStart()
      }
    }

    private func notify(reset: Bool) {
      DispatchQueue.main.async { [weak self] in
        guard let self else { return }
        if reset { self.onEngineReset?() } else { self.onEngineStopped?() }
      }
    }

    private func setNeedsStart() {
      lock.lock()
      needsStart = true
      lock.unlock()
    }

    private func takeNeedsStart() -> Bool {
      lock.lock()
      defer { lock.unlock() }
      let value = needsStart
      needsStart = false
      return value
    }
  }

  /// Why ``CoreHapticsPlayer`` refused to play.
  public enum CoreHapticsPlayerError: Error, Hashable, Sendable {
    /// The pattern's values are invalid.
    case invalidPattern([HapticSpecError])
  }
#endif
