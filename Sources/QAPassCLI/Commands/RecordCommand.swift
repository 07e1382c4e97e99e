import Diagnostics
import Foundation
import Observations
import Reporting
import ScenarioEngine

/// `qapass record ITEM --result R`: appends one observation, atomically and under a lock.
enum RecordCommand: Subcommand {
  static let spec = CommandSpec(
    name: "record",
    abstract: "Record the result of a manual item (appended atomically under a file lock).",
    discussion: """
      Device, OS, text version, build and, for haptic items, the pattern fingerprint and parameters
      in force are taken from the plan item; --os records the exact release (26.4.1 for 26.x), and
      --build and --felt override the build and the parameters felt. The
      record is acknowledged (printed) only once it is safely on disk: an interrupted or concurrent
      'record' never loses or corrupts an acknowledged record. A blocked result needs --reason (or a
      --note); the reason is kept as the note and shown in the report. Notes are never printed or logged.
      Example: qapass record manual.ime.m2.iphone-16e.26.x.zh-pinyin.full-name --result fail
               --tester mei --note "message stayed after choosing 张伟" --evidence https://…/clip.mov
      Within a session, the number the checklist gives an item names it:
               qapass record 12 --session iphone-16e.26.x --result pass
      On a terminal, 'qapass record --session iphone-16e.26.x' walks the session's items that have no
      current result, showing steps and expectations, and records each answer as soon as it is given.
      """,
    arguments: [
      .init(
        name: "item", help: "The plan item id, or with --session its number in the session's checklist.",
        isOptional: true)
    ],
    options: [
      .value(
        "result", "<result>", help: "The result.", choices: ["pass", "fail", "blocked", "skipped"]),
      .value("tester", "<name>", help: "Who tested (default: $QAPASS_TESTER, else $USER)."),
      .value("note", "<text>", help: "What was seen."),
      .value(
        "reason", "<text>", help: "Why the item is blocked (required with --result blocked, or a --note)."),
      .value("evidence", "<link>", help: "A link to a screenshot or clip; repeatable.", repeatable: true),
      .value("device", "<id>", help: "The device used; must be the item's (a check against mix-ups)."),
      .value("os", "<version>", help: "The exact OS version run, such as 26.4.1 for an item of 26.x."),
      .value("build", "<build>", help: "The app build tested (default: the matrix's build)."),
      .value(
        "felt", "<name=value>", help: "A haptic parameter in force, e.g. intensity=0.8; repeatable.",
        repeatable: true),
      .value("time", "<iso8601>", help: "When (default now), e.g. 2026-11-29T18:04:05Z."),
      .value(
        "session", "<session>",
        help: "The device session, such as iphone-16e.26.x; without an item, walks its untested items."),
      .value("matrix", "<file>", help: "The matrix file (default matrices/default.yaml)."),
      PublishPath.checklistsOption, PublishPath.observationsOption,
      .value("file", "<path>", help: "The records file (default observations/records.yaml)."),
    ])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let session = arguments.value("session")
    guard let reference = arguments.positional(0) else {
      guard let session else {
        throw UsageError("give an item id, or --session <session> to walk a session's untested items")
      }
      return try walk(session: session, arguments, context)
    }
    guard let resultText = arguments.value("result"), let result = ObservationResult(rawValue: resultText)
    else {
      throw UsageError("missing option '--result <result>' (pass, fail, blocked or skipped)")
    }
    let plan = try loadPlan(arguments, context)
    let catalog = ObservableCatalog(plan: plan)
    let itemID = try resolve(reference, session: session, plan: plan)
    guard let item = catalog.item(itemID) else {
      let known = catalog.items.map(\.id)
      throw UsageError(
        "unknown manual item '\(itemID)'\(Suggestion.hint(for: itemID, among: known, listLimit: 5)) "
          + "('qapass plan' lists the ids)")
    }
    let tester = try self.tester(arguments, context)
    let time: Timestamp
    if let text = arguments.value("time") {
      do { time = try Timestamp.parse(text) } catch { throw UsageError("'--time': \(error.description)") }
    } else {
      time = Timestamp.now()
    }
    let note = [arguments.value("reason"), arguments.value("note")].compactMap { $0 }.filter {
      !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }.joined(separator: " — ")
    if result == .blocked && note.isEmpty {
      throw UsageError("a blocked item needs a reason: add --reason \"what stopped the test\" (or a --note)")
    }
    var observation = Observation(
      item: item, result: result, tester: tester, time: time, build: arguments.value("build") ?? plan.build,
      note: note.isEmpty ? nil : note, evidence: arguments.all("evidence"))
    if let device = arguments.value("device"), device != item.device {
      throw UsageError(
        "'\(itemID)' is planned for device '\(item.device)', not '\(device)'; record the item of the device "
          + "you used ('qapass plan' lists them)")
    }
    if let os = arguments.value("os") {
      guard ObservableItem.os(os, isWithin: item.os) else {
        throw UsageError(
          "'\(itemID)' is planned for iOS \(item.os); '\(os)' is not a release of it (give the exact version "
            + "you ran, such as \(item.os.replacingOccurrences(of: "x", with: "4")))")
      }
      observation.os = os
    }
    for pair in arguments.all("felt") {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, !parts[0].isEmpty, item.isHaptic else {
        throw UsageError(
          item.isHaptic
            ? "'--felt' takes name=value, such as intensity=0.8, not '\(pair)'"
            : "'--felt' is for haptic items; '\(itemID)' is not one")
      }
      observation.hapticParameters[parts[0]] = parts[1]
    }
    let path = arguments.value("file") ?? PublishPath.defaultRecords
    try append(observation, to: path, context)
    context.console.out("recorded \(result.rawValue) for \(itemID) by \(tester) at \(time) in \(path)\n")
    return .success
  }

  static func loadPlan(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Plan {
    var planArguments = ParsedArguments()
    planArguments.positionals = [arguments.value("matrix") ?? PublishPath.defaultMatrix]
    return try PlanCommand.loadPlan(planArguments, context)
  }

  static func tester(_ arguments: ParsedArguments, _ context: CommandContext) throws -> String {
    let environment = context.console.environment
    guard let tester = arguments.value("tester") ?? environment["QAPASS_TESTER"] ?? environment["USER"],
      !tester.isEmpty
    else { throw UsageError("missing option '--tester <name>' (or set QAPASS_TESTER)") }
    return tester
  }

  static func append(_ observation: Observation, to path: String, _ context: CommandContext) throws {
    do {
      try FileSystemPaths.createParent(of: context.url(path).path)
      try ObservationStore.append(observation, to: context.url(path).path)
    } catch let error as ObservationFileError {
      throw PublishPath.observationError(error, context: context)
    } catch let error as FileError {
      throw error
    }
  }

  /// The items of `session` in checklist order; a usage error names the sessions when it is unknown.
  static func sessionItems(_ session: String, plan: Plan) throws -> [PlanItem] {
    let items = Checklists.sessionItems(plan: plan, session: session)
    if items.isEmpty {
      var sessions: [String] = []
      for item in ObservableCatalog(plan: plan).items where !sessions.contains(item.session) {
        sessions.append(item.session)
      }
      throw UsageError(
        "unknown session '\(session)'\(Suggestion.hint(for: session, among: sessions, listLimit: 5))")
    }
    return items
  }

  /// An item id, or with a session the number its checklist gives it (`12`).
  static func resolve(_ reference: String, session: String?, plan: Plan) throws -> String {
    guard let session else { return reference }
    let items = try sessionItems(session, plan: plan)
    if let number = Int(reference) {
      guard (1...items.count).contains(number) else {
        throw UsageError("session '\(session)' has items 1 to \(items.count); there is no item \(number)")
      }
      return items[number - 1].id
    }
    guard items.contains(where: { $0.id == reference }) else {
      throw UsageError("'\(reference)' is not an item of session '\(session)'")
    }
    return reference
  }

  /// `record --session S` on a terminal: walks the session's items without a current result.
  static func walk(session: String, _ arguments: ParsedArguments, _ context: CommandContext) throws
    -> ExitCode
  {
    guard context.console.standardInputIsTerminal else {
      throw UsageError(
        "walking a session needs a terminal; without one, record items one by one: "
          + "qapass record 3 --session \(session) --result pass")
    }
    let plan = try loadPlan(arguments, context)
    let tester = try self.tester(arguments, context)
    let items = try sessionItems(session, plan: plan)
    let files = try PublishPath.observationFiles(
      checklists: arguments.value("checklists") ?? PublishPath.defaultChecklists,
      observations: arguments.value("observations") ?? PublishPath.defaultObservations, context: context)
    let result = PublishPath.ingest(plan: plan, files: files, context: context).result
    let catalog = ObservableCatalog(plan: plan)
    var walkable: [SessionWalk.Item] = []
    for (index, item) in items.enumerated() {
      let status = result.outcome(item.id)?.status ?? .untested
      guard status == .untested || status == .stale, let observable = catalog.item(item.id) else { continue }
      walkable.append(SessionWalk.Item(number: index + 1, plan: item, observable: observable))
    }
    let path = arguments.value("file") ?? PublishPath.defaultRecords
    let console = context.console
    let summary = try SessionWalk.run(
      items: walkable, tester: tester, build: arguments.value("build") ?? plan.build,
      timeZone: plan.testerTimeZones.first { $0.key == tester }.flatMap { TimeZone(identifier: $0.value) },
      now: { Timestamp.now() },
      io: SessionWalk.Terminal(say: { console.out($0) }, read: { console.readLine() })
    ) { observation in
      try append(observation, to: path, context)
    }
    console.out("answers are in \(path)\n")
    _ = summary
    return .success
  }
}

/// Small file-system helpers for commands.
enum FileSystemPaths {
  static func createParent(of path: String) throws(FileError) {
    try createDirectory(URL(fileURLWithPath: path).deletingLastPathComponent().path)
  }

  /// Creates a folder and its parents (`mkdir -p`); an error says why in plain words.
  static func createDirectory(_ path: String) throws(FileError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      if isDirectory.boolValue { return }
      throw FileError(path: path, message: "is a file, not a folder", exitCode: .cannotCreate)
    }
    let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
    if parent != path && !parent.isEmpty { try createDirectory(parent) }
    if mkdir(path, 0o755) != 0 && errno != EEXIST {
      throw FileError(
        path: path, message: "cannot be created (\(String(cString: strerror(errno))))",
        exitCode: .cannotCreate)
    }
  }
}
