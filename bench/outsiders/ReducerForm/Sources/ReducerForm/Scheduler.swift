/// A delay in milliseconds.
public typealias Milliseconds = Int

/// Runs work later: the app's clock, injected so tests (and a virtual clock) decide when "later" is.
public protocol Scheduler: AnyObject {
  /// Runs `work` after `delay`; the returned token cancels it.
  func schedule(after delay: Milliseconds, _ work: @escaping () -> Void) -> ScheduledWork
}

/// Work a ``Scheduler`` will run, until cancelled.
public final class ScheduledWork {
  /// Whether the work was cancelled.
  public private(set) var isCancelled = false

  /// Creates a token.
  public init() {}

  /// Cancels the work if it has not run.
  public func cancel() { isCancelled = true }
}

/// A scheduler that runs everything at once (no debounce), for previews and tests that do not care.
public final class ImmediateScheduler: Scheduler {
  /// Creates the scheduler.
  public init() {}

  /// Runs `work` now.
  public func schedule(after delay: Milliseconds, _ work: @escaping () -> Void) -> ScheduledWork {
    work()
    return ScheduledWork()
  }
}
