import Observations
import QAModel
import Reporting
import ScenarioEngine

/// The numbers a session's checklist gave its items: what `record N --session S` means by N.
extension Workflow {
  /// The number each item of `session` has on its checklist, by the item's id now: the ledger's
  /// numbers (an item renamed since keeps its number), and for an item the ledger does not have yet,
  /// the number a checklist written now would give it.
  ///
  /// - Throws: `DiagnosticList` for a malformed ledger.
  func checklistNumbers(_ session: String, plan: Plan, source: PlanSource) throws -> [ItemID: Int] {
    let ledger = try ledger(source.ledgerPath) ?? ChecklistLedger()
    return ledger.updated(for: plan).session(session)?.current ?? [:]
  }

  /// The item numbered `number` on the checklist of `session` the tester holds, never another.
  ///
  /// With the ledger beside the checklists the number means the item it meant when the checklist was
  /// written, whatever was re-planned since: its id then (an item renamed since, with `renamed_from:`,
  /// is found under it), and a number whose item the plan no longer has is refused. A session the
  /// ledger does not have yet (its device renamed since the checklists were written) takes the numbers
  /// the next checklists will give it. Without a ledger (checklists written before qapass kept one, or
  /// none written yet) the numbers are the current plan's, and are refused when the session's checklist
  /// on disk was written for another plan: its numbers may mean other items now.
  ///
  /// - Parameters:
  ///   - number: The number on the checklist.
  ///   - session: The session, as `--session` names it.
  ///   - plan: The current plan.
  ///   - source: Where the checklists are.
  ///   - catalog: The plan's manual items.
  /// - Returns: The item's id as the checklist names it.
  /// - Throws: ``UsageError`` when the number is not on the checklist or its item is no longer planned.
  func checklistItem(
    _ number: Int, session: String, plan: Plan, source: PlanSource, catalog: ObservableCatalog
  ) throws -> ItemID {
    let ledger = try ledger(source.ledgerPath)
    // A session the plan does not have is unknown, unless its device was renamed since the checklist.
    let renamed = ledger?.session(session).map { numbers in
      !numbers.numbers.contains { catalog.item($0.item) != nil }
        && numbers.numbers.contains { catalog.item(following: $0.item) != nil }
    }
    if renamed != true { _ = try sessionItems(session, plan: plan) }
    if let numbers = ledger?.session(session) {
      guard let entry = numbers.entry(number) else {
        throw UsageError(NumberMessage.notOnChecklist(number, session: session, numbers: numbers))
      }
      guard catalog.item(following: entry.item) != nil else {
        throw UsageError(NumberMessage.noLongerPlanned(number, session: session, item: entry.item))
      }
      return entry.item
    }
    let items = try sessionItems(session, plan: plan)
    let next = (ledger ?? ChecklistLedger()).updated(for: plan)
    guard let numbers = next.session(session), let entry = numbers.entry(number), !entry.isRetired else {
      if ledger != nil, let numbers = next.session(session) {
        throw UsageError(NumberMessage.notOnChecklist(number, session: session, numbers: numbers))
      }
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
