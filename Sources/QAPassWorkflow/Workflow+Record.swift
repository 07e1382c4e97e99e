import Diagnostics
import Effects
import Foundation
import MatrixFormat
import Observations
import QAModel
import Reporting
import ScenarioEngine

extension Workflow {
  /// The inputs of ``record(_:)``.
  package struct RecordInputs: Sendable {
    /// The matrix file and planning overrides (no matrix: the one the checklists were made from, see
    /// ``Workflow/planSource(_:writesChecklists:checksChecklists:)``): its `checklists` holds their
    /// plan-source.yaml, a pairwise plan's kept cells and the sheets.
    package var source: PlanSource
    /// The plan item id, or with `session` its number in the session's checklist; `nil` walks the
    /// session's untested items.
    package var item: String?
    /// The device session, such as `iphone-16e.26.x`.
    package var session: String?
    /// The result (required with an item).
    package var result: Outcome?
    /// Who tested (default: `$QAPASS_TESTER`, else `$USER`).
    package var tester: String?
    /// What was seen.
    package var note: String?
    /// Why the item is blocked.
    package var reason: String?
    /// Links to screenshots or clips.
    package var evidence: [String] = []
    /// Screenshots and screen recordings to store beside the records (``EvidenceFile``).
    package var attach: [String] = []
    /// Where the request came from, for the audit log: the command.
    package var origin = "qapass record"
    /// The client address the request came from (`qapass serve`), for the audit log.
    package var address: String?
    /// The device used; must be the item's.
    package var device: String?
    /// The exact OS version run, a release of the item's.
    package var os: String?
    /// The app build tested (default: the matrix's build).
    package var build: String?
    /// Parameters of the item's haptic pattern as felt, `name=value`.
    package var felt: [String] = []
    /// When, ISO 8601 (default now); not ahead of the clock.
    package var time: String?
    /// Where recorded observation files live (`nil`: `observations`): read by the walk, and the folder
    /// of the records file when `file` is not given.
    package var observations: String?
    /// The records file (`nil`: `records.yaml` in `observations`, so `pass` with the same
    /// `--observations` reads what was recorded).
    package var file: String?
    /// Whether missing folders above `file` are created (always for the default one).
    package var createFolders = false
    /// The plan the answer was given under (a served page's, a script's): when the build or the plan
    /// changed since, nothing is recorded (``PlanChanged``), so no answer is stamped with a build it
    /// was not given under.
    package var givenUnder: PlanStamp?

    /// Creates the inputs.
    package init(source: PlanSource, item: String? = nil, session: String? = nil) {
      self.source = source
      self.item = item
      self.session = session
    }

    var recordsPath: String { file ?? "\(observations ?? Defaults.observations)/\(Defaults.recordsFileName)" }
    /// The folder of the records file: the audit log and the evidence files live there.
    var recordsFolder: String { AuditLog.folder(of: recordsPath) }
  }

  /// The observation `record` appended, or the session walk's answers.
  package enum Recorded: Sendable {
    /// One observation, appended.
    case observation(Observation)
    /// The walk through a session's untested items: how many answers of each result were recorded.
    case walk(recorded: [Outcome], left: Int, stopped: Bool)
  }

