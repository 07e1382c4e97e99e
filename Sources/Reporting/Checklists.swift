import MatrixFormat
import Observations
import QAModel
import ScenarioEngine
import TextFormats

/// Renders the manual items of a plan as one checklist per device session.
public enum Checklists {
  /// One checklist per device session of `plan`'s manual items, in plan order.
  ///
  /// Each checklist has a title with the device, OS, build and plan fingerprint, a short summary
  /// table, the preconditions first (the build, the Simulator's hardware-keyboard setting, the haptic
  /// settings), then the items grouped by input method, each section opening with its own keyboard's
  /// preconditions (switch to it now), and then haptics, each with its stable id, steps, expected results
  /// and what to record as task-list checkboxes. Simulator sessions carry the plan's note on why no
  /// haptic feel items are planned.
  ///
  /// ```swift
  /// for checklist in Checklists.render(plan: plan, file: file) {
  ///   try write(checklist.markdown, to: "checklists/" + checklist.fileName)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - plan: The plan, made from `file`.
  ///   - file: The matrix file, for device and keyboard names.
  ///   - folder: The checklists folder as the commands the checklist prints must name it
  ///     (`--checklists qa`), or `nil` for the default one.
  /// - Returns: The checklists, sessions in plan order; file names are unique.
  public static func render(plan: Plan, file: MatrixFile, folder: String? = nil) -> [Checklist] {
    var sessions: [SessionID] = []
    var itemsBySession: [SessionID: [PlanItem]] = [:]
    for item in plan.items where item.kind == .manual {
      let session = Self.session(item)
      if itemsBySession[session] == nil { sessions.append(session) }
      itemsBySession[session, default: []].append(item)
    }
    let names = fileNames(sessions)
    let observables = Dictionary(
      ObservableCatalog(plan: plan).items.map { ($0.id, $0) },
      uniquingKeysWith: { first, _ in first })
    let labels = Dictionary(
      file.inputMethods.map { ($0.id, $0.label) }, uniquingKeysWith: { first, _ in first })
    return sessions.map { session in
      let items = itemsBySession[session] ?? []
      var checklist = Checklist(
        session: session, fileName: names[session] ?? session.fileStem + ".md",
        markdown: markdown(session, items: items, plan: plan, file: file, folder: folder))
      checklist.html = ChecklistHTML.render(
        session: session, items: items, observables: observables, plan: plan,
        deviceName: file.device(session.device.rawValue)?.name ?? session.device.rawValue,
        assignee: plan.assignments.first { $0.session == session }?.tester, keyboardLabels: labels,
        heading: { heading($0, file: file) })
      return checklist
    }
  }

  /// The manual items of the device session `session` (such as `iphone-16e.26.x`) in plan order: the
  /// order checklists number them in, starting at 1, so `qapass record 12 --session …` names one.
  public static func sessionItems(plan: Plan, session: String) -> [PlanItem] {
    plan.items.filter { $0.kind == .manual && Self.session($0).description == session }
  }

