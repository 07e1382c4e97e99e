/// A haptic player that records every request and, like Core Haptics, loses a play made after the
/// engine lost its preparation (a reset, the background) until it is prepared again.
public final class RecordingPlayer {
  /// One call the flow made.
  public enum Call: Hashable, Sendable {
    /// `prepare()` (the engine's `start()`), and whether it succeeded.
    case prepare(succeeded: Bool)
    /// `play(_:)`, the pattern, and whether it was felt (a prepared player, no error).
    case play([PackHapticEvent], felt: Bool)
  }

  /// The error the player throws when told to fail.
  public struct Failure: Error, Hashable, Sendable {
    /// What failed: `prepare` or `play`.
    public var operation: String
  }

  /// Every call, in order.
  public private(set) var calls: [Call] = []
  private let prepareFails: Bool
  private let playFails: Bool
  private var prepared = false

  /// Creates a player that throws from `prepare()` or `play(_:)` when asked to.
  public init(prepareFails: Bool = false, playFails: Bool = false) {
    self.prepareFails = prepareFails
    self.playFails = playFails
  }

  /// Starts the engine.
  public func prepare() throws {
    calls.append(.prepare(succeeded: !prepareFails))
    if prepareFails { throw Failure(operation: "prepare") }
    prepared = true
  }

  /// Plays `pattern`; lost (not felt) when the player is not prepared.
  public func play(_ pattern: [PackHapticEvent]) throws {
    calls.append(.play(pattern, felt: prepared && !playFails))
    if playFails { throw Failure(operation: "play") }
  }

  /// What an engine reset or the background does to Core Haptics: the next play needs a prepare.
  public func losePreparation() { prepared = false }

  /// Play requests so far.
  public var playRequests: Int {
    calls.count { if case .play = $0 { true } else { false } }
  }

  /// Plays of exactly `pattern` that were felt.
  public func felt(_ pattern: [PackHapticEvent]) -> Int {
    calls.count {
      if case .play(let played, true) = $0 { PackHapticEvent.samePattern(played, pattern) } else { false }
    }
  }

  /// `prepare(ok), play(transient t=0.000 i=1.000 s=0.500, felt)`, or `none`.
  public var summary: String {
    if calls.isEmpty { return "none" }
    return calls.map { call in
      switch call {
      case .prepare(let ok): "prepare(\(ok ? "ok" : "failed"))"
      case .play(let pattern, let felt):
        "play(\(pattern.map(\.description).joined(separator: "; ")), \(felt ? "felt" : "lost"))"
      }
    }.joined(separator: ", ")
  }
}