  /// `qapass record`: appends one observation of a manual item to the records file, atomically and
  /// under its lock; without an item, walks the session's untested items on the console, recording
  /// each answer as soon as it is given.
  ///
  /// The records file is a store of the use case (read back, then written under its lock), so a walk
  /// resumes whatever is recorded already. With a `testers:` catalog the tester must be one of it; a
  /// session assigned to another tester is recorded with a warning (devices change hands; the report's
  /// tester table shows who recorded what).
  ///
  /// - Returns: What was recorded.
  /// - Throws: ``UsageError`` for an unknown item, session or tester, a result that does not fit the
  ///   item, an option a walk cannot use; ``OSRefused`` for an item of a series of releases (`26.x`)
  ///   without the exact release, or an OS that is not one release of the item's; records-file errors.
  package func record(_ inputs: RecordInputs) throws -> UseCaseResult<Recorded> {
    let walking = inputs.item == nil
    var declarations: [FileRoles.Declaration] = [
      .store(inputs.recordsPath), .store(AuditLog.path(besideRecords: inputs.recordsPath)),
    ]
    if walking {
      declarations += [
        .inputs(in: inputs.source.checklists ?? Defaults.checklists, suffix: Checklist.sheetSuffix),
        .inputs(in: inputs.observations ?? Defaults.observations, suffix: ".yaml"),
      ]
    }
    try begin(declarations)
    guard let reference = inputs.item else {
      guard let session = inputs.session else {
        throw UsageError("give an item id, or --session <session> to walk a session's untested items")
      }
      return finished(try walk(session: session, inputs))
    }
    let (observation, item, itemID) = try observation(of: reference, inputs)
    let path = inputs.recordsPath
    // The records file must take the entry before any evidence file is stored for it.
    _ = try storeFile(path, createFolders: inputs.file == nil || inputs.createFolders)
    var recorded = observation
    for file in inputs.attach {
      let (name, stored) = try storeEvidence(file, in: inputs.recordsFolder)
      if !recorded.attachments.contains(name) { recorded.attachments.append(name) }
      say(
        stored
          ? "stored \(file) as \(inputs.recordsFolder)/\(name)\n"
          : "\(file) is stored already, as \(inputs.recordsFolder)/\(name)\n")
    }
    try append([(recorded, inputs)])
    say(
      "recorded \(recorded.result.rawValue) for \(item.id) by \(recorded.tester) at "
        + "\(recorded.time.map { "\($0)" } ?? "") in \(path)\n")
    if item.id != itemID {
      say(RecordMessage.followed(reference, session: inputs.session, was: itemID, now: item.id))
    }
    return finished(.observation(recorded))
  }

  /// `qapass record` of several items at once, each given with its item (no walk, no `attach`), into
  /// one records file: what `serve` does with the answers that arrive while one is being written.
  ///
  /// Each answer is checked as ``record(_:)`` checks it; those that pass are appended under one lock
  /// of the records file, in the order given, then written to the audit log together, so the file
  /// is written (and flushed) once for them all.
  ///
  /// - Returns: For each input in order, the observation appended or what refused it.
  /// - Throws: What refuses them all: the records file cannot be locked, read or written.
  package func recordAll(_ batch: [RecordInputs]) throws -> [Result<Observation, any Error>] {
    guard let first = batch.first else { return [] }
    precondition(
      batch.allSatisfy { $0.item != nil && $0.attach.isEmpty && $0.recordsPath == first.recordsPath },
      "recordAll records items, without attachments, into one records file")
    try begin([.store(first.recordsPath), .store(AuditLog.path(besideRecords: first.recordsPath))])
    let checked = batch.map { inputs in
      Result { () throws -> Observation in try observation(of: inputs.item ?? "", inputs).observation }
    }
    let accepted = zip(checked, batch).compactMap { checked, inputs in
      (try? checked.get()).map { (observation: $0, inputs: inputs) }
    }
    if !accepted.isEmpty { try append(accepted) }
    return checked
  }

  /// Makes the plan and catalog a record of `source` is checked against, so that a workflow with a
  /// ``memo`` (as `serve` keeps) answers its first record as soon as the next ones.
  ///
  /// - Throws: What planning `source` throws.
  package func prepareToRecord(_ source: PlanSource) throws {
    try begin()
    _ = try observableCatalog(try loadPlan(source, checksChecklists: true))
  }

