import QAModel
import Reporting
import ScenarioEngine

/// The numbers a session's checklist gave its items: what `record N --session S` means by N.
extension Workflow {
  /// The number each item of `session` has on its checklist: the ledger's numbers when the checklists
  /// folder has a ledger for the session, else those a checklist written now would give.
  ///
  /// - Throws: `DiagnosticList` for a malformed ledger.
  func checklistNumbers(_ session: String, plan: Plan, source: PlanSource) throws -> [ItemID: Int] {
    let ledger = try ledger(source.ledgerPath) ?? ChecklistLedger()
    if let numbers = ledger.session(session) { return numbers.current }
    return ledger.updated(for: plan).session(session)?.current ?? [:]
  }

  /// The item numbered `number` on the checklist of `session` the tester holds, never another.
  ///
  /// With the ledger beside the checklists the number means the item it meant when the checklist was
  /// written, whatever was re-planned since; a number whose item the plan no longer has is refused.
  /// Without one (checklists written before qapass kept a ledger, or none written yet) the numbers
  /// are the current plan's, and are refused when the session's checklist on disk was written for
  /// another plan: its numbers may mean other items now.
  ///
  /// - Parameters:
  ///   - number: The number on the checklist.
  ///   - session: The session, as `--session` names it.
  ///   - items: The session's items in the current plan.
  ///   - plan: The current plan.
  ///   - source: Where the checklists are.
  /// - Returns: The item's id.
  /// - Throws: ``UsageError`` when the number is not on the checklist or its item is no longer planned.
  func checklistItem(
    _ number: Int, session: String, items: [PlanItem], plan: Plan, source: PlanSource
  ) throws -> ItemID {
    let planned = Set(items.map(\.id))
    if let numbers = try ledger(source.ledgerPath)?.session(session) {
      guard let entry = numbers.entry(number) else {
        throw UsageError(NumberMessage.notOnChecklist(number, session: session, numbers: numbers))
      }
      guard planned.contains(entry.item) else {
        throw UsageError(NumberMessage.noLongerPlanned(number, session: session, item: entry.item))
      }
      return entry.item
    }
    let fresh = ChecklistLedger().updated(for: plan)
    guard let numbers = fresh.session(session), let entry = numbers.entry(number) else {
      throw UsageError("session '\(session)' has items 1 to \(items.count); there is no item \(number)")
    }
    let folder = source.checklists ?? Defaults.checklists
    if let name = Checklists.fileNames(plan: plan).first(where: { $0.key.description == session })?.value {
      let path = "\(folder)/\(name)"
      try declare([.input(path)])
      if files.kind(of: absolute(path), followingLinks: true) == .regular,
        let text = try? read(path), !String(decoding: text, as: UTF8.self).contains("`\(plan.fingerprint)`")
      {
        throw UsageError(NumberMessage.otherPlan(number, path: path, ledger: source.ledgerPath))
      }
    }
    return entry.item
  }

  enum NumberMessage {
    static func notOnChecklist(_ number: Int, session: String, numbers: ChecklistLedger.Session) -> String {
      let inUse = numbers.numbers.filter { !$0.isRetired }.map(\.number)
      let range = inUse.isEmpty ? "no items now" : "items \(inUse.min() ?? 1) to \(inUse.max() ?? 1)"
      return "the checklist of session '\(session)' has no item \(number) (it numbers \(range))"
    }

    static func noLongerPlanned(_ number: Int, session: String, item: ItemID) -> String {
      "item \(number) of the checklist of session '\(session)' is '\(item)', which the plan no longer has "
        + "(the matrix changed since the checklist was written); nothing recorded. 'qapass checklist' writes "
        + "the current checklist; its other items keep their numbers"
    }

    static func otherPlan(_ number: Int, path: String, ledger: String) -> String {
      "\(path) was written for another plan and no \(ledger) keeps its numbers, so item \(number) may be "
        + "another item now; nothing recorded. Record by the item id under its heading, or write the "
        + "checklists again with 'qapass checklist'"
    }
  }
}
