import Foundation
import MatrixFormat
import Observations
import QAModel
import Reporting
import ScenarioEngine

extension Workflow.Standing {
  /// What the checklists of a standing are made from: the matrix file, the plan's manual items as
  /// observations name them, the checklists' numbers and the folder the commands they print name.
  struct ChecklistSource: Sendable {
    var file: MatrixFile
    var catalog: ObservableCatalog
    var ledger: ChecklistLedger
    var folder: String?
  }

  /// The checklist of device session `session` (such as `iphone-16e.26.x`), as `qapass checklist`
  /// writes it for the plan in force: the same model, the same numbers.
  ///
  /// - Parameter session: The session's id.
  /// - Returns: The checklist, or `nil` when the plan has no such session.
  package func checklist(_ session: String) -> Checklist? {
    let sessions = plan.items.lazy.compactMap(\.configuration.session)
    guard let id = sessions.first(where: { $0.description == session }) else { return nil }
    let source = checklistSource
    return Checklists.render(
      plan: plan, file: source.file, catalog: source.catalog, ledger: source.ledger, folder: source.folder,
      only: id
    ).first
  }

  /// Everything ``checklist(_:)`` makes a session's checklist from: two standings with equal keys
  /// give the session the same checklist, whatever was recorded in between.
  ///
  /// The plan's items are its fingerprint; its build, name, notes and assignments, the matrix's
  /// devices, keyboards, fields and testers (their names and labels) are not in it and are compared
  /// as they are. The catalog and the ledger kept by a ``PassMemo`` while their files are unchanged
  /// compare by their storage at once; read again, they compare by value.
  struct ChecklistKey: Equatable {
    var session: String
    var fingerprint: String
    var build: String?
    var planName: String
    var notes: [String]
    var assignments: [SessionAssignment]
    var testerTimeZones: [PlanItem.Pair]
    var devices: [MatrixFile.Device]
    var inputMethods: [MatrixFile.InputMethod]
    var fields: [MatrixFile.Field]
    var testers: [MatrixFile.Tester]
    var catalog: ObservableCatalog
    var ledger: ChecklistLedger
    var folder: String?
  }

  /// The key of the checklist of session `session`.
  func checklistKey(_ session: String) -> ChecklistKey {
    let source = checklistSource
    return ChecklistKey(
      session: session, fingerprint: plan.fingerprint, build: plan.build, planName: plan.name,
      notes: plan.notes, assignments: plan.assignments, testerTimeZones: plan.testerTimeZones,
      devices: source.file.devices,
      inputMethods: source.file.inputMethods, fields: source.file.fields, testers: source.file.testers,
      catalog: source.catalog, ledger: source.ledger, folder: source.folder)
  }
}

extension PassMemo {
  /// The session checklists kept, by session, and how many were made since the memo was made.
  struct SessionChecklists {
    var kept: [String: (key: Workflow.Standing.ChecklistKey, checklist: Checklist)] = [:]
    var made = 0
  }

  /// How many session checklists were made since the memo was made (``Workflow/checklist(_:of:)``).
  package var sessionChecklistsMade: Int { sessionChecklistsLock.withLock { sessionChecklists.made } }
}

extension Workflow {
  /// The checklist of device session `session` of `standing` (``Standing/checklist(_:)``), made once
  /// for each plan: with a ``memo`` it is kept, and made again only when what it is made from
  /// changed (``Standing/ChecklistKey``: a re-plan, a build bump, another ledger or folder). What
  /// was recorded is not in it: the page shows that from the standing it is asked with. Safe to call
  /// from several threads at once.
  ///
  /// - Parameters:
  ///   - session: The session's id (such as `iphone-16e.26.x`).
  ///   - standing: The pass now.
  /// - Returns: The checklist, or `nil` when the plan has no such session.
  package func checklist(_ session: String, of standing: Standing) -> Checklist? {
    guard let memo else { return standing.checklist(session) }
    let key = standing.checklistKey(session)
    let kept = memo.sessionChecklistsLock.withLock { memo.sessionChecklists.kept[session] }
    if let kept, kept.key == key { return kept.checklist }
    guard let checklist = standing.checklist(session) else { return nil }
    memo.sessionChecklistsLock.withLock {
      memo.sessionChecklists.kept[session] = (key, checklist)
      memo.sessionChecklists.made += 1
    }
    return checklist
  }
}
