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
