import Foundation
import Observations
import QAModel
import ScenarioEngine

/// The terminal walk of `qapass record --session S`: asks the tester about each item of one device
/// session that has no current result, on the console, and records every answer as soon as it is
/// given.
///
/// Each item shows its checklist number, title, steps and expectations, and, when the keyboard changes,
/// the keyboard to switch to (its name and iOS identifier). The tester answers with a result (the first
/// letters of ``Outcome/results``: `p` pass, `f` fail, `b` blocked, `s` skipped; a blocked item needs a
/// reason), Enter (leave it untested and go on) or `q` (stop). The result is handed to `record` as soon
/// as it is given; then come a note, evidence links and, on a haptic item, the intensity and sharpness
/// felt (Enter keeps the pattern's), recorded as a second record of the same answer when any is given.
/// So an interrupted walk loses nothing that was answered, not even at "Note:". Without `--os`, a
/// session planned for a range of releases (`26.x`) first asks for the exact release. The end of input
/// stops the walk like `q`.
///
/// ``Workflow/record(_:)`` makes one of the session's items without a current result and runs it with
/// the workflow's clock and its own append; `SessionWalkTests` drive it through a terminal.
struct SessionWalk {
  /// One item to walk: its checklist number, the plan item, what observations refer to, and why it
  /// is walked.
  struct Item {
    var number: Int
    var plan: PlanItem
    var observable: ObservableItem
    /// `untested`, or `stale` with the reasons its last observation no longer counts.
    var status: Outcome = .untested
    var staleReasons: [StaleReason] = []
    /// The keyboard's name in the matrix (`Korean – 2-Set`), for keyboard items.
    var keyboardLabel: String?
  }

  /// What a walk did.
  struct Summary: Hashable, Sendable {
    /// The results recorded, in order.
    var recorded: [Outcome] = []
    /// Items left untested on purpose.
    var left = 0
    /// Whether the tester stopped (or input ended) before the last item.
    var stopped = false
  }

  /// The items to walk, in checklist order.
  var items: [Item]
  /// Who is testing.
  var tester: String
  /// The exact OS release the tester runs (`--os`), or `nil`: asked first when the session's OS is a
  /// range of releases (`26.x`).
  var os: String?
  /// The app build under test.
  var build: String?
  /// The tester's time zone: each answer's time is also shown in it (it is stored in UTC).
  var timeZone: TimeZone?
  /// Where the walk talks to the tester.
  var console: Console

  /// What a tester may answer, each with the key that names it: the shortest start of its spelling
  /// that no other result shares (`p`, `f`, `b`, `s`).
  static let answers: [(key: String, result: Outcome)] = Outcome.results.map { result in
    let others = Outcome.results.filter { $0 != result }.map(\.rawValue)
    let spelling = result.rawValue
    let length = (1...spelling.count).first { length in
      !others.contains { $0.hasPrefix(spelling.prefix(length)) }
    }
    return (String(spelling.prefix(length ?? spelling.count)), result)
  }

  /// The result an answer names: a key, its full spelling or any start of it that names one result.
  static func result(_ answer: String) -> Outcome? {
    let matching = Outcome.results.filter { $0.rawValue.hasPrefix(answer) }
    return answer.isEmpty || matching.count != 1 ? nil : matching[0]
  }

  /// The haptic parameters a tester is asked about: those felt (intensity and sharpness of each
  /// event); times and durations are kept as planned.
  static func feltParameters(_ item: ObservableItem) -> [String] {
    item.hapticParameters.keys.sorted().filter { name in
      let last = name.split(separator: ".").last.map(String.init) ?? name
      return ["intensity", "sharpness"].contains(last) && Double(item.hapticParameters[name] ?? "") != nil
    }
  }

  private func say(_ text: String) { console.out(text) }

  private func ask(_ prompt: String) -> String? {
    say(prompt)
    return console.readLine()
  }

