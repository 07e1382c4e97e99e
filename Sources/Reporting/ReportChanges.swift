import QAModel
import QAPassHarness

/// What changed between the previous report and this one, item by item (matched by id).
///
/// Made by ``ReportChanges/compare(_:subjects:previous:)`` from the previous `report.json`
/// (see ``PreviousReport``). An item is **newly failing** when it fails (or could not run) now and did
/// not before; **fixed** when it failed before and passes now, and no current observation contradicts
/// the pass (a pass another tester disputes within minutes is a conflict, not a fix); **still failing**
/// when it failed both times; **newly untested** when it had a pass or fail before and has no current
/// result now (untested, stale, blocked or skipped).
///
/// An app subject's outcome of each item is compared the same way with that subject's outcome in the
/// previous report (matched by subject name and item id; ``Change/subject`` names it): a subject
/// whose results are not given now has its earlier passes and failures newly untested. The counts of
/// new and removed items are the plan's.
package struct ReportChanges: Hashable, Sendable {
  /// One item that changed, with both outcomes.
  package struct Change: Hashable, Sendable {
    /// The item id.
    package var id: ItemID
    /// The outcome in the previous report, or `nil` when the item is new.
    package var before: Outcome?
    /// The outcome now.
    package var after: Outcome
    /// The app subject whose outcome this is, or `nil` for the report's own item (the reference
    /// core's automated result or the manual observation).
    package var subject: String? = nil
    /// For an item that judges several texts (`p2`) and fails now: the texts that fail now and did not
    /// in the previous report, so a still-failing item hides no new regression; empty when the
    /// previous report did not list the item's texts.
    package var newlyFailingTexts: [String] = []
  }

  /// The previous report's time (ISO 8601), if it had one.
  package var previousGeneratedAt: String?
  /// The previous report's verdict.
  package var previousVerdict: AcceptanceReport.Verdict?
  /// The previous report's file, as given.
  package var previousPath: String
  /// Failing now, not before.
  package var newlyFailing: [Change]
  /// Failing before, passing now without a conflicting observation.
  package var fixed: [Change]
  /// Failing both times.
  package var stillFailing: [Change]
  /// A pass or fail before, no current result now (untested, stale, blocked, skipped).
  package var newlyUntested: [Change]
  /// Items of this report that the previous one did not have.
  package var newItems: Int
  /// Items of the previous report that this one no longer has.
  package var removedItems: Int
  /// Defect ids of items failing now that the previous report tied to the same item, failing then
  /// too: the defects still open across passes, each once, in plan order.
  package var defectsStillOpen: [String] = []

  /// Compares `items` (this report's, in plan order) and the app subjects' outcomes with `previous`.
  ///
  /// - Complexity: O(*n* + *m*) for *n* items and subject outcomes now and *m* before.
  ///
  /// - Parameters:
  ///   - items: This report's items, in plan order.
  ///   - subjects: This report's subjects; the app subjects' ``SubjectResults/items`` are compared.
  ///   - previous: The previous report.
  package static func compare(
    _ items: [ReportItem], subjects: [SubjectResults] = [], previous: PreviousReport
  ) -> ReportChanges {
    var changes = ReportChanges(
      previousGeneratedAt: previous.generatedAt, previousVerdict: previous.verdict,
      previousPath: previous.path, newlyFailing: [], fixed: [], stillFailing: [], newlyUntested: [],
      newItems: 0, removedItems: 0)
    let current = Set(items.map(\.id))
    changes.removedItems = previous.outcomes.keys.count { !current.contains($0) }
    for item in items {
      let before = previous.outcomes[item.id]
      if before == nil { changes.newItems += 1 }
      changes.add(
        Change(
          id: item.id, before: before, after: item.outcome,
          newlyFailingTexts: newlyFailing(item.texts, before: previous.failingTexts[item.id])),
        disputed: !item.conflicts.isEmpty)
      if item.isFailing, before == .fail || before == .error, let earlier = previous.defects[item.id] {
        for defect in item.defects
        where earlier.contains(defect.id) && !changes.defectsStillOpen.contains(defect.id) {
          changes.defectsStillOpen.append(defect.id)
        }
      }
    }
    let apps = subjects.filter { !$0.isReference }
    for subject in apps {
      let earlier = previous.subjectOutcomes[subject.name] ?? [:]
      let earlierTexts = previous.subjectFailingTexts[subject.name] ?? [:]
      for item in subject.items {
        changes.add(
          Change(
            id: item.id, before: earlier[item.id], after: item.outcome, subject: subject.name,
            newlyFailingTexts: newlyFailing(item.texts, before: earlierTexts[item.id])))
      }
    }
    let named = Set(apps.map(\.name))
    for name in previous.subjectOutcomes.keys.sorted() where !named.contains(name) {
      let earlier = previous.subjectOutcomes[name] ?? [:]
      for id in earlier.keys.sorted() where current.contains(id) {
        changes.add(Change(id: id, before: earlier[id], after: .untested, subject: name))
      }
    }
    return changes
  }

  /// The texts of `texts` that fail and are not among `before` (compared scalar by scalar); none when
  /// the previous report did not list them.
  static func newlyFailing(_ texts: [TextResult], before: [String]?) -> [String] {
    guard let before else { return [] }
    let earlier = Set(before.map { Array($0.unicodeScalars) })
    return texts.filter { $0.status != .pass && !earlier.contains(Array($0.text.unicodeScalars)) }.map(\.text)
  }

  /// Files `change` under the list it belongs to, if any; a `disputed` pass (one a conflicting
  /// observation contradicts) is no fix.
  mutating func add(_ change: Change, disputed: Bool = false) {
    let before = change.before
    let failedBefore = before == .fail || before == .error
    if change.after.isFailing {
      if failedBefore { stillFailing.append(change) } else { newlyFailing.append(change) }
    } else if change.after == .pass {
      if failedBefore && !disputed { fixed.append(change) }
    } else if before == .pass || failedBefore {
      newlyUntested.append(change)
    }
  }

  /// `2 newly failing, 1 fixed, 3 still failing, 0 newly untested or stale`.
  package var summary: String {
    "\(newlyFailing.count) newly failing, \(fixed.count) fixed, \(stillFailing.count) still failing, "
      + "\(newlyUntested.count) newly untested or stale"
      + (defectsStillOpen.isEmpty
        ? "" : "; defects still open: " + defectsStillOpen.joined(separator: ", "))
  }
}