  /// The observation `inputs` records of the item `reference` names, checked against the plan in
  /// force, with the item it follows to and the id `reference` names.
  func observation(of reference: String, _ inputs: RecordInputs) throws -> (
    observation: Observation, item: ObservableItem, named: ItemID
  ) {
    let session = inputs.session
    guard let result = inputs.result else {
      throw UsageError("missing option '--result <result>' (\(Outcome.listed(Outcome.results)))")
    }
    guard result.isResult else {
      throw UsageError("'--result \(result)' is not a result; record \(Outcome.listed(Outcome.results))")
    }
    let loaded = try loadPlan(inputs.source, checksChecklists: true)
    let plan = loaded.plan
    if let given = inputs.givenUnder {
      let current = PlanStamp(build: plan.build, fingerprint: plan.fingerprint)
      if given != current { throw PlanChanged(given: given, current: current) }
    }
    let catalog = try observableCatalog(loaded)
    let itemID = try resolve(reference, session: session, plan: plan, source: loaded.source, catalog: catalog)
    // An id the item had before a rename the matrix declares names it: recorded under its id now.
    guard let item = catalog.item(following: itemID) else {
      throw UsageError(RecordMessage.unknownItem(itemID, catalog: catalog))
    }
    let tester = try self.tester(inputs, file: loaded.file)
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
    try checkDevice(inputs.device, of: item)
    // An item of a series of releases (`26.x`) is recorded with the release the device runs, as the
    // HTML checklist records it.
    if let refused = OSRefused.check(inputs.os, of: item) { throw refused }
    if let os = inputs.os, !os.isEmpty { observation.os = os }
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
    warnIfAssignedElsewhere(item.session, tester: tester, plan: plan, file: loaded.file)
    if let build = inputs.build, let current = plan.build, build != current {
      say(RecordMessage.otherBuild(build, current), onStandardError: true)
    }
    return (observation, item, itemID)
  }

  /// Who records: `--tester`, else `$QAPASS_TESTER`, else `$USER`; with a `testers:` catalog, one of it.
  func tester(_ inputs: RecordInputs, file: MatrixFile) throws -> String {
    let environment = console.environment
    let given: (name: String, from: String)? =
      inputs.tester.map { ($0, "") } ?? environment["QAPASS_TESTER"].map { ($0, " (from $QAPASS_TESTER)") }
      ?? environment["USER"].map { ($0, " (from $USER)") }
    guard let (tester, origin) = given, !tester.isEmpty else {
      throw UsageError("missing option '--tester <name>' (or set QAPASS_TESTER)")
    }
    let names = file.testers.map(\.name)
    guard names.isEmpty || names.contains(tester) else {
      throw UsageError(RecordMessage.unknownTester(tester, origin: origin, among: names, matrix: file.path))
    }
    return tester
  }

  /// Warns when `session` is assigned to someone other than `tester`: the observation is recorded as
  /// theirs, and the report counts it for them.
  func warnIfAssignedElsewhere(_ session: SessionID, tester: String, plan: Plan, file: MatrixFile) {
    guard let assignee = plan.assignments.first(where: { $0.session == session })?.tester, assignee != tester
    else { return }
    let holds = file.testers.first { $0.name == tester }?.devices.contains(session.device.rawValue) ?? true
    say(
      RecordMessage.assignedElsewhere(session, to: assignee, tester: tester, holdsDevice: holds),
      onStandardError: true)
  }

  /// Refuses `--device` when it is not the item's (a check against mix-ups).
  func checkDevice(_ device: String?, of item: ObservableItem) throws {
    guard let device, device != item.device.rawValue else { return }
    throw UsageError(
      "'\(item.id)' is planned for device '\(item.device)', not '\(device)'; record the item of the device "
        + "you used ('qapass plan' lists them)")
  }

  /// Appends observations, each with the inputs it was recorded from, to the records file of the
  /// first, under one lock, then to the audit log beside it.
  func append(_ recorded: [(observation: Observation, inputs: RecordInputs)]) throws {
    guard let inputs = recorded.first?.inputs else { return }
    let observations = recorded.map(\.observation)
    let records = try storeFile(inputs.recordsPath, createFolders: inputs.file == nil || inputs.createFolders)
    do {
      try ObservationStore.append(observations, to: records, files: files)
    } catch {
      throw observationError(error)
    }
    if !context.written.contains(inputs.recordsPath) { context.written.append(inputs.recordsPath) }
    let entries = recorded.map { observation, inputs in
      var detail = observation.result.rawValue
      if let build = observation.build { detail += ", build \(build)" }
      if !observation.attachments.isEmpty {
        detail += ", attached \(observation.attachments.joined(separator: ", "))"
      }
      return AuditLog.Entry(
        time: Timestamp.now(clock).text, by: observation.tester, action: "record",
        item: observation.itemID.rawValue, detail: detail, origin: inputs.origin, address: inputs.address)
    }
    try audit(entries, in: inputs.recordsFolder)
  }

