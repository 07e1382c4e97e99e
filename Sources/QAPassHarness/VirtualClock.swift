/// The replay's time, in milliseconds: the harness owns it and moves it forward; the app schedules
/// its delayed work (a debounced validation, a deferred refresh) on it, so that work runs when the
/// pack's time passes, never when the wall clock's does.
///
/// A fresh clock starts at 0 for every item. The runner advances it by a step's
/// ``CompositionStep/delayMilliseconds`` before the step's actions (0 when the step gives none, which
/// still runs work already due, as a turn of the run loop would) and by the script's
/// ``CompositionPolicies/settleMilliseconds`` before it reads what the step checks.
///
/// An app wraps it in its own scheduler type, the one its code takes:
///
/// ```swift
/// /// How the app delays work (a debounce): the main queue in production. Returns a canceller.
/// protocol Scheduler {
///   func schedule(after milliseconds: Int, _ work: @escaping () -> Void) -> () -> Void
/// }
///
/// /// In the app's tests: the delayed work runs when the pack's time passes.
/// final class VirtualClockScheduler: Scheduler {
///   let clock: VirtualClock
///   init(_ clock: VirtualClock) { self.clock = clock }
///   func schedule(after milliseconds: Int, _ work: @escaping () -> Void) -> () -> Void {
///     clock.schedule(afterMilliseconds: milliseconds, work).cancel
///   }
/// }
/// ```
///
/// Confine a clock to the thread of its item's replay.
public final class VirtualClock {
  /// Work scheduled on the clock, until it runs or is cancelled.
  public final class Task {
    /// Whether ``cancel()`` was called.
    public private(set) var isCancelled = false
    /// Whether the work ran.
    public fileprivate(set) var hasRun = false

    fileprivate init() {}

    /// Cancels the work if it has not run; cancelling twice, or after it ran, does nothing.
    public func cancel() { isCancelled = true }
  }

  private struct Entry {
    var due: Int
    var order: Int
    var task: Task
    var work: () -> Void
  }

  /// Milliseconds since the item began.
  public private(set) var now = 0
  private var entries: [Entry] = []
  private var scheduled = 0

  /// Creates a clock at 0 with nothing scheduled.
  public init() {}

  /// Runs `work` once `delay` milliseconds have passed (a negative delay counts as 0); work due at
  /// the same time runs in the order it was scheduled.
  ///
  /// - Returns: The task, to cancel the work.
  @discardableResult
  public func schedule(afterMilliseconds delay: Int, _ work: @escaping () -> Void) -> Task {
    let task = Task()
    scheduled += 1
    entries.append(Entry(due: Self.later(now, by: delay), order: scheduled, task: task, work: work))
    return task
  }

  /// Moves time forward by `milliseconds` (0 or more), running every piece of work that falls due on
  /// the way, in time order, including work that work scheduled.
  ///
  /// - Complexity: O(*n*²) in the number of pieces of work pending, which stays small in a replay.
  public func advance(byMilliseconds milliseconds: Int) {
    let end = Self.later(now, by: milliseconds)
    while let index = entries.indices.filter({ entries[$0].due <= end }).min(by: {
      (entries[$0].due, entries[$0].order) < (entries[$1].due, entries[$1].order)
    }) {
      let entry = entries.remove(at: index)
      now = max(now, entry.due)
      guard !entry.task.isCancelled else { continue }
      entry.task.hasRun = true
      entry.work()
    }
    now = end
  }

  /// `time + delay` (a negative delay counts as 0), at most `Int.max`: a delay from a pack or from app
  /// code (`Int.max`) stops the clock at the end of time rather than trapping.
  static func later(_ time: Int, by delay: Int) -> Int {
    let (sum, overflow) = time.addingReportingOverflow(max(0, delay))
    return overflow ? .max : sum
  }

  /// The pieces of work scheduled and neither run nor cancelled.
  public var pendingCount: Int { entries.count { !$0.task.isCancelled } }
}
