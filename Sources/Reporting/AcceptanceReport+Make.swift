import Observations
import QAModel
import ScenarioEngine

extension AcceptanceReport {
  /// The automated checks that mirror each manual scenario: a device failure where these pass is a
  /// divergence from the core. Haptic scenario h5 (audio interruption) stops the haptic engine (its
  /// `stoppedHandler`, reason `audioSessionInterrupt`; docs/DOMAIN.md 4.1), which `haptic.engine-stopped`
  /// and `haptic.stop-during-save` check (a server reset, `haptic.engine-reset`, is nothing a tester can
  /// cause); v1 (no haptic hardware) is `haptic.unsupported-hardware`.
  package static let coreCounterparts: [(manual: CheckID, automated: [CheckID])] = [
    (.m1, [.c1]), (.m2, [.c2]), (.m3, [.c3]),
    (.h1, [.hapticContract, .hapticSuccess]), (.h2, [.hapticFailure]), (.h3, [.hapticRapidTaps]),
    (.h4, [.hapticBackgroundReturn]), (.h5, [.hapticEngineStopped, .hapticStopDuringSave]),
    (.v1, [.hapticUnsupportedHardware]),
  ]

  /// Builds the report of `plan` from the automated `run` and what ingest concluded of the manual items.
  ///
  /// Automated results are matched to plan items by id (the first result of an id counts); an
  /// automated item without a result is `untested`, and a run made for another plan fingerprint
  /// counts for nothing. Manual items ingest concluded nothing for are `untested`; the first outcome of
  /// an id counts; outcomes for ids that are not manual items of the plan are listed in ``notes`` and
  /// otherwise ignored. The observations stay typed values in the report (who, when, the stale
  /// reasons, conflicts and retests); the writers word them. See ``AcceptanceReport`` for the verdict
  /// rules and ``CoverageGrid`` for cell statuses.
  ///
  /// ```swift
  /// let path = "matrices/default.yaml"
  /// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  /// let document = try MatrixDocument.load(path: path, bytes: bytes).document
  /// guard case .qapass(let file) = document else { return }
  /// let plan = try Plan.make(file: file)
  /// let run = AutomatedRun.run(plan, subject: .core)
  /// let report = AcceptanceReport.make(
  ///   plan: plan, run: run, manual: [], generatedAt: "2026-11-29T20:00:00Z")
  /// report.verdict  // .incomplete: no manual item is observed yet
  /// ```
  ///
  /// - Parameters:
  ///   - plan: The plan.
  ///   - run: The automated run of `plan`.
  ///   - manual: What ingest concluded for each manual item (``IngestResult/items``); missing items are
  ///     untested.
  ///   - generatedAt: The time to print, ISO 8601 UTC, or `nil` (the report never reads the clock).
  ///   - generatedFrom: Where `generatedAt` comes from.
  ///   - checklists: The folder of the checklists, for each manual item's ``ReportItem/checklist``
  ///     (`nil`: not known).
  ///   - previous: The previous report, for ``changes``.
  ///   - apps: The app's own results (``AppResults``), matched with the plan per subject
  ///     (``SubjectResults/apps(_:plan:referencePack:)``); `nil` for a report that does not weigh
  ///     them (`qapass run`). An app subject's failures reject; items it did not run, results of
  ///     another plan or pack, results for items the plan does not have or given twice, and a
  ///     required subject without results leave the pass incomplete.
  ///   - decisions: The waivers, defects and retirements (``ReportDecisions``): a failure a waiver
  ///     holds for does not reject and is listed under the verdict; an expired waiver, or a failure
  ///     anew after one, rejects and says so.
  /// - Returns: The report.
  package static func make(
    plan: Plan, run: RunReport, manual: [ItemOutcome], generatedAt: String?,
    generatedFrom: TimeSource = .caller, checklists: String? = nil, previous: PreviousReport? = nil,
    apps: AppResults? = nil, decisions: ReportDecisions = ReportDecisions()
  ) -> AcceptanceReport {
    var notes = plan.notes
    let runMatches = run.planFingerprint == plan.fingerprint
    var results: [ItemID: ItemResult] = [:]
    if runMatches {
      for result in run.results where results[result.id] == nil { results[result.id] = result }
    }
    let (positions, unknown) = outcomePositions(plan, manual)
    if !unknown.isEmpty {
      notes.append(
        "\(unknown.count) manual status(es) name no manual item of this plan and were ignored: "
          + unknown.sorted().map(\.rawValue).joined(separator: ", "))
    }

    let checklistNames = checklists == nil ? [:] : Checklists.fileNames(plan: plan)
    var index = -1
    let items = plan.items.map { item in
      index += 1
      let outcome = positions[index].map { manual[$0] }
      // Only an automated item has a result of the run (a manual item's is not read).
      var report = reportItem(
        item, result: item.kind == .automated ? results[item.id] : nil, ingested: outcome)
      if let checklists, item.kind == .manual,
        let name = checklistNames[Checklists.session(item)]
      {
        report.checklist = checklists.isEmpty ? name : checklists + "/" + name
      }
      decide(&report, outcome, decisions)
      return report
    }
    let automated = items.filter { $0.kind == .automated }
    let reference = SubjectResults(reference: run, items: automated, planFingerprint: plan.fingerprint)
    let subjects = apps.map {
      SubjectResults.apps($0.runs, plan: plan, referencePack: runMatches ? run.packFingerprint : "")
    }
    let required = apps?.required ?? []
    if let notRun = run.notRunExplanation { notes.append(notRun + ".") }
    if run.subject != .core {
      notes.append("The automated items ran against the '\(run.subject.rawValue)' subject, not the core.")
    }

    var report = AcceptanceReport(
      planName: plan.name, planPath: plan.path, build: plan.build, planFingerprint: plan.fingerprint,
      generatedAt: generatedAt, generatedFrom: generatedFrom, subject: run.subject.rawValue,
      verdict: .incomplete, verdictReasons: [], items: items,
      checks: checkSummaries(items), compositionGrid: compositionGrid(items), hapticsGrid: hapticsGrid(items),
      divergences: divergences(items), pairCoverage: pairCoverage(items), removedCells: plan.removedCells,
      notes: notes, sessions: SessionProgress.sessions(items),
      testers: TesterProgress.testers(items, assignments: assignedSessions(plan, items)))
    report.subjects =
      [reference]
      + (subjects ?? []).map { subject in
        var subject = subject
        subject.requiredBy = required.first { $0.name == subject.name }?.requiredBy
        return subject
      }
    report.requiredSubjects = required
    report.retired = decisions.retired
    report.changes = previous.map { previous in
      var formerIDs: [ItemID: [ItemID]] = [:]
      for item in plan.items {
        let former = item.formerIDs(plan.renames)
        if !former.isEmpty { formerIDs[item.id] = former }
      }
      return ReportChanges.compare(items, subjects: report.subjects, previous: previous, formerIDs: formerIDs)
    }
    report.findings = findings(
      plan: plan, items: items, reference: reference, apps: subjects, required: required)
    report.decide()
    return report
  }

