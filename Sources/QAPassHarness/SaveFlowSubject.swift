/// A team's save button under test, built by ``HarnessSubject`` with the harness's saver and player.
///
/// The flow must save through ``SaveFlowEnvironment/saver`` and play through
/// ``SaveFlowEnvironment/player`` (wrap them in the app's own saver and player types), and play
/// ``SaveFlowEnvironment/confirmation``, never a pattern of its own.
public protocol SaveFlowSubject: AnyObject {
  /// The user taps Save.
  func tap()
  /// Core Haptics reset the engine (`resetHandler`).
  func engineDidReset()
  /// Core Haptics stopped the engine (`stoppedHandler`); by default the same as a reset.
  func engineDidStop()
  /// The app entered the background.
  func didEnterBackground()
  /// The app will enter the foreground.
  func willEnterForeground()
  /// What the screen shows.
  var visibleResult: VisibleSaveResult { get }
  /// How many diagnostics the flow recorded, or `nil` when it keeps none (then not checked).
  var diagnosticCount: Int? { get }
}

extension SaveFlowSubject {
  /// Treats a stopped engine like a reset.
  public func engineDidStop() { engineDidReset() }
  /// No diagnostics: not checked.
  public var diagnosticCount: Int? { nil }
}

/// What a save-flow subject is built with.
public struct SaveFlowEnvironment {
  /// The saver to save through; the script completes its saves.
  public let saver: ScriptedSaver
  /// The player to play through; it records every call.
  public let player: RecordingPlayer
  /// The pattern the flow must play after a successful save.
  public let confirmation: [PackHapticEvent]
  /// Whether the hardware supports haptics (`CHHapticEngine.capabilitiesForHardware().supportsHaptics`).
  public let supportsHaptics: Bool

  /// Creates an environment.
  public init(
    saver: ScriptedSaver, player: RecordingPlayer, confirmation: [PackHapticEvent], supportsHaptics: Bool
  ) {
    self.saver = saver
    self.player = player
    self.confirmation = confirmation
    self.supportsHaptics = supportsHaptics
  }
}

/// A saver whose saves complete when the script says so, oldest first.
public final class ScriptedSaver {
  /// How a save ended.
  public enum Outcome: Hashable, Sendable {
    /// Saved.
    case success
    /// Failed, with a message for the screen.
    case failure(String)
  }

  private var pending: [(Outcome) -> Void] = []
  /// How many saves were started.
  public private(set) var startedCount = 0

  /// Creates a saver with nothing running.
  public init() {}

  /// Starts a save; `completion` runs when the script completes it.
  public func save(completion: @escaping (Outcome) -> Void) {
    startedCount += 1
    pending.append(completion)
  }

  /// Saves started and not completed.
  public var pendingCount: Int { pending.count }

  /// Completes the oldest running save; `false` when none runs.
  @discardableResult
  public func complete(_ outcome: Outcome) -> Bool {
    guard !pending.isEmpty else { return false }
    pending.removeFirst()(outcome)
    return true
  }
}

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
