import QAModel

/// What changed between the previous report and this one, item by item (matched by id, or by a former
/// id when the matrix declares a rename).
///
/// Made by ``ReportChanges/compare(_:subjects:previous:formerIDs:)`` from the previous `report.json`
/// (see ``PreviousReport``). An item is matched with the previous report's item of the same id, or else
/// of one of its former ids (``PlanItem/formerIDs(_:)``: `renamed_from:` on an input method, device or
/// field), so a rename reads as the same items, not as new ones and removed ones. An item is **newly
/// failing** when it fails (or could not run) now and did not before; **fixed** when it failed before and
/// passes now, and no current observation contradicts the pass (a pass another tester disputes within
/// minutes is a conflict, not a fix); **still failing** when it failed both times; **newly untested**
/// when it had a pass or fail before and has no current result now (untested, stale, blocked or
/// skipped). Items of the previous report that no item of this one matches are **no longer in the
/// plan**, each named with its outcome then.
///
/// An app subject's outcome of each item is compared the same way with that subject's outcome in the
/// previous report (matched by subject name and item id, or a former id; ``Change/subject`` names it): a
/// subject whose results are not given now has its earlier passes and failures newly untested. The counts
/// of new and removed items are the plan's.
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
    /// The id the item had in the previous report, when it was matched through a rename.
    package var formerID: ItemID? = nil
  }

  /// An item of the previous report that no item of this one matches, with its outcome then.
  package struct Removed: Hashable, Sendable {
    /// Its id in the previous report.
    package var id: ItemID
    /// Its outcome in the previous report.
    package var outcome: Outcome
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
  /// Items of this report that the previous one did not have, under their id or a former id.
  package var newItems: Int
  /// Items of this report matched with the previous report's item of a former id (a declared rename).
  package var renamedItems: Int = 0
  /// Items of the previous report that no item of this one matches: its failures first, then the rest,
  /// each by id.
  package var removed: [Removed] = []
  /// Defect ids of items failing now that the previous report tied to the same item, failing then
  /// too: the defects still open across passes, each once, in plan order.
  package var defectsStillOpen: [String] = []

  /// How many items of the previous report this one no longer has.
  package var removedItems: Int { removed.count }

  /// Compares `items` (this report's, in plan order) and the app subjects' outcomes with `previous`.
  ///
  /// - Complexity: O(*n* + *m*) for *n* items and subject outcomes now and *m* before, with hashing
  ///   (and the former ids of each item).
  ///
  /// - Parameters:
  ///   - items: This report's items, in plan order.
  ///   - subjects: This report's subjects; the app subjects' ``SubjectResults/items`` are compared.
  ///   - previous: The previous report.
  ///   - formerIDs: The ids each item had before a declared rename (``PlanItem/formerIDs(_:)``), by
  ///     current id; an item whose id the previous report lacks is matched with the first of them it has.
  package static func compare(
    _ items: [ReportItem], subjects: [SubjectResults] = [], previous: PreviousReport,
    formerIDs: [ItemID: [ItemID]] = [:]
  ) -> ReportChanges {
    var changes = ReportChanges(
      previousGeneratedAt: previous.generatedAt, previousVerdict: previous.verdict,
      previousPath: previous.path, newlyFailing: [], fixed: [], stillFailing: [], newlyUntested: [],
      newItems: 0)
    /// The id `id` had in `outcomes`, and its outcome there.
    func earlier(_ id: ItemID, in outcomes: [ItemID: Outcome]) -> (id: ItemID, outcome: Outcome)? {
      if let outcome = outcomes[id] { return (id, outcome) }
      for former in formerIDs[id] ?? [] {
        if let outcome = outcomes[former] { return (former, outcome) }
      }
      return nil
    }
    var matched = Set<ItemID>()
    for item in items {
      let match = earlier(item.id, in: previous.outcomes)
      if let match {
        matched.insert(match.id)
        if match.id != item.id { changes.renamedItems += 1 }
      } else {
        changes.newItems += 1
      }
      let renamedFrom = match.flatMap { $0.id == item.id ? nil : $0.id }
      changes.add(
        Change(id: item.id, before: match?.outcome, after: item.outcome, formerID: renamedFrom),
        disputed: !item.conflicts.isEmpty)
      if item.isFailing, let match, match.outcome == .fail || match.outcome == .error,
        let earlier = previous.defects[match.id]
      {
        for defect in item.defects
        where earlier.contains(defect.id) && !changes.defectsStillOpen.contains(defect.id) {
          changes.defectsStillOpen.append(defect.id)
        }
      }
    }
    changes.removed = previous.outcomes.filter { !matched.contains($0.key) }
      .map { Removed(id: $0.key, outcome: $0.value) }
      .sorted { ($0.outcome.isFailing ? 0 : 1, $0.id) < ($1.outcome.isFailing ? 0 : 1, $1.id) }
    let apps = subjects.filter { !$0.isReference }
    for subject in apps {
      let outcomes = previous.subjectOutcomes[subject.name] ?? [:]
      for item in subject.items {
        let match = earlier(item.id, in: outcomes)
        changes.add(
          Change(
            id: item.id, before: match?.outcome, after: item.outcome, subject: subject.name,
            formerID: match.flatMap { $0.id == item.id ? nil : $0.id }))
      }
    }
    let named = Set(apps.map(\.name))
    for name in previous.subjectOutcomes.keys.sorted() where !named.contains(name) {
      let outcomes = previous.subjectOutcomes[name] ?? [:]
      for item in items {
        guard let match = earlier(item.id, in: outcomes) else { continue }
        changes.add(
          Change(
            id: item.id, before: match.outcome, after: .untested, subject: name,
            formerID: match.id == item.id ? nil : match.id))
      }
    }
    return changes
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

  /// The removed items that failed (or could not run) in the previous report.
  package var removedFailing: [Removed] { removed.filter { $0.outcome.isFailing } }

  /// `2 newly failing, 1 fixed, 3 still failing, 0 newly untested or stale; 4 no longer in the plan
  /// (4 of them failing)`.
  package var summary: String {
    var text =
      "\(newlyFailing.count) newly failing, \(fixed.count) fixed, \(stillFailing.count) still failing, "
      + "\(newlyUntested.count) newly untested or stale"
    if !removed.isEmpty {
      text += "; \(removed.count) no longer in the plan"
      if !removedFailing.isEmpty { text += " (\(removedFailing.count) of them failing)" }
    }
    if !defectsStillOpen.isEmpty {
      text += "; defects still open: " + defectsStillOpen.joined(separator: ", ")
    }
    return text
  }
}