  /// For each item of `plan`, the position in `manual` of its outcome (the first of a repeated id),
  /// or `nil`; and the ids of the outcomes that name no manual item of the plan, in `manual`'s order.
  ///
  /// Ingest concludes one outcome for each manual item of the plan, in plan order: then the k-th
  /// manual item's outcome is `manual[k]`, found without looking each id up in a table. Otherwise (a
  /// caller's own outcomes, an id given twice) each is found by its id.
  static func outcomePositions(_ plan: Plan, _ manual: [ItemOutcome]) -> (
    positions: [Int?], unknown: [ItemID]
  ) {
    var positions = [Int?](repeating: nil, count: plan.items.count)
    var next = 0
    var inOrder = true
    var ids: Set<ItemID> = []
    ids.reserveCapacity(manual.count)
    for index in plan.items.indices where plan.items[index].kind == .manual {
      guard next < manual.count, manual[next].item.id == plan.items[index].id,
        ids.insert(manual[next].item.id).inserted
      else {
        inOrder = false
        break
      }
      positions[index] = next
      next += 1
    }
    if inOrder, next == manual.count,
      plan.items.indices.allSatisfy({ plan.items[$0].kind == .manual || !ids.contains(plan.items[$0].id) })
    {
      return (positions, [])
    }
    // By id: the first outcome of each id; an outcome whose id names no manual item of the plan is
    // listed, and none is found for it.
    var byID: [ItemID: Int] = [:]
    byID.reserveCapacity(manual.count)
    for (position, outcome) in manual.enumerated() where byID[outcome.item.id] == nil {
      byID[outcome.item.id] = position
    }
    var planned = [Bool](repeating: false, count: manual.count)
    for index in plan.items.indices where plan.items[index].kind == .manual {
      if let position = byID[plan.items[index].id] { planned[position] = true }
    }
    for index in plan.items.indices {
      positions[index] = byID[plan.items[index].id].flatMap { planned[$0] ? $0 : nil }
    }
    let unknown = manual.filter { !planned[byID[$0.item.id] ?? 0] }.map(\.item.id)
    return (positions, unknown)
  }

