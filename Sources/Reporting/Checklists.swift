import MatrixFormat
import Observations
import QAModel
import ScenarioEngine

/// Makes the checklist of each device session of a plan: the one model (``Checklist``) the Markdown
/// and HTML writers render.
package enum Checklists {
  /// One checklist per device session of `plan`'s manual items, in plan order.
  ///
  /// Each checklist has the device, OS, build and plan fingerprint, the assignee, the preconditions
  /// first (the build, the Simulator's hardware-keyboard setting, the haptic settings), then the items
  /// grouped by input method, each section opening with its own keyboard's preconditions (switch to it
  /// now), and then haptics, each with its number, stable id, steps, expected results and what to
  /// record. Simulator sessions carry the plan's note on why no haptic feel items are planned.
  ///
  /// Numbers come from `ledger` updated for `plan` (``ChecklistLedger/updated(for:)``): a first
  /// checklist numbers its items from 1 in plan order; after a re-plan every item keeps its number, new
  /// items get new ones and a removed item's number is not reused.
  ///
  /// ```swift
  /// let path = "matrices/default.yaml"
  /// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  /// let document = try MatrixDocument.load(path: path, bytes: bytes).document
  /// guard case .qapass(let file) = document else { return }
  /// let plan = try Plan.make(file: file)
  /// let ledgerPath = "checklists/ledger.yaml"
  /// let ledgerBytes = Array(try Data(contentsOf: URL(fileURLWithPath: ledgerPath)))
  /// let ledger = try ChecklistLedger.parse(ledgerBytes, path: ledgerPath)
  /// let catalog = ObservableCatalog(plan: plan)
  /// for checklist in Checklists.render(plan: plan, file: file, catalog: catalog, ledger: ledger) {
  ///   try Writers.checklist.files(checklist, formats: Writers.checklist.identifiers)  // .md and .html
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - plan: The plan, made from `file`.
  ///   - file: The matrix file, for device and keyboard names and the testers.
  ///   - catalog: The plan's manual items as observations name them (each item's fresh sheet entry).
  ///   - ledger: The numbers the checklists were written with before (empty: a first checklist).
  ///   - folder: The checklists folder as the commands the checklist prints must name it
  ///     (`--checklists qa`), or `nil` for the default one.
  ///   - only: The one session to render (a served page), or `nil` for all.
  /// - Returns: The checklists, sessions in plan order; file names are unique.
  package static func render(
    plan: Plan, file: MatrixFile, catalog: ObservableCatalog, ledger: ChecklistLedger = ChecklistLedger(),
    folder: String? = nil, only: SessionID? = nil
  ) -> [Checklist] {
    var sessions: [SessionID] = []
    var itemsBySession: [SessionID: [PlanItem]] = [:]
    for item in plan.items where item.kind == .manual {
      let session = Self.session(item)
      if itemsBySession[session] == nil { sessions.append(session) }
      itemsBySession[session, default: []].append(item)
    }
    let names = fileNames(sessions)
    let ledger = ledger.updated(for: plan)
    let observables = Dictionary(
      catalog.items.map { ($0.id, $0) },
      uniquingKeysWith: { first, _ in first })
    return sessions.filter { only == nil || $0 == only }.map { session in
      var checklist = checklist(
        session, items: itemsBySession[session] ?? [],
        fileName: names[session] ?? session.fileStem + ".md", plan: plan, file: file,
        numbers: ledger.sessions.first { $0.id == session }?.current ?? [:], observables: observables)
      checklist.folder = folder
      return checklist
    }
  }

  /// The manual items of the device session `session` (such as `iphone-16e.26.x`) in plan order, the
  /// order its checklist lists them in (their numbers are the ledger's).
  package static func sessionItems(plan: Plan, session: String) -> [PlanItem] {
    plan.items.filter { $0.kind == .manual && Self.session($0).description == session }
  }

  /// The checklist file name of each device session of `plan` (`iphone-16e.26.x` →
  /// `iphone-16e.26.x.md`), as ``render(plan:file:catalog:ledger:folder:)`` names them.
  package static func fileNames(plan: Plan) -> [SessionID: String] {
    var sessions: [SessionID] = []
    var seen: Set<SessionID> = []
    // By index: each item is read where it is, not copied out of the plan.
    for index in plan.items.indices where plan.items[index].kind == .manual {
      let session = Self.session(plan.items[index])
      if seen.insert(session).inserted { sessions.append(session) }
    }
    return fileNames(sessions)
  }

  /// The session of a manual item (a configuration without a device or OS leaves it empty).
  static func session(_ item: PlanItem) -> SessionID {
    item.configuration.session
      ?? SessionID(device: item.configuration.device ?? "", os: item.configuration.os ?? "")
  }

  /// Unique file names for `sessions`, in order: the stem, then `-2`, `-3`… on a clash.
  static func fileNames(_ sessions: [SessionID]) -> [SessionID: String] {
    var usedNames: Set<String> = []
    var names: [SessionID: String] = [:]
    for session in sessions {
      var name = session.fileStem
      if usedNames.contains(name) {
        var number = 2
        while usedNames.contains("\(name)-\(number)") { number += 1 }
        name += "-\(number)"
      }
      usedNames.insert(name)
      names[session] = name + ".md"
    }
    return names
  }

  /// The checklist of one session: its header facts, notes, preconditions and sections.
  static func checklist(
    _ session: SessionID, items: [PlanItem], fileName: String, plan: Plan, file: MatrixFile,
    numbers: [ItemID: Int], observables: [ItemID: ObservableItem]
  ) -> Checklist {
    let device = file.device(session.device.rawValue)
    var kind = "physical device"
    if let device {
      kind = device.kind == .simulator ? "Simulator" : "physical device"
      kind += device.haptics ? ", plays haptics" : ", no haptics"
    }
    var checklist = Checklist(
      session: session, fileName: fileName, deviceName: device?.name ?? session.device.rawValue,
      deviceKind: kind, build: plan.build, planName: plan.name, planFingerprint: plan.fingerprint,
      testers: file.testers.map(\.name))
    if let assignee = plan.assignments.first(where: { $0.session == session }) {
      checklist.assignment = Checklist.Assignment(
        tester: assignee.tester,
        timeZone: plan.testerTimeZones.first { $0.key == assignee.tester }?.value)
    }

    func isKeyboard(_ item: PlanItem) -> Bool {
      item.channel == .composition && item.configuration.inputMethod != nil
    }
    let keyboardItems = items.filter(isKeyboard)
    let hapticItems = items.filter { $0.channel == .haptics }
    let otherItems = items.filter { !isKeyboard($0) && $0.channel != .haptics }
    // Each keyboard's items, grouped once: in order of the keyboard's first item.
    var methods: [InputMethodID] = []
    var methodItems: [InputMethodID: [PlanItem]] = [:]
    for item in keyboardItems {
      guard let method = item.configuration.inputMethod else { continue }
      if methodItems[method] == nil { methods.append(method) }
      methodItems[method, default: []].append(item)
    }
    checklist.notes = plan.notes.filter { note in
      note.hasPrefix("\(session.device) on \(session.os): ")
        || methods.contains { note.hasPrefix("input method '\($0)': ") }
    }

    // A keyboard's own preconditions ("switch to X now") head its section: one keyboard at a time.
    var sectionLines: [InputMethodID: [String]] = [:]
    for method in methods {
      let group = methodItems[method] ?? []
      sectionLines[method] = orderedPreconditions(group).filter { line in
        group.allSatisfy { $0.preconditions.contains(line) }
          && !items.contains { $0.configuration.inputMethod != method && $0.preconditions.contains(line) }
      }
    }
    let perSection = Set(sectionLines.values.joined())
    checklist.beforeYouStart = orderedPreconditions(items).filter { !perSection.contains($0) }
    if checklist.beforeYouStart.isEmpty {
      checklist.beforeYouStart.append("Build under test: \(checklist.buildText).")
    }

    func entry(_ item: PlanItem) -> Checklist.Item {
      Checklist.Item(
        number: numbers[item.id] ?? 0, id: item.id, heading: heading(item, file: file), steps: item.steps,
        expected: item.expected, record: item.record, observable: observables[item.id])
    }
    for method in methods {
      let input = file.inputMethod(method.rawValue)
      checklist.sections.append(
        Checklist.Section(
          kind: .keyboard(method, label: input?.label ?? method.rawValue, identifier: input?.keyboard),
          preconditions: sectionLines[method] ?? [],
          items: (methodItems[method] ?? []).map(entry)))
    }
    if !hapticItems.isEmpty {
      let reference = hapticItems.first?.haptic
      checklist.sections.append(
        Checklist.Section(
          kind: .haptics(pattern: reference?.fingerprint, parameters: reference?.parameters ?? []),
          preconditions: [], items: hapticItems.map(entry)))
    }
    if !otherItems.isEmpty {
      checklist.sections.append(
        Checklist.Section(kind: .other, preconditions: [], items: otherItems.map(entry)))
    }
    return checklist
  }

  /// Every item's preconditions once: those every item shares first, then per channel (keyboard
  /// items, then haptic items) those the channel's items share, then the rest, each in order of
  /// first appearance.
  static func orderedPreconditions(_ items: [PlanItem]) -> [String] {
    var all: [String] = []
    for item in items {
      for line in item.preconditions where !all.contains(line) { all.append(line) }
    }
    func shared(by group: some Collection<PlanItem>) -> [String] {
      group.isEmpty ? [] : all.filter { line in group.allSatisfy { $0.preconditions.contains(line) } }
    }
    var ordered = shared(by: items)
    for channel in Scenario.Channel.allCases {
      // Lazy: the channel's items are read where they are, not copied out.
      let group = items.lazy.filter { $0.channel == channel }
      for line in shared(by: group) + group.flatMap(\.preconditions) where !ordered.contains(line) {
        ordered.append(line)
      }
    }
    return ordered
  }

  /// `M2 · Choose a candidate… — Full name`, from the catalog title and the item's field and extras.
  static func heading(_ item: PlanItem, file: MatrixFile) -> String {
    let scenario = ScenarioCatalog.scenario(item.scenario)
    var heading = item.scenario.rawValue.uppercased() + " · " + (scenario?.title ?? item.title)
    var details: [String] = []
    if let field = item.configuration.field?.rawValue { details.append(file.field(field)?.label ?? field) }
    details += item.configuration.extras.map { "\($0.key) \($0.value)" }
    if !details.isEmpty { heading += " — " + details.joined(separator: ", ") }
    return heading
  }

}
