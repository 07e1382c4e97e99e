import AcceptanceCore

/// A player that records every call in order, can be told to fail, and models a player that
/// was not re-prepared after an engine reset or a return from background.
///
/// Core Haptics invalidates players on reset, and a stopped engine (after backgrounding) plays
/// nothing until restarted. Call ``invalidatePreparation()`` where such an event happens: until
/// the next successful ``prepare()``, plays are recorded as ``PlayOutcome/lostUnprepared`` and
/// nothing is felt — exactly the silent failure a flow that never re-prepares suffers.
///
/// ```swift
/// let player = RecordingHapticPlayer()
/// try player.prepare()
/// try player.play(.savedConfirmation())
/// player.deliveredPatterns.count   // 1
/// ```
public final class RecordingHapticPlayer: HapticPlayer {
  /// What became of a play request.
  public enum PlayOutcome: String, Hashable, Sendable {
    /// The pattern was played.
    case played
    /// The player had not been prepared since creation or invalidation: nothing was felt.
    case lostUnprepared
    /// The player was told to fail and threw.
    case failed
  }

  /// One recorded call.
  public enum Call: Hashable, Sendable {
    /// `prepare()`, and whether it succeeded.
    case prepare(succeeded: Bool)
    /// `play(_:)`, with the pattern and its outcome.
    case play(HapticPattern, PlayOutcome)
  }

  /// The error the player throws when told to fail.
  public enum Failure: Error, Hashable, Sendable {
    /// `prepare()` failed (like `CHHapticError.engineStartTimeout`).
    case prepareFailed
    /// `play(_:)` failed (like `CHHapticError.engineNotRunning`).
    case playFailed
  }

  /// Every call, in order.
  public private(set) var calls: [Call] = []
  /// Whether the next `prepare()` throws.
  public var failsPrepare: Bool
  /// Whether the next `play(_:)` throws.
  public var failsPlay: Bool
  /// Whether the player is prepared (and not invalidated since).
  public private(set) var isPrepared = false

  /// Creates a player, optionally failing its calls.
  public init(failsPrepare: Bool = false, failsPlay: Bool = false) {
    self.failsPrepare = failsPrepare
    self.failsPlay = failsPlay
  }

  /// Records the call and becomes prepared, or throws ``Failure/prepareFailed``.
  public func prepare() throws {
    calls.append(.prepare(succeeded: !failsPrepare))
    if failsPrepare { throw Failure.prepareFailed }
    isPrepared = true
  }

  /// Records the call; plays only when prepared; throws ``Failure/playFailed`` when told to.
  public func play(_ pattern: HapticPattern) throws {
    if failsPlay {
      calls.append(.play(pattern, .failed))
      throw Failure.playFailed
    }
    calls.append(.play(pattern, isPrepared ? .played : .lostUnprepared))
  }

  /// Models an engine reset or a trip to the background: the player must be prepared again.
  public func invalidatePreparation() {
    isPrepared = false
  }

  /// The patterns that were actually felt, in order.
  public var deliveredPatterns: [HapticPattern] {
    calls.compactMap { call in
      if case .play(let pattern, .played) = call { return pattern }
      return nil
    }
  }

  /// How many times `play(_:)` was called, whatever the outcome.
  public var playRequestCount: Int {
    calls.count { call in
      if case .play = call { return true }
      return false
    }
  }
}
