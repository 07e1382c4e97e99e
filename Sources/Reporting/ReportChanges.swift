import QAModel

/// What changed between the previous report and this one, item by item (matched by id).
///
/// Made by ``ReportChanges/compare(_:previous:)`` from the previous `report.json`
/// (see ``PreviousReport``). An item is **newly failing** when it fails (or could not run) now and did
/// not before; **fixed** when it failed before and passes now, and no current observation contradicts
/// the pass (a pass another tester disputes within minutes is a conflict, not a fix); **still failing**
/// when it failed both times; **newly untested** when it had a pass or fail before and has no current
/// result now (untested, stale, blocked or skipped).
public struct ReportChanges: Hashable, Sendable {
  /// One item that changed, with both outcomes.
  public struct Change: Hashable, Sendable {
    /// The item id.
    public var id: ItemID
    /// The outcome in the previous report, or `nil` when the item is new.
    public var before: Outcome?
    /// The outcome now.
    public var after: Outcome
  }

  /// The previous report's time (ISO 8601), if it had one.
  public var previousGeneratedAt: String?
  /// The previous report's verdict.
  public var previousVerdict: AcceptanceReport.Verdict?
  /// The previous report's file, as given.
  public var previousPath: String
  /// Failing now, not before.
  public var newlyFailing: [Change]
  /// Failing before, passing now without a conflicting observation.
  public var fixed: [Change]
  /// Failing both times.
  public var stillFailing: [Change]
  /// A pass or fail before, no current result now (untested, stale, blocked, skipped).
  public var newlyUntested: [Change]
  /// Items of this report that the previous one did not have.
  public var newItems: Int
  /// Items of the previous report that this one no longer has.
  public var removedItems: Int

  /// Compares `items` (this report's, in plan order) with `previous`.
  ///
  /// - Complexity: O(*n* + *m*) for *n* items now and *m* before.
  public static func compare(_ items: [ReportItem], previous: PreviousReport) -> ReportChanges {
    var changes = ReportChanges(
      previousGeneratedAt: previous.generatedAt, previousVerdict: previous.verdict,
      previousPath: previous.path, newlyFailing: [], fixed: [], stillFailing: [], newlyUntested: [],
      newItems: 0, removedItems: 0)
    let current = Set(items.map(\.id))
    changes.removedItems = previous.outcomes.keys.count { !current.contains($0) }
    for item in items {
      let before = previous.outcomes[item.id]
      if before == nil { changes.newItems += 1 }
      let change = Change(id: item.id, before: before, after: item.outcome)
      let failedBefore = before == .fail || before == .error
      if item.isFailing {
        if failedBefore { changes.stillFailing.append(change) } else { changes.newlyFailing.append(change) }
      } else if item.outcome == .pass {
        if failedBefore && item.conflicts.isEmpty { changes.fixed.append(change) }
      } else if before == .pass || failedBefore {
        changes.newlyUntested.append(change)
      }
    }
    return changes
  }

  /// `2 newly failing, 1 fixed, 3 still failing, 0 newly untested or stale`.
  public var summary: String {
    "\(newlyFailing.count) newly failing, \(fixed.count) fixed, \(stillFailing.count) still failing, "
      + "\(newlyUntested.count) newly untested or stale"
  }
}
