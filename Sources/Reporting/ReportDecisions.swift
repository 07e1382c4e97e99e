import MatrixFormat
import Observations
import QAModel

/// The decisions a report weighs (``AcceptanceReport/make(plan:run:manual:generatedAt:generatedFrom:checklists:previous:apps:decisions:)``):
/// waivers and defects from the decisions file, the observations retirements took out of the count,
/// the matrix's defect link, the day waivers expire against and the links of stored evidence files.
package struct ReportDecisions: Hashable, Sendable {
  /// The decisions file.
  package var file = DecisionFile()
  /// The observations retirements took out of the count (``IngestResult/retired``).
  package var retired: [RetiredObservation] = []
  /// The matrix's `decisions:` (the defect link template).
  package var policy = MatrixFile.Decisions()
  /// Today, `YYYY-MM-DD` in UTC: a waiver expiring on a day before it no longer holds (`nil`: none
  /// expires by day).
  package var today: String?
  /// The build under test: a waiver expiring at it no longer holds.
  package var build: String?
  /// The link of each stored evidence file (`evidence/<sha256>.png`), relative to the report.
  package var attachmentLinks: [String: String] = [:]

  /// No decisions.
  package init() {}

  /// The waiver status of a manual item whose deciding observation failed at `time`.
  func waiver(of id: ItemID, failedAt time: Timestamp?) -> Waiver? {
    if let entry = file.waiver(of: id, observedAt: time) {
      let decision = entry.decision
      switch decision.expiry {
      case .date(let day)?:
        if let today, day < today { return Waiver(decision: decision, status: .expired) }
      case .build(let build)?:
        if build == self.build { return Waiver(decision: decision, status: .expired) }
      case nil: break
      }
      return Waiver(decision: decision, status: .holds)
    }
    guard let earlier = file.about(id).last(where: { $0.decision.action == .waive }) else { return nil }
    return Waiver(decision: earlier.decision, status: .failedAnew)
  }
}

/// A waiver of a manual item's failure, and whether it holds.
package struct Waiver: Hashable, Sendable {
  /// Whether the waiver keeps the failure from rejecting.
  package enum Status: String, Hashable, Sendable {
    /// It holds: the failure does not reject.
    case holds
    /// Its day has passed or its build is under test: the failure rejects again.
    case expired
    /// The item failed again after it was waived: the new failure rejects.
    case failedAnew = "failed_anew"
  }

  /// The waive decision.
  package var decision: Decision
  /// Whether it holds.
  package var status: Status

  /// `waived by lead, approved by kim, until 2026-12-24: known bug` and what became of it.
  package var sentence: String {
    let base =
      "approved by \(decision.approver ?? "?") (waived by \(decision.by) at \(decision.time)), "
      + "until \(decision.expiry?.description ?? "?"): \(decision.reason ?? "")"
    switch status {
    case .holds: return "waived, " + base
    case .expired: return "waiver expired, " + base
    case .failedAnew: return "failed anew after its waiver, " + base
    }
  }
}

/// A defect id, with its link when the matrix gives a template.
package struct DefectLink: Hashable, Sendable {
  /// The tracker's id.
  package var id: String
  /// Its link, or `nil`.
  package var url: String?
}