  /// The decisions about one item: its defects, its waiver when it fails, its evidence files' links.
  static func decide(_ item: inout ReportItem, _ ingested: ItemOutcome?, _ decisions: ReportDecisions) {
    let ids = [item.id] + (ingested?.item.formerIDs ?? [])
    item.defects = decisions.file.defects(of: ids).map { DefectLink(id: $0, url: decisions.policy.link($0)) }
    guard item.kind == .manual, let observation = item.observation else { return }
    if item.outcome == .fail { item.waiver = decisions.waiver(of: item.id, failedAt: observation.time) }
    item.attachmentLinks = observation.attachments.map { decisions.attachmentLinks[$0] ?? $0 }
  }

  /// The sessions `plan --assign` gave each tester, with their manual items and how many of those
  /// have a current result (pass, fail, blocked or skipped, whoever recorded it), in plan order.
  static func assignedSessions(_ plan: Plan, _ items: [ReportItem]) -> [TesterProgress.Assignment] {
    // Most plans assign no one: nothing to count, and no table of every item to make.
    guard plan.assignments.contains(where: { $0.tester != nil }) else { return [] }
    let sessions = Dictionary(plan.sessions.map { ($0.id, $0.itemIDs) }, uniquingKeysWith: { a, _ in a })
    let outcomes = Dictionary(items.map { ($0.id, $0.outcome) }, uniquingKeysWith: { a, _ in a })
    return plan.assignments.compactMap { assignment in
      guard let tester = assignment.tester else { return nil }
      let ids = sessions[assignment.session] ?? []
      return TesterProgress.Assignment(
        tester: tester, session: assignment.session, items: ids.count,
        done: ids.count { outcomes[$0]?.isResult ?? false })
    }
  }

  /// The report of a run alone (`qapass run`): the plan's automated items and their results, with
  /// the same items, outcomes and test identities as the pass report's automated part.
  ///
  /// The verdict follows the same rules over the automated items only: REJECTED when one failed,
  /// INCOMPLETE when one could not run or has no result, ACCEPTED otherwise.
  ///
  /// - Parameters:
  ///   - plan: The plan the run was made for.
  ///   - run: The run.
  ///   - generatedAt: ISO 8601 UTC, or `nil` (the report never reads the clock).
  ///   - generatedFrom: Where `generatedAt` comes from.
  /// - Returns: A report whose ``scope`` is ``Scope/run``.
  package static func makeRun(
    plan: Plan, run: RunReport, generatedAt: String?, generatedFrom: TimeSource = .none
  ) -> AcceptanceReport {
    var automated = plan
    automated.items = plan.items.filter { $0.kind == .automated }
    automated.removedCells = []
    var report = make(
      plan: automated, run: run, manual: [], generatedAt: generatedAt, generatedFrom: generatedFrom)
    report.scope = .run
    return report
  }

  static func reportItem(_ item: PlanItem, result: ItemResult?, ingested: ItemOutcome?) -> ReportItem {
    var fields = ReportItem.Fields(
      id: item.id, kind: item.kind, channel: item.channel, scenario: item.scenario,
      scenarioVersion: item.scenarioVersion, title: item.title, configuration: item.configuration,
      outcome: .untested, implementation: "", problems: [], steps: [], hapticLog: [], observation: nil,
      conflicts: [], expected: item.expected)
    switch item.kind {
    case .automated:
      guard let result else { return ReportItem(fields) }
      fields.outcome = result.status
      fields.implementation = result.implementation
      fields.problems = result.problems
      fields.steps = result.steps
      fields.hapticLog = result.hapticLog
      fields.texts = result.texts
    case .manual:
      guard let ingested else { return ReportItem(fields) }
      fields.outcome = ingested.status
      fields.observation = ingested.deciding?.observation
      if ingested.status == .stale { fields.staleReasons = ingested.deciding?.staleReasons ?? [] }
      fields.conflicts = ingested.conflicts
      fields.superseded = ingested.superseded
      fields.fixedOnRetest = ingested.isFixedOnRetest
    }
    return ReportItem(fields)
  }

