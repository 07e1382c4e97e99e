import Diagnostics
import Foundation
import Observations
import QAModel
import Reporting
import ScenarioEngine

extension Workflow {
  /// The inputs of ``record(_:)``.
  public struct RecordInputs: Sendable {
    /// The matrix file (default matrices/default.yaml) and planning overrides, as the checklists were
    /// written with: its `checklists` holds a pairwise plan's kept cells and the sheets.
    public var source: PlanSource
    /// The plan item id, or with `session` its number in the session's checklist; `nil` walks the
    /// session's untested items.
    public var item: String?
    /// The device session, such as `iphone-16e.26.x`.
    public var session: String?
    /// The result (required with an item).
    public var result: Outcome?
    /// Who tested (default: `$QAPASS_TESTER`, else `$USER`).
    public var tester: String?
    /// What was seen.
    public var note: String?
    /// Why the item is blocked.
    public var reason: String?
    /// Links to screenshots or clips.
    public var evidence: [String] = []
    /// The device used; must be the item's.
    public var device: String?
    /// The exact OS version run, a release of the item's.
    public var os: String?
    /// The app build tested (default: the matrix's build).
    public var build: String?
    /// Parameters of the item's haptic pattern as felt, `name=value`.
    public var felt: [String] = []
    /// When, ISO 8601 (default now); not ahead of the clock.
    public var time: String?
    /// Where recorded observation files live (`nil`: `observations`): read by the walk, and the folder
    /// of the records file when `file` is not given.
    public var observations: String?
    /// The records file (`nil`: `records.yaml` in `observations`, so `pass` with the same
    /// `--observations` reads what was recorded).
    public var file: String?
    /// Whether missing folders above `file` are created (always for the default one).
    public var createFolders = false

    /// Creates the inputs.
    public init(source: PlanSource, item: String? = nil, session: String? = nil) {
      self.source = source
      self.item = item
      self.session = session
    }

    var recordsPath: String { file ?? "\(observations ?? Defaults.observations)/\(Defaults.recordsFileName)" }
  }

  /// The observation `record` appended, or the session walk's answers.
  public enum Recorded: Sendable {
    /// One observation, appended.
    case observation(Observation)
    /// The walk through a session's untested items.
    case walk(SessionWalk.Summary)
  }

  /// `qapass record`: appends one observation of a manual item to the records file, atomically and
  /// under its lock; without an item, walks the session's untested items on the console, recording
  /// each answer as soon as it is given.
  ///
  /// - Returns: What was recorded.
  /// - Throws: ``UsageError`` for an unknown item or session, a result that does not fit the item;
  ///   records-file errors.
  public func record(_ inputs: RecordInputs) throws -> Completion<Recorded> {
    begin()
    guard let reference = inputs.item else {
      guard let session = inputs.session else {
        throw UsageError("give an item id, or --session <session> to walk a session's untested items")
      }
      return completion(.walk(try walk(session: session, inputs)))
    }
    let session = inputs.session
    guard let result = inputs.result else {
      throw UsageError("missing option '--result <result>' (pass, fail, blocked or skipped)")
    }
    let plan = try loadPlan(inputs.source).plan
    let catalog = ObservableCatalog(plan: plan)
    let itemID = try resolve(reference, session: session, plan: plan, source: inputs.source)
    guard let item = catalog.item(itemID) else {
      let known = catalog.items.map(\.id.rawValue)
      throw UsageError(
        "unknown manual item '\(itemID)'\(Suggestion.hint(for: itemID.rawValue, among: known, listLimit: 5)) "
          + "('qapass plan' lists the ids)")
    }
    let tester = try self.tester(inputs)
    let time: Timestamp
    if let text = inputs.time {
      do { time = try Timestamp.parse(text) } catch { throw UsageError("'--time': \(error.description)") }
      if let problem = time.aheadProblem(of: .now(clock)) { throw UsageError("'--time': \(problem)") }
    } else {
      time = Timestamp.now(clock)
    }
    let note = [inputs.reason, inputs.note].compactMap { $0 }.filter {
      !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }.joined(separator: " — ")
    if result == .blocked && note.isEmpty {
      throw UsageError("a blocked item needs a reason: add --reason \"what stopped the test\" (or a --note)")
    }
    var observation = Observation(
      item: item, result: result, tester: tester, time: time, build: inputs.build ?? plan.build,
      note: note.isEmpty ? nil : note, evidence: inputs.evidence)
    if let device = inputs.device, device != item.device.rawValue {
      throw UsageError(
        "'\(itemID)' is planned for device '\(item.device)', not '\(device)'; record the item of the device "
          + "you used ('qapass plan' lists them)")
    }
    if let os = inputs.os {
      guard OSVersion.observed(os, isWithin: item.os) else {
        throw UsageError(
          "'\(itemID)' is planned for iOS \(item.os); '\(os)' is not a release of it (give the exact version "
            + "you ran, such as \(item.os.replacingOccurrences(of: "x", with: "4")))")
      }
      observation.os = os
    }
    for pair in inputs.felt {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, !parts[0].isEmpty, item.isHaptic else {
        throw UsageError(
          item.isHaptic
            ? "'--felt' takes name=value, such as intensity=0.8, not '\(pair)'"
            : "'--felt' is for haptic items; '\(itemID)' is not one")
      }
      if let problem = RecordMessage.feltProblem(name: parts[0], value: parts[1], item: item) {
        throw UsageError(problem)
      }
      observation.hapticParameters[parts[0]] = parts[1]
    }
    let path = inputs.recordsPath
    try append(observation, inputs)
    console.out("recorded \(result.rawValue) for \(itemID) by \(tester) at \(time) in \(path)\n")
    return completion(.observation(observation))
  }