  /// The items of `session` in checklist order; a usage error names the sessions when it is unknown.
  func sessionItems(_ session: String, plan: Plan) throws -> [PlanItem] {
    let items = Checklists.sessionItems(plan: plan, session: session)
    if items.isEmpty {
      let sessions = Checklists.fileNames(plan: plan).keys.map(\.description)
      throw UsageError(
        "unknown session '\(session)'\(Suggestion.hint(for: session, among: sessions, listLimit: 5))")
    }
    return items
  }

  /// An item id, or with a session the number its checklist gives it (`12`,
  /// ``checklistItem(_:session:plan:source:catalog:)``): the id as the tester's checklist names it,
  /// which may be the item's id before a rename the matrix declares.
  func resolve(
    _ reference: String, session: String?, plan: Plan, source: PlanSource, catalog: ObservableCatalog
  ) throws -> ItemID {
    let id = ItemID(rawValue: reference)
    guard let session else { return id }
    if let number = Int(reference) {
      return try checklistItem(number, session: session, plan: plan, source: source, catalog: catalog)
    }
    let items = try sessionItems(session, plan: plan)
    guard let item = catalog.item(following: id), items.contains(where: { $0.id == item.id }) else {
      throw UsageError("'\(reference)' is not an item of session '\(session)'")
    }
    return id
  }

  /// `record --session S` on a terminal: walks the session's items without a current result.
  ///
  /// Before the first prompt it refuses the options a walk cannot use, checks the tester, `--device`
  /// and `--os` against the session, reads what is already recorded (so it resumes where an earlier
  /// walk stopped) and checks that the records file can take the answers.
  func walk(session: String, _ inputs: RecordInputs) throws -> Recorded {
    let unusable: [(String, Bool)] = [
      ("--result", inputs.result != nil), ("--note", inputs.note != nil), ("--reason", inputs.reason != nil),
      ("--evidence", !inputs.evidence.isEmpty), ("--attach", !inputs.attach.isEmpty),
      ("--felt", !inputs.felt.isEmpty),
      ("--time", inputs.time != nil),
    ]
    if let (option, _) = unusable.first(where: \.1) {
      throw UsageError(RecordMessage.notForWalk(option, session: session))
    }
    let loaded = try loadPlan(inputs.source, checksChecklists: true)
    let plan = loaded.plan
    let items = try sessionItems(session, plan: plan)
    let catalog = try observableCatalog(loaded)
    let first = items.first.flatMap { catalog.item($0.id) }
    guard console.standardInputIsTerminal else {
      // The command suggested is one `record` takes: the exact release for a session of a series.
      let release = first.flatMap {
        OSVersion.isExact($0.os) ? nil : ["--os", inputs.os ?? OSVersion.exampleRelease(of: $0.os)]
      }
      throw UsageError(
        "walking a session needs a terminal; without one, record items one by one: "
          + ShellCommand(
            ["qapass", "record", "3", "--session", session, "--result", "pass"] + (release ?? [])
          )
          .text)
    }
    let tester = try self.tester(inputs, file: loaded.file)
    if let first {
      try checkDevice(inputs.device, of: first)
      if let os = inputs.os, let refused = OSRefused.check(os, of: first) { throw refused }
    }
    var (observationFiles, unreadable) = observationFiles(
      checklists: inputs.source.checklists ?? Defaults.checklists,
      observations: inputs.observations ?? Defaults.observations)
    let records = inputs.recordsPath
    var recordsFile = observationFiles.first { canonical($0.path) == canonical(records) }
    if recordsFile == nil, files.kind(of: absolute(records), followingLinks: true) != nil {
      let file = ObservationFile(path: records, bytes: try readStore(records))
      context.texts.remember(for: records) { file.textForExcerpts }
      observationFiles.append(file)
      recordsFile = file
    }
    // Before the first prompt: a records file that cannot take an answer stops the walk now, so no
    // typed answer is lost; entries in error (listed by the ingest below) do not stop it.
    if let recordsFile {
      let problems = ObservationStore.problems(recordsFile.bytes, path: records)
      if !problems.isEmpty {
        show(problems)
        throw FileError(path: records, message: RecordMessage.recordsInError, exitCode: .dataError)
      }
    }
    let result = ingest(
      catalog, files: observationFiles, earlier: unreadable, decisions: try decisionFile(inputs.observations))
    _ = try storeFile(records, createFolders: inputs.file == nil || inputs.createFolders)
    let numbers = try checklistNumbers(session, plan: plan, source: loaded.source)
    var walkable: [SessionWalk.Item] = []
    for (index, item) in items.enumerated() {
      guard let outcome = result.outcome(item.id), !outcome.status.isResult
      else { continue }
      walkable.append(
        SessionWalk.Item(
          number: numbers[item.id] ?? index + 1, plan: item, observable: outcome.item, status: outcome.status,
          staleReasons: outcome.deciding?.staleReasons ?? [],
          keyboardLabel: item.configuration.inputMethod.flatMap {
            loaded.file.inputMethod($0.rawValue)?.label
          }))
    }
    if let first = items.first.flatMap({ catalog.item($0.id) }) {
      warnIfAssignedElsewhere(first.session, tester: tester, plan: plan, file: loaded.file)
    }
    if let build = inputs.build, let current = plan.build, build != current {
      say(RecordMessage.otherBuild(build, current), onStandardError: true)
    }
    if walkable.count < items.count {
      say("\(items.count - walkable.count) of \(items.count) items of \(session) have a result already.\n")
    }
    // The walk talks to the tester as it goes: what the use case said so far comes before its first
    // question.
    console.say(context.takeMessages(), texts: context.texts)
    let walk = SessionWalk(
      items: walkable, tester: tester, os: inputs.os, build: inputs.build ?? plan.build,
      timeZone: plan.testerTimeZones.first { $0.key == tester }.flatMap { TimeZone(identifier: $0.value) },
      console: console)
    let summary = try walk.run(now: { Timestamp.now(clock) }) { observation in
      try append([(observation, inputs)])
    }
    say(
      summary.recorded.isEmpty
        ? "nothing recorded\n"
        : "\(summary.recorded.count) answer\(summary.recorded.count == 1 ? " is" : "s are") in \(records)\n")
    return .walk(recorded: summary.recorded, left: summary.left, stopped: summary.stopped)
  }
}