  /// Walks the items in order.
  ///
  /// Without `--os`, a session planned for a range of releases (`26.x`) first asks which release the
  /// device runs, as the HTML checklist does: what is recorded names the exact release. Each result is
  /// recorded as soon as it is given (a blocked item's with its reason); the note, links and parameters
  /// felt asked after it complete that answer in a second record of the same result and time (the later
  /// written decides), so a terminal closed at "Note:" loses no result.
  ///
  /// - Parameters:
  ///   - now: The clock that stamps each answer.
  ///   - record: Appends one observation durably; called once per answer, and once more when the tester
  ///     adds a note, links or parameters felt, before the next item.
  /// - Returns: What was recorded.
  /// - Throws: Whatever `record` throws; answers recorded before stay recorded.
  func run(now: () -> Timestamp, record: (Observation) throws -> Void) throws -> Summary {
    var summary = Summary()
    guard let release = askRelease() else {
      summary.stopped = true
      say("\n0 recorded, 0 left untested, stopped before the end.\n")
      return summary
    }
    let keys = Self.answers.map { "\($0.key) \($0.result)\($0.result == .blocked ? " (with a reason)" : "")" }
    say(
      "\(items.count) item\(items.count == 1 ? "" : "s") without a result. For each: "
        + keys.joined(separator: ", ") + ", Enter leave untested, q stop.\n")
    let prompt = "Result [\(Self.answers.map(\.key).joined(separator: "/")), Enter to leave, q to stop]: "
    var keyboard: InputMethodID?
    walk: for (index, item) in items.enumerated() {
      if let method = item.plan.configuration.inputMethod, method != keyboard {
        keyboard = method
        say("\n" + Self.keyboardLine(item))
      }
      say("\n" + describe(item, index: index, of: items.count))
      var result: Outcome?
      while result == nil {
        guard let answer = ask(prompt) else {
          summary.stopped = true
          break walk
        }
        let key = answer.trimmingCharacters(in: .whitespaces).lowercased()
        if key.isEmpty {
          summary.left += 1
          continue walk
        }
        if key == "q" || key == "quit" {
          summary.stopped = true
          break walk
        }
        result = Self.result(key)
        if result == nil { say("Answer \(Self.answers.map(\.key).joined(separator: ", ")), Enter or q.\n") }
      }
      guard let result, var observation = answer(item, result, now: now) else {
        summary.stopped = true
        break walk
      }
      if let release { observation.os = release }
      try record(observation)
      summary.recorded.append(result)
      let time = observation.time ?? now()
      say("Recorded \(result.rawValue) for #\(item.number) at \(time)\(Self.local(time, timeZone)).\n")
      guard let completed = details(item, observation) else {
        summary.stopped = true
        break walk
      }
      if completed != observation {
        try record(completed)
        say("Added to #\(item.number)'s \(result.rawValue): \(Self.added(observation, completed)).\n")
      }
    }
    say(
      "\n\(summary.recorded.count) recorded, \(summary.left) left untested"
        + (summary.stopped ? ", stopped before the end" : "") + ".\n")
    return summary
  }

  /// The release to record: `--os`, or the session's OS when it is one release, or the tester's answer
  /// (asked again until it is a release of the session's OS); `.some(nil)` keeps each item's own OS,
  /// and `nil` means input ended before an answer.
  private func askRelease() -> String?? {
    if let os, !os.isEmpty { return .some(os) }
    guard let planned = items.first?.observable, !OSVersion.isExact(planned.os) else {
      return .some(nil)
    }
    let example = OSVersion.exampleRelease(of: planned.os)
    while true {
      guard
        let text = ask(
          "Which iOS \(planned.os) release does the device run (Settings > General > About), such as "
            + "\(example)? ")
      else { return nil }
      let release = text.trimmingCharacters(in: .whitespaces)
      guard let refused = Workflow.OSRefused.check(release, of: planned) else { return .some(release) }
      say(refused.message(.answer) + ".\n")
    }
  }

  /// The answer as recorded at once: the result, and a blocked item's reason (asked until given), or
  /// `nil` when input ended before the reason (nothing is recorded then).
  private func answer(_ item: Item, _ result: Outcome, now: () -> Timestamp) -> Observation? {
    var note = ""
    if result == .blocked {
      while note.isEmpty {
        guard let reason = ask("Reason it is blocked (required): ") else { return nil }
        note = reason.trimmingCharacters(in: .whitespaces)
      }
    }
    return Observation(
      item: item.observable, result: result, tester: tester, time: now(), build: build,
      note: note.isEmpty ? nil : note)
  }