  /// The checklist file name of each device session of `plan` (`iphone-16e.26.x` →
  /// `iphone-16e.26.x.md`), as ``render(plan:file:)`` names them.
  public static func fileNames(plan: Plan) -> [SessionID: String] {
    var sessions: [SessionID] = []
    for item in plan.items where item.kind == .manual {
      let session = Self.session(item)
      if !sessions.contains(session) { sessions.append(session) }
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

  static func text(_ text: String) -> String { Escaping.markdownInline(text) }
  /// `text` as one shell word: as is when it has only safe characters, else single-quoted.
  static func shellWord(_ text: String) -> String {
    let safe = text.unicodeScalars.allSatisfy {
      ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        || "-_./".unicodeScalars.contains($0)
    }
    return safe && !text.isEmpty
      ? text
      : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }
  static func code(_ text: String) -> String { Escaping.markdownCode(text) }

  static func markdown(
    _ session: SessionID, items: [PlanItem], plan: Plan, file: MatrixFile, folder: String? = nil
  ) -> String {
    let device = file.device(session.device.rawValue)
    let deviceName = device?.name ?? session.device.rawValue
    let build = plan.build ?? "not named by the matrix"
    var out = "# Checklist: \(text(deviceName)), iOS \(text(session.os))\n\n"
    out += "Build under test \(text(build)) · plan fingerprint \(code(plan.fingerprint))\n\n"

    var numbers: [ItemID: Int] = [:]
    for (index, item) in items.enumerated() { numbers[item.id] = index + 1 }
    let keyboardItems = items.filter { $0.channel == .composition }
    let hapticItems = items.filter { $0.channel == .haptics }
    var methods: [InputMethodID] = []
    for item in keyboardItems {
      if let method = item.configuration.inputMethod, !methods.contains(method) { methods.append(method) }
    }
    var kind = "physical device"
    if let device {
      kind = device.kind == .simulator ? "Simulator" : "physical device"
      kind += device.haptics ? ", plays haptics" : ", no haptics"
    }
    // The session id heads the table, so no renderer shows an empty header row.
    out += "| Session | \(code(session.description)) |\n| --- | --- |\n"
    out +=
      "| Device | \(Escaping.markdownTableCell(deviceName)) (\(code(session.device.rawValue))), \(kind) |\n"
    out += "| OS | iOS \(Escaping.markdownTableCell(session.os)) |\n"
    out += "| Build under test | \(Escaping.markdownTableCell(build)) |\n"
    out += "| Plan | \(Escaping.markdownTableCell(plan.name)) |\n"
    out += "| Items | \(keyboardItems.count) keyboard, \(hapticItems.count) haptic |\n"
    if let assignee = plan.assignments.first(where: { $0.session == session }) {
      let zone = plan.testerTimeZones.first { $0.key == assignee.tester }.map { " (\($0.value))" } ?? ""
      out +=
        "| Assigned to | \(Escaping.markdownTableCell((assignee.tester ?? "nobody holds this device") + zone)) |\n"
    }
    out += "| Tester, date, exact OS | |\n"
    // The folder that holds these checklists finds the matrix they were made from (plan-source.yaml).
    let option = folder.map { " --checklists \(shellWord($0))" } ?? ""
    out +=
      "| Record | \(code("qapass record --session \(session)\(option)")) walks the untested items; "
      + "\(code("qapass record 3 --session \(session)\(option) --result pass")) records item 3 |\n\n"

    let sessionNotes = plan.notes.filter { note in
      note.hasPrefix("\(session.device) on \(session.os): ")
        || methods.contains { note.hasPrefix("input method '\($0)': ") }
    }
    for note in sessionNotes { out += "> **Note:** \(text(note))\n\n" }

    // A keyboard's own preconditions ("switch to X now") head its section: one keyboard at a time.
    var sectionLines: [InputMethodID: [String]] = [:]
    for method in methods {
      let group = keyboardItems.filter { $0.configuration.inputMethod == method }
      let others = items.filter { $0.configuration.inputMethod != method }
      sectionLines[method] = orderedPreconditions(group).filter { line in
        group.allSatisfy { $0.preconditions.contains(line) }
          && !others.contains { $0.preconditions.contains(line) }
      }
    }
    let perSection = Set(sectionLines.values.joined())
    out += "## Before you start\n\n"
    var preconditions = orderedPreconditions(items).filter { !perSection.contains($0) }
    if preconditions.isEmpty { preconditions.append("Build under test: \(build).") }
    for line in preconditions { out += "- [ ] \(text(line))\n" }
    out += "\n"

    for method in methods {
      let label = file.inputMethod(method.rawValue)?.label ?? method.rawValue
      out += "## \(text(label)) (\(code(method.rawValue)))\n\n"
      if let keyboard = file.inputMethod(method.rawValue)?.keyboard {
        out += "Keyboard identifier: \(code(keyboard))\n\n"
      }
      for line in sectionLines[method] ?? [] { out += "- [ ] \(text(line))\n" }
      if !(sectionLines[method] ?? []).isEmpty { out += "\n" }
      for item in keyboardItems where item.configuration.inputMethod == method {
        out += itemSection(item, number: numbers[item.id], file: file)
      }
    }
    if !hapticItems.isEmpty {
      out += "## Haptics\n\n"
      if let reference = hapticItems.first?.haptic {
        out += "Confirmation pattern \(code(reference.fingerprint)): "
        out += reference.parameters.map(code).joined(separator: ", ") + "\n\n"
      }
      for item in hapticItems { out += itemSection(item, number: numbers[item.id], file: file) }
    }
    return out
  }

  /// Every item's preconditions once: those every item shares first, then per channel (keyboard
  /// items, then haptic items) those the channel's items share, then the rest, each in order of
  /// first appearance.
  static func orderedPreconditions(_ items: [PlanItem]) -> [String] {
    var all: [String] = []
    for item in items {
      for line in item.preconditions where !all.contains(line) { all.append(line) }
    }
    func shared(by group: [PlanItem]) -> [String] {
      group.isEmpty ? [] : all.filter { line in group.allSatisfy { $0.preconditions.contains(line) } }
    }
    var ordered = shared(by: items)
    for channel in Scenario.Channel.allCases {
      let group = items.filter { $0.channel == channel }
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

  static func itemSection(_ item: PlanItem, number: Int?, file: MatrixFile) -> String {
    var out = "### \(number.map { "\($0). " } ?? "")\(text(heading(item, file: file)))\n\n"
    out += "Item \(code(item.id.rawValue))\n\n"
    if !item.steps.isEmpty {
      out += "Steps:\n\n"
      for (index, step) in item.steps.enumerated() { out += "\(index + 1). \(text(step))\n" }
      out += "\n"
    }
    if !item.expected.isEmpty {
      out += "Expected:\n\n"
      for line in item.expected { out += "- [ ] \(text(line))\n" }
      out += "\n"
    }
    if !item.record.isEmpty {
      out += "Record:\n\n"
      for line in item.record { out += "- [ ] \(text(line))\n" }
      out += "\n"
    }
    out += "Result: pass · fail · blocked · skipped\n\n"
    return out
  }
}