extension Workflow {
  enum RecordMessage {
    /// Why `id` names no item: a re-plan dropped it, or it was never planned (with a did-you-mean,
    /// the rename to declare when one part of the id differs).
    static func unknownItem(_ id: ItemID, catalog: ObservableCatalog) -> String {
      let hint = catalog.hint(forUnknownID: id.rawValue)
      if let place = catalog.dropped[id] {
        return "'\(id)' is no longer planned: it was \(place) before a re-plan dropped it; nothing recorded"
          + (hint.hasPrefix("; did you mean") ? hint : "")
      }
      return "unknown manual item '\(id)'\(hint) ('qapass plan' lists the ids)"
    }

    /// Said after recording an item the tester named by its former id, or by a checklist number whose
    /// item was renamed since the checklist was written.
    static func followed(_ reference: String, session: String?, was: ItemID, now: ItemID) -> String {
      let named =
        Int(reference) != nil && session != nil
        ? "item \(reference) of the checklist of session '\(session ?? "")', '\(was)'," : "'\(was)'"
      return "\(named) was renamed in the matrix (renamed_from): recorded as '\(now)'\n"
    }

    static let recordsInError =
      "does not read as observations (listed above); the walk appends every answer to it, so fix it before "
      + "walking"

    static func otherBuild(_ build: String, _ current: String) -> String {
      "warning: '--build \(build)' is not the build under test, '\(current)': what is recorded for it is "
        + "stale until the matrix names that build\n"
    }

    static func notForWalk(_ option: String, session: String) -> String {
      "'\(option)' records one item; a walk asks for each item's answer: drop it, or record one item "
        + "(\(ShellCommand(["qapass", "record", "3", "--session", session, option]).text) …)"
    }

    static func unknownTester(_ tester: String, origin: String, among names: [String], matrix: String)
      -> String
    {
      "unknown tester '\(tester)'\(origin)\(Suggestion.hint(for: tester, among: names)) ('testers:' in "
        + "\(matrix) lists who records; give --tester <name>)"
    }

    static func assignedElsewhere(
      _ session: SessionID, to assignee: String, tester: String, holdsDevice: Bool
    )
      -> String
    {
      "warning: session '\(session)' is assigned to \(assignee); recording as \(tester)"
        + (holdsDevice ? "" : ", who holds no '\(session.device)' in 'testers:'") + "\n"
    }

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
