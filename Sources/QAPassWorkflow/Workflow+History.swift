import Diagnostics
import Foundation
import Observations
import QAModel
import Reporting

extension Workflow {
  /// The inputs of ``history(_:)``.
  package struct HistoryInputs: Sendable {
    /// The matrix file and planning overrides (no matrix: the one the checklists were made from).
    package var source: PlanSource
    /// The item id (also one the plan no longer has).
    package var item: String
    /// Where recorded observation files, the decisions file and the audit log live (`nil`:
    /// `observations`).
    package var observations: String?

    /// Creates the inputs.
    package init(source: PlanSource, item: String) {
      self.source = source
      self.item = item
    }

    var folder: String { observations ?? Defaults.observations }
  }

  /// One line of an item's story.
  package struct HistoryEvent: Hashable, Sendable {
    /// When (ISO 8601 as written).
    package var time: String
    /// What: `observed`, `retired`, `waive`, `defect`, `record`, `carry`, …
    package var kind: String
    /// Who.
    package var by: String
    /// The rest, in words.
    package var detail: String
    /// Where it is written (`observations/records.yaml:12`).
    package var place: String
  }

  /// `qapass history ITEM`: the item's whole story, oldest first: every observation of it in the
  /// sheets and records (stale, retired and carried ones said so), every decision about it, and the
  /// audit log's lines (who changed what, from which command). A sheet's answers have no audit line;
  /// the story shows them from the sheet.
  ///
  /// - Returns: The events, by time (ties in the order observations, decisions, audit lines).
  /// - Throws: ``UsageError`` when nothing at all names the item.
  package func history(_ inputs: HistoryInputs) throws -> UseCaseResult<[HistoryEvent]> {
    let auditPath = "\(inputs.folder)/\(Defaults.auditLogFileName)"
    try begin([
      .input(auditPath),
      .inputs(in: inputs.source.checklists ?? Defaults.checklists, suffix: Checklist.sheetSuffix),
      .inputs(in: inputs.folder, suffix: ".yaml"),
    ])
    let loaded = try loadPlan(inputs.source, checksChecklists: true)
    let catalog = try observableCatalog(loaded)
    let item = catalog.item(following: ItemID(rawValue: inputs.item))
    let ids = item.map { [$0.id] + $0.formerIDs } ?? [ItemID(rawValue: inputs.item)]
    let decisions = try decisionFile(inputs.observations)
    let (files, unreadable) = observationFiles(
      checklists: inputs.source.checklists ?? Defaults.checklists, observations: inputs.folder)
    let ingest = self.ingest(catalog, files: files, earlier: unreadable, decisions: decisions)
    var events: [(order: Int, event: HistoryEvent)] = []
    if let outcome = item.flatMap({ ingest.outcome($0.id) }) {
      for recorded in outcome.observations {
        let observation = recorded.observation
        var detail = observation.result.rawValue
        if let build = observation.build { detail += ", build \(build)" }
        detail += ", \(observation.device) iOS \(observation.os)"
        if let carried = observation.carried {
          detail +=
            "; carried from build \(carried.fromBuild) by \(carried.by) at \(carried.time): \(carried.reason)"
        }
        if !observation.attachments.isEmpty {
          detail += "; attached \(observation.attachments.joined(separator: ", "))"
        }
        if !observation.evidence.isEmpty {
          detail += "; evidence \(observation.evidence.joined(separator: ", "))"
        }
        if recorded.isStale { detail += "; stale: \(recorded.staleReasons.sentence)" }
        if outcome.deciding == recorded { detail += "; decides the item (\(outcome.status.rawValue))" }
        events.append(
          (
            0,
            HistoryEvent(
              time: observation.time?.text ?? "", kind: "observed", by: observation.tester, detail: detail,
              place: "\(recorded.path):\(recorded.location.line)")
          ))
      }
    }
    for retired in ingest.retired where ids.contains(retired.id) {
      events.append(
        (
          0,
          HistoryEvent(
            time: "", kind: "observed", by: retired.tester ?? "",
            detail: "\(retired.result?.rawValue ?? "?"); retired by \(retired.retirement.by) at "
              + "\(retired.retirement.time): \(retired.retirement.reason ?? "")",
            place: "\(retired.path):\(retired.location.line)")
        ))
    }
    for unplanned in ingest.unplanned where ids.contains(unplanned.id) {
      events.append(
        (
          0,
          HistoryEvent(
            time: "", kind: "observed", by: unplanned.tester ?? "",
            detail: "\(unplanned.result.rawValue); not counted: the plan does not have the item",
            place: "\(unplanned.path):\(unplanned.location.line)")
        ))
    }
    for entry in decisions.entries where ids.contains(entry.decision.itemID) {
      events.append(
        (
          1,
          HistoryEvent(
            time: entry.decision.time.text, kind: entry.decision.action.rawValue, by: entry.decision.by,
            detail: Self.detail(entry.decision), place: "\(entry.path):\(entry.location.line)")
        ))
    }
    if fileExists(auditPath) {
      let (lines, _) = AuditLog.entries(try readStore(auditPath))
      for (line, entry) in lines where ids.contains(ItemID(rawValue: entry.item)) {
        events.append(
          (
            2,
            HistoryEvent(
              time: entry.time, kind: "audit: \(entry.action)", by: entry.by,
              detail: "\(entry.detail) (from \(entry.origin)\(entry.address.map { " at \($0)" } ?? ""))",
              place: "\(auditPath):\(line)")
          ))
      }
    }
    guard !events.isEmpty else {
      throw UsageError(
        "nothing names '\(inputs.item)': no observation, decision or audit line"
          + (item == nil ? catalog.hint(forUnknownID: inputs.item) : ""))
    }
    let sorted = events.enumerated().sorted { a, b in
      let ta = (try? Timestamp.parse(a.element.event.time))
      let tb = (try? Timestamp.parse(b.element.event.time))
      if ta != tb {
        switch (ta, tb) {
        case (nil, _): return true
        case (_, nil): return false
        case (let x?, let y?): return x < y
        }
      }
      if a.element.order != b.element.order { return a.element.order < b.element.order }
      return a.offset < b.offset
    }.map(\.element.event)
    var out = "history of \(item?.id.rawValue ?? inputs.item)"
    if let item, item.id.rawValue != inputs.item { out += " (named '\(inputs.item)' before a rename)" }
    if item == nil { out += " (an item the plan does not have)" }
    out += ": \(sorted.count) events\n"
    for event in sorted {
      out +=
        "\(event.time.isEmpty ? "(no time)" : event.time)  \(event.kind)  \(event.by)  \(event.detail)  "
        + "[\(event.place)]\n"
    }
    say(out)
    return finished(sorted)
  }

  private func fileExists(_ path: String) -> Bool {
    files.kind(of: absolute(path), followingLinks: true) != nil
  }
}
