import MatrixFormat
import Observations
import QAModel
import Reporting

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
}
