import Diagnostics
import Foundation
import Observations
import QAModel
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
      --build and --felt override the build and the parameters felt (--felt takes only the item's
      parameters: intensity and sharpness from 0 to 1, times in seconds). --time keeps its offset
      from UTC and may be at most 5 minutes ahead of the clock. The record is acknowledged (printed)
      only once it is safely on disk: an interrupted or concurrent 'record' never loses or corrupts an
      acknowledged record. A blocked result needs --reason (or a --note); the reason is kept as the
      note and shown in the report. Notes are never printed or logged.
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
        "felt", "<name=value>",
        help: "A parameter of the item's pattern as felt, e.g. intensity=0.8; repeatable.",
        repeatable: true),
      .value(
        "time", "<iso8601>",
        help: "When (default now), e.g. 2026-11-29T18:04:05Z or 2026-11-30T03:04:05+09:00; not ahead of now."),
      .value(
        "session", "<session>",
        help: "The device session, such as iphone-16e.26.x; without an item, walks its untested items."),
      .value("matrix", "<file>", help: "The matrix file (default matrices/default.yaml)."),
      PublishPath.checklistsOption, PublishPath.observationsOption,
      .value("file", "<path>", help: "The records file (default observations/records.yaml)."),
      CommandContext.createFoldersOption,
    ])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let session = arguments.value("session")
    guard let reference = arguments.positional(0) else {
      guard let session else {
        throw UsageError("give an item id, or --session <session> to walk a session's untested items")
      }
      return try walk(session: session, arguments, context)
    }
    guard let resultText = arguments.value("result"),
      let result = Outcome(resultText, among: Outcome.recordable)
    else {
      throw UsageError("missing option '--result <result>' (pass, fail, blocked or skipped)")
    }
    let plan = try loadPlan(arguments, context)
    let catalog = ObservableCatalog(plan: plan)
    let itemID = try resolve(reference, session: session, plan: plan)
    guard let item = catalog.item(ItemID(rawValue: itemID)) else {
      let known = catalog.items.map(\.id.rawValue)
      throw UsageError(
        "unknown manual item '\(itemID)'\(Suggestion.hint(for: itemID, among: known, listLimit: 5)) "
          + "('qapass plan' lists the ids)")
    }
    let tester = try self.tester(arguments, context)
    let time: Timestamp
    if let text = arguments.value("time") {
      do { time = try Timestamp.parse(text) } catch { throw UsageError("'--time': \(error.description)") }
      if let problem = time.aheadProblem(of: .now(context.clock)) { throw UsageError("'--time': \(problem)") }
    } else {
      time = Timestamp.now(context.clock)
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
    if let device = arguments.value("device"), device != item.device.rawValue {
      throw UsageError(
        "'\(itemID)' is planned for device '\(item.device)', not '\(device)'; record the item of the device "
          + "you used ('qapass plan' lists them)")
    }
    if let os = arguments.value("os") {
      guard OSVersion.observed(os, isWithin: item.os) else {
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
      if let problem = Message.feltProblem(name: parts[0], value: parts[1], item: item) {
        throw UsageError(problem)
      }
      observation.hapticParameters[parts[0]] = parts[1]
    }
    let path = arguments.value("file") ?? PublishPath.defaultRecords
    try append(observation, to: path, arguments, context)
    context.console.out("recorded \(result.rawValue) for \(itemID) by \(tester) at \(time) in \(path)\n")
    return .success
  }

  /// The plan of `--matrix` (default matrices/default.yaml) with every planning option of this command
  /// (`--checklists` for a pairwise plan's kept cells, `--max-combinations`).
  static func loadPlan(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Plan {
    var planArguments = arguments
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

  /// Appends one observation to the records file at `path`, under its lock.
  static func append(
    _ observation: Observation, to path: String, _ arguments: ParsedArguments, _ context: CommandContext
  ) throws {
    let records = try context.recordsFile(
      path, createFolders: arguments.value("file") == nil || arguments.flag("create-folders"))
    do {
      try ObservationStore.append(observation, to: records, files: context.files)
    } catch {
      throw PublishPath.observationError(error, context: context)
    }
  }

  /// The items of `session` in checklist order; a usage error names the sessions when it is unknown.
  static func sessionItems(_ session: String, plan: Plan) throws -> [PlanItem] {
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
    let (files, unreadable) = PublishPath.observationFiles(
      checklists: arguments.value("checklists") ?? PublishPath.defaultChecklists,
      observations: arguments.value("observations") ?? PublishPath.defaultObservations, context: context)
    let result = PublishPath.ingest(plan: plan, files: files, earlier: unreadable, context: context).result
    let catalog = ObservableCatalog(plan: plan)
    var walkable: [SessionWalk.Item] = []
    for (index, item) in items.enumerated() {
      let id = ItemID(rawValue: item.id)
      let status = result.outcome(id)?.status ?? .untested
      guard status == .untested || status == .stale, let observable = catalog.item(id) else { continue }
      walkable.append(SessionWalk.Item(number: index + 1, plan: item, observable: observable))
    }
    let path = arguments.value("file") ?? PublishPath.defaultRecords
    let console = context.console
    let summary = try SessionWalk.run(
      items: walkable, tester: tester, build: arguments.value("build") ?? plan.build,
      timeZone: plan.testerTimeZones.first { $0.key == tester }.flatMap { TimeZone(identifier: $0.value) },
      now: { Timestamp.now(context.clock) },
      io: SessionWalk.Terminal(say: { console.out($0) }, read: { console.readLine() })
    ) { observation in
      try append(observation, to: path, arguments, context)
    }
    console.out("answers are in \(path)\n")
    _ = summary
    return .success
  }
}

extension RecordCommand {
  enum Message {
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