  static func count(_ number: Int, _ noun: String) -> String {
    number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
  }

  /// `c1: 2, c3: 1`, checks in order of first appearance.
  static func perCheck(_ items: [ReportItem]) -> String {
    var order: [CheckID] = []
    var counts: [CheckID: Int] = [:]
    for item in items {
      if counts[item.scenario] == nil { order.append(item.scenario) }
      counts[item.scenario, default: 0] += 1
    }
    return order.map { "\($0): \(counts[$0] ?? 0)" }.joined(separator: ", ")
  }

  // MARK: Checks

  /// Every automated check of the catalog (``ScenarioCatalog/all``), in its order, with the outcomes of
  /// its items and of its manual counterpart's: a check the plan has no items of is listed with none.
  static func checkSummaries(_ items: [ReportItem]) -> [CheckSummary] {
    // One pass: each scenario's automated and manual counts.
    var automated: [CheckID: OutcomeCounts] = [:]
    var manual: [CheckID: OutcomeCounts] = [:]
    for index in items.indices {
      let (scenario, outcome) = (items[index].scenario, items[index].outcome)
      switch items[index].kind {
      case .automated: automated[scenario, default: OutcomeCounts()].add(outcome)
      case .manual: manual[scenario, default: OutcomeCounts()].add(outcome)
      }
    }
    var summaries: [CheckSummary] = []
    for scenario in ScenarioCatalog.all where scenario.kind == .automated {
      let counterpart = coreCounterparts.first { $0.automated.contains(scenario.id) }?.manual
      summaries.append(
        CheckSummary(
          id: scenario.id, channel: scenario.channel, title: scenario.title, statement: scenario.statement,
          automated: automated[scenario.id] ?? OutcomeCounts(),
          manualScenario: counterpart,
          manual: counterpart.flatMap { manual[$0] } ?? OutcomeCounts()))
    }
    return summaries
  }

  // MARK: Grids

  /// Values of `key` in order of first appearance among the items `included` admits.
  static func axis<Value: Hashable>(
    _ items: [ReportItem], _ key: KeyPath<PlanItem.Configuration, Value?>,
    where included: (Scenario.Kind, Scenario.Channel) -> Bool
  ) -> [Value] {
    var values: [Value] = []
    var seen: Set<Value> = []
    for index in items.indices where included(items[index].kind, items[index].channel) {
      if let value = items[index].configuration[keyPath: key], seen.insert(value).inserted {
        values.append(value)
      }
    }
    return values
  }

  /// The core's status for each input method: its C1–C3 items (no entry: no such items).
  static func coreStatuses(_ items: [ReportItem]) -> [InputMethodID: CoverageGrid.Status] {
    var outcomes: [InputMethodID: [Outcome]] = [:]
    for index in items.indices where items[index].kind == .automated && items[index].channel == .composition {
      if let method = items[index].configuration.inputMethod {
        outcomes[method, default: []].append(items[index].outcome)
      }
    }
    return outcomes.mapValues { CoverageGrid.Status.aggregate($0.map(CoverageGrid.Status.of)) }
  }

  /// The cell of the manual items with `outcomes` (none: not applicable).
  static func cell(_ outcomes: [Outcome], core: CoverageGrid.Status?) -> CoverageGrid.Cell {
    guard !outcomes.isEmpty else {
      return CoverageGrid.Cell(
        status: .notApplicable, manualItems: 0, manualPasses: 0, manualFailures: 0, core: nil)
    }
    return CoverageGrid.Cell(
      status: .aggregate(outcomes.map(CoverageGrid.Status.of), core: core),
      manualItems: outcomes.count,
      manualPasses: outcomes.count { $0 == .pass },
      manualFailures: outcomes.count { $0 == .fail },
      core: core)
  }

  /// Two configuration values of an item, for grouping a grid's cells.
  struct CellKey<Row: Hashable, Column: Hashable>: Hashable {
    var row: Row?
    var column: Column?
  }