  /// `recorded` with what the tester adds after it (a note, links, the parameters felt), or `nil` when
  /// input ended before they were complete (the answer stays recorded as it was).
  private func details(_ item: Item, _ recorded: Observation) -> Observation? {
    var completed = recorded
    guard let text = ask("Note (optional): ") else { return nil }
    let more = text.trimmingCharacters(in: .whitespaces)
    if !more.isEmpty { completed.note = recorded.note.map { "\($0) — \(more)" } ?? text }
    guard let links = ask("Evidence links (optional, separated by spaces): ") else { return nil }
    completed.evidence = links.split(separator: " ").map(String.init)
    // Parameters are felt only on an item carried out (pass or fail).
    guard !Outcome.notCarriedOut.contains(recorded.result) else { return completed }
    for name in Self.feltParameters(item.observable) {
      let planned = item.observable.hapticParameters[name] ?? ""
      while true {
        guard let text = ask("\(name.capitalized) felt, 0 to 1 (Enter: \(planned) as planned): ") else {
          return nil
        }
        let value = text.trimmingCharacters(in: .whitespaces)
        if value.isEmpty { break }
        if let problem = Workflow.RecordMessage.feltProblem(name: name, value: value, item: item.observable) {
          say(problem.replacingOccurrences(of: "'--felt': ", with: "") + "\n")
        } else {
          completed.hapticParameters[name] = value
          break
        }
      }
    }
    return completed
  }

  /// What `completed` adds to `recorded`: `the note, 2 links, intensity felt`.
  static func added(_ recorded: Observation, _ completed: Observation) -> String {
    var parts: [String] = []
    if completed.note != recorded.note { parts.append("the note") }
    if completed.evidence != recorded.evidence {
      parts.append(completed.evidence.count == 1 ? "1 link" : "\(completed.evidence.count) links")
    }
    let felt = completed.hapticParameters.keys.sorted().filter {
      completed.hapticParameters[$0] != recorded.hapticParameters[$0]
    }
    parts += felt.map { "\($0) felt" }
    return parts.joined(separator: ", ")
  }

  /// `Keyboard: switch to Korean – 2-Set now (ko_KR@sw=Korean;hw=Automatic).`
  static func keyboardLine(_ item: Item) -> String {
    let name = item.keyboardLabel ?? item.plan.configuration.inputMethod?.rawValue ?? "the item's"
    let identifier = item.plan.configuration.keyboard.map { " (\($0))" } ?? ""
    return "Keyboard: switch to \(name) now\(identifier).\n"
  }

  /// ` (18:04 Asia/Tokyo)`: the wall-clock time in the tester's zone, or nothing without one.
  static func local(_ time: Timestamp, _ zone: TimeZone?) -> String {
    guard let zone else { return "" }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute],
      from: Date(timeIntervalSince1970: TimeInterval(time.secondsSince1970)))
    let two = { (value: Int?) in String(format: "%02d", value ?? 0) }
    return
      " (\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)) "
      + "\(zone.identifier))"
  }

  /// `[2/12] #5 M2 · title`, the item id (and why a stale one is walked again), then its steps and
  /// expectations.
  func describe(_ item: Item, index: Int, of count: Int) -> String {
    var out =
      "[\(index + 1)/\(count)] #\(item.number) \(item.plan.scenario.rawValue.uppercased()) · \(item.plan.title)\n"
    out += "  \(item.plan.id)\n"
    if item.status == .stale {
      let reason = item.staleReasons.isEmpty ? "it no longer counts" : item.staleReasons.sentence
      out += "  Recorded before, now stale: \(reason).\n"
    }
    if !item.plan.steps.isEmpty {
      out += "Steps:\n"
      for (number, step) in item.plan.steps.enumerated() { out += "  \(number + 1). \(step)\n" }
    }
    if !item.plan.expected.isEmpty {
      out += "Expected:\n"
      for line in item.plan.expected { out += "  - \(line)\n" }
    }
    return out
  }
}
