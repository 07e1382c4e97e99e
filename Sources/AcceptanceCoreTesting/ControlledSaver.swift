import AcceptanceCore

/// A saver whose saves complete only when told to, so tests are deterministic without sleeping.
///
/// ```swift
/// let saver = ControlledSaver()
/// let flow = SaveFlow(
///   saver: saver, player: RecordingHapticPlayer(), capability: FixedHapticCapability(supportsHaptics: true))
/// flow.tap()                    // flow.state == .saving
/// saver.complete(.success)      // flow.state == .saved
/// ```
public final class ControlledSaver: Saver {
  private var pending: [(SaveResult) -> Void] = []
  /// How many saves were started.
  public private(set) var startedCount = 0

  /// Creates a saver with no pending save.
  public init() {}

  /// Keeps `completion` until ``complete(_:)``.
  public func save(completion: @escaping (SaveResult) -> Void) {
    startedCount += 1
    pending.append(completion)
  }

  /// How many saves wait for a result.
  public var pendingCount: Int { pending.count }

  /// Completes the oldest pending save with `result`.
  ///
  /// - Returns: `false` when no save was pending.
  @discardableResult
  public func complete(_ result: SaveResult) -> Bool {
    guard !pending.isEmpty else { return false }
    pending.removeFirst()(result)
    return true
  }
}

/// A saver that completes every save at once with a fixed result.
public final class ImmediateSaver: Saver {
  /// The result of every save.
  public var result: SaveResult
  /// How many saves were started.
  public private(set) var startedCount = 0

  /// Creates a saver answering `result`.
  public init(result: SaveResult) {
    self.result = result
  }

  /// Calls `completion` with ``result`` before returning.
  public func save(completion: @escaping (SaveResult) -> Void) {
    startedCount += 1
    completion(result)
  }
}
