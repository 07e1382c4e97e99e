import Diagnostics
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
      --build and --felt override the build and the parameters felt (--felt takes only the item's
      parameters: intensity and sharpness from 0 to 1, times in seconds). --time keeps its offset
      from UTC and may be at most 5 minutes ahead of the clock. The record is acknowledged (printed) only once it is safely on disk: an interrupted or concurrent
      'record' never loses or corrupts an acknowledged record. Notes are never printed or logged.
      Example: qapass record manual.ime.m2.iphone-16e.26.x.zh-pinyin.full-name --result fail
               --tester mei --note "message stayed after choosing 张伟" --evidence https://…/clip.mov
      """,
    arguments: [.init(name: "item", help: "The plan item id.", isOptional: false)],
    options: [
      .value(
        "result", "<result>", help: "The result.", choices: ["pass", "fail", "blocked", "skipped"]),
      .value("tester", "<name>", help: "Who tested (default: $QAPASS_TESTER, else $USER)."),
      .value("note", "<text>", help: "What was seen."),
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
      .value("matrix", "<file>", help: "The matrix file (default matrices/default.yaml)."),
      .value("file", "<path>", help: "The records file (default observations/records.yaml)."),
      CommandContext.createFoldersOption,
    ])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let itemID = arguments.positional(0)!
    guard let resultText = arguments.value("result"), let result = ObservationResult(rawValue: resultText)
    else {
      throw UsageError("missing option '--result <result>' (pass, fail, blocked or skipped)")
    }
    var planArguments = ParsedArguments()
    planArguments.positionals = [arguments.value("matrix") ?? PublishPath.defaultMatrix]
    let plan = try PlanCommand.loadPlan(planArguments, context)
    let catalog = ObservableCatalog(plan: plan)
    guard let item = catalog.item(itemID) else {
      let known = catalog.items.map(\.id)
      throw UsageError(
        "unknown manual item '\(itemID)'\(Suggestion.hint(for: itemID, among: known, listLimit: 5)) "
          + "('qapass plan' lists the ids)")
    }
    let environment = context.console.environment
    guard let tester = arguments.value("tester") ?? environment["QAPASS_TESTER"] ?? environment["USER"],
      !tester.isEmpty
    else { throw UsageError("missing option '--tester <name>' (or set QAPASS_TESTER)") }
    let time: Timestamp
    if let text = arguments.value("time") {
      do { time = try Timestamp.parse(text) } catch { throw UsageError("'--time': \(error.description)") }
      if let problem = time.aheadProblem(of: .now(context.clock)) { throw UsageError("'--time': \(problem)") }
    } else {
      time = Timestamp.now(context.clock)
    }
    var observation = Observation(
      item: item, result: result, tester: tester, time: time, build: arguments.value("build") ?? plan.build,
      note: arguments.value("note"), evidence: arguments.all("evidence"))
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
      if let problem = Message.feltProblem(name: parts[0], value: parts[1], item: item) {
        throw UsageError(problem)
      }
      observation.hapticParameters[parts[0]] = parts[1]
    }
    let path = arguments.value("file") ?? PublishPath.defaultRecords
    let records = try context.recordsFile(
      path, createFolders: arguments.value("file") == nil || arguments.flag("create-folders"))
    do {
      try ObservationStore.append(observation, to: records, files: context.files)
    } catch {
      throw PublishPath.observationError(error, context: context)
    }
    context.console.out("recorded \(result.rawValue) for \(itemID) by \(tester) at \(time) in \(path)\n")
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