  func tester(_ inputs: RecordInputs) throws -> String {
    let environment = console.environment
    guard let tester = inputs.tester ?? environment["QAPASS_TESTER"] ?? environment["USER"], !tester.isEmpty
    else { throw UsageError("missing option '--tester <name>' (or set QAPASS_TESTER)") }
    return tester
  }

  /// Appends one observation to the records file of `inputs`, under its lock.
  func append(_ observation: Observation, _ inputs: RecordInputs) throws {
    let records = try recordsFile(
      inputs.recordsPath, createFolders: inputs.file == nil || inputs.createFolders)
    do {
      try ObservationStore.append(observation, to: records, files: files)
    } catch {
      throw observationError(error)
    }
    sources.written.append(inputs.recordsPath)
  }

  /// The items of `session` in checklist order; a usage error names the sessions when it is unknown.
  func sessionItems(_ session: String, plan: Plan) throws -> [PlanItem] {
    let items = Checklists.sessionItems(plan: plan, session: session)
    if items.isEmpty {
      var sessions: [String] = []
      for item in ObservableCatalog(plan: plan).items where !sessions.contains(item.session.description) {
        sessions.append(item.session.description)
      }
      throw UsageError(
        "unknown session '\(session)'\(Suggestion.hint(for: session, among: sessions, listLimit: 5))")
    }
    return items
  }

  /// An item id, or with a session the number its checklist gives it (`12`,
  /// ``checklistItem(_:session:items:plan:source:)``).
  func resolve(_ reference: String, session: String?, plan: Plan, source: PlanSource) throws -> ItemID {
    let id = ItemID(rawValue: reference)
    guard let session else { return id }
    let items = try sessionItems(session, plan: plan)
    if let number = Int(reference) {
      return try checklistItem(number, session: session, items: items, plan: plan, source: source)
    }
    guard items.contains(where: { $0.id == id }) else {
      throw UsageError("'\(reference)' is not an item of session '\(session)'")
    }
    return id
  }

  /// `record --session S` on a terminal: walks the session's items without a current result.
  func walk(session: String, _ inputs: RecordInputs) throws -> SessionWalk.Summary {
    guard console.standardInputIsTerminal else {
      throw UsageError(
        "walking a session needs a terminal; without one, record items one by one: "
          + "qapass record 3 --session \(session) --result pass")
    }
    let plan = try loadPlan(inputs.source).plan
    let tester = try self.tester(inputs)
    let items = try sessionItems(session, plan: plan)
    let (observationFiles, unreadable) = observationFiles(
      checklists: inputs.source.checklists ?? Defaults.checklists,
      observations: inputs.observations ?? Defaults.observations)
    let result = ingest(plan: plan, files: observationFiles, earlier: unreadable).result
    let catalog = ObservableCatalog(plan: plan)
    let numbers = try checklistNumbers(session, plan: plan, source: inputs.source)
    var walkable: [SessionWalk.Item] = []
    for (index, item) in items.enumerated() {
      let id = item.id
      let status = result.outcome(id)?.status ?? .untested
      guard status == .untested || status == .stale, let observable = catalog.item(id) else { continue }
      walkable.append(SessionWalk.Item(number: numbers[id] ?? index + 1, plan: item, observable: observable))
    }
    let console = console
    let summary = try SessionWalk.run(
      items: walkable, tester: tester, build: inputs.build ?? plan.build,
      timeZone: plan.testerTimeZones.first { $0.key == tester }.flatMap { TimeZone(identifier: $0.value) },
      now: { Timestamp.now(clock) },
      io: SessionWalk.Terminal(say: { console.out($0) }, read: { console.readLine() })
    ) { observation in
      try append(observation, inputs)
    }
    console.out("answers are in \(inputs.recordsPath)\n")
    return summary
  }
}

extension Workflow {
  enum RecordMessage {
    /// Why `--felt name=value` does not fit `item`: the name must be one of the parameters the item
    /// asks for, the value a Core Haptics parameter value, a number from 0 to 1.
    static func feltProblem(name: String, value: String, item: ObservableItem) -> String? {
      let names = item.hapticParameters.keys.sorted()
      guard names.contains(name) else {
        if names.isEmpty { return "'--felt': '\(item.id)' asks for no haptic parameters" }
        return "'--felt': '\(name)' is not a haptic parameter of '\(item.id)'"
          + Suggestion.hint(for: name, among: names)
      }
      let planned = item.hapticParameters[name] ?? ""
      guard Double(planned) != nil else {
        // A word such as the event type: felt as planned or not at all.
        return value == planned ? nil : "'--felt': \(name) is '\(planned)' for this item, not '\(value)'"
      }
      let isDecimal =
        !value.isEmpty && value.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
        && value.filter { $0 == "." }.count <= 1 && value.first != "." && value.last != "."
      // Core Haptics intensity and sharpness run from 0 to 1; times and durations are seconds.
      let range: ClosedRange<Double> = ["intensity", "sharpness"].contains(name) ? 0...1 : 0...3600
      guard isDecimal, let number = Double(value), range.contains(number) else {
        let bound = range.upperBound == 1 ? "from 0 to 1" : "of seconds, 0 or more"
        return "'--felt': \(name) takes a number \(bound), such as \(planned), not '\(value)'"
      }
      return nil
    }
  }
}
