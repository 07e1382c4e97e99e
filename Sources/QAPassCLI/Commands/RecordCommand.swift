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
      """,
    arguments: [.init(name: "item", help: "The plan item id.", isOptional: false)],
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
      .value("matrix", "<file>", help: "The matrix file (default matrices/default.yaml)."),
      .value("file", "<path>", help: "The records file (default observations/records.yaml)."),
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
    do {
      try FileSystemPaths.createParent(of: context.url(path).path)
      try ObservationStore.append(observation, to: context.url(path).path)
    } catch let error as ObservationFileError {
      throw PublishPath.observationError(error, context: context)
    } catch let error as FileError {
      throw error
    }
    context.console.out("recorded \(result.rawValue) for \(itemID) by \(tester) at \(time) in \(path)\n")
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