  static func compositionGrid(_ items: [ReportItem]) -> CoverageGrid {
    let systems = axis(items, \.os) { $0 == .manual && $1 == .composition }
    let methods = axis(items, \.inputMethod) { $1 == .composition }
    var members: [CellKey<String, InputMethodID>: [Outcome]] = [:]
    for index in items.indices where items[index].kind == .manual && items[index].channel == .composition {
      let configuration = items[index].configuration
      members[CellKey(row: configuration.os, column: configuration.inputMethod), default: []].append(
        items[index].outcome)
    }
    let core = coreStatuses(items)
    let cells = systems.map { os in
      methods.map { method in cell(members[CellKey(row: os, column: method)] ?? [], core: core[method]) }
    }
    return CoverageGrid(
      title: "Composition: OS × input method", rowName: "OS", columnName: "Input method",
      rows: systems.map { .init(id: $0, label: "iOS \($0)") },
      columns: methods.map { .init(id: $0.rawValue, label: $0.rawValue) },
      cells: cells, fileName: "coverage-composition.svg")
  }

  static func hapticsGrid(_ items: [ReportItem]) -> CoverageGrid {
    let devices = axis(items, \.device) { kind, _ in kind == .manual }
    let systems = axis(items, \.os) { kind, _ in kind == .manual }
    var members: [CellKey<DeviceID, String>: [Outcome]] = [:]
    for index in items.indices where items[index].kind == .manual && items[index].channel == .haptics {
      let configuration = items[index].configuration
      members[CellKey(row: configuration.device, column: configuration.os), default: []].append(
        items[index].outcome)
    }
    let cells = devices.map { device in
      systems.map { os in cell(members[CellKey(row: device, column: os)] ?? [], core: nil) }
    }
    return CoverageGrid(
      title: "Haptics: device × OS", rowName: "Device", columnName: "OS",
      rows: devices.map { .init(id: $0.rawValue, label: $0.rawValue) },
      columns: systems.map { .init(id: $0, label: "iOS \($0)") },
      cells: cells, fileName: "coverage-haptics.svg")
  }

  // MARK: Divergences and coverage

  static func divergences(_ items: [ReportItem]) -> [Divergence] {
    /// How many automated items a group holds and whether every one passed.
    struct Tally {
      var count = 0
      var allPass = true
      mutating func add(_ outcome: Outcome) {
        count += 1
        allPass = allPass && outcome == .pass
      }
      mutating func add(_ other: Tally) {
        count += other.count
        allPass = allPass && other.allPass
      }
    }
    /// An automated check for one input method and field: a composition item's counterparts.
    struct Key: Hashable {
      var scenario: CheckID
      var inputMethod: InputMethodID?
      var field: FieldID?
    }
    // One pass over the automated items, so each failure is matched in constant time.
    var byCheck: [CheckID: Tally] = [:]
    var byKey: [Key: Tally] = [:]
    for candidate in items where candidate.kind == .automated {
      byCheck[candidate.scenario, default: Tally()].add(candidate.outcome)
      let key = Key(
        scenario: candidate.scenario, inputMethod: candidate.configuration.inputMethod,
        field: candidate.configuration.field)
      byKey[key, default: Tally()].add(candidate.outcome)
    }
    var found: [Divergence] = []
    for item in items where item.kind == .manual && item.outcome == .fail {
      guard let checks = coreCounterparts.first(where: { $0.manual == item.scenario })?.automated else {
        continue
      }
      var core = Tally()
      for check in Set(checks) {
        if item.channel == .composition {
          let key = Key(
            scenario: check, inputMethod: item.configuration.inputMethod, field: item.configuration.field)
          core.add(byKey[key] ?? Tally())
        } else {
          core.add(byCheck[check] ?? Tally())
        }
      }
      guard core.count > 0, core.allPass else { continue }
      found.append(
        Divergence(
          itemID: item.id, scenario: item.scenario, configuration: item.configuration, coreChecks: checks,
          corePasses: core.count, observation: item.observation))
    }
    return found
  }

  static func pairCoverage(_ items: [ReportItem]) -> PairCoverage {
    func cell(_ item: ReportItem) -> [String]? {
      guard let device = item.configuration.device, let os = item.configuration.os,
        let method = item.configuration.inputMethod
      else { return nil }
      return [device.rawValue, os, method.rawValue]
    }
    let manual = items.filter { $0.kind == .manual && $0.channel == .composition }
    return PairCoverage.compute(
      planned: manual.compactMap(cell),
      executed: manual.filter { $0.outcome == .pass || $0.outcome == .fail }.compactMap(cell))
  }
}
