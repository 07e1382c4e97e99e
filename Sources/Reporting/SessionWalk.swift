import Foundation
import Observations
import QAModel
import ScenarioEngine

/// Walks the items of one device session that have no current result, asking the tester about each on a
/// terminal and recording every answer as soon as it is given.
///
/// Each item shows its checklist number, title, steps and expectations; the tester answers `p` (pass),
/// `f` (fail), `b` (blocked: a reason is required), `s` (skipped), Enter (leave it untested and go on) or
/// `q` (stop), then a note and evidence links. Every answer is handed to `record` before the next item
/// is shown, so an interrupted walk loses nothing that was answered. The end of input stops the walk
/// like `q`.
///
/// ```swift
/// let summary = try SessionWalk.run(
///   items: walkable, tester: "mei", build: plan.build, now: Timestamp.now, io: io
/// ) { try ObservationStore.append($0, to: path) }
/// ```
public enum SessionWalk {
  /// One item to walk: its checklist number, the plan item and what observations refer to.
  public struct Item: Sendable {
    public var number: Int
    public var plan: PlanItem
    public var observable: ObservableItem

    public init(number: Int, plan: PlanItem, observable: ObservableItem) {
      self.number = number
      self.plan = plan
      self.observable = observable
    }
  }

  /// Where the walk talks to the tester.
  public struct Terminal {
    /// Writes text as is.
    public var say: (String) -> Void
    /// Reads one line; `nil` at the end of input.
    public var read: () -> String?

    public init(say: @escaping (String) -> Void, read: @escaping () -> String?) {
      self.say = say
      self.read = read
    }

    func ask(_ prompt: String) -> String? {
      say(prompt)
      return read()
    }
  }

  /// What a walk did.
  public struct Summary: Hashable, Sendable {
    /// The results recorded, in order.
    public var recorded: [Outcome] = []
    /// Items left untested on purpose.
    public var left = 0
    /// Whether the tester stopped (or input ended) before the last item.
    public var stopped = false
  }

  static let resultKeys: [String: Outcome] = [
    "p": .pass, "pass": .pass, "f": .fail, "fail": .fail, "b": .blocked, "blocked": .blocked,
    "s": .skipped, "skip": .skipped, "skipped": .skipped,
  ]

  /// Walks `items` in order.
  ///
  /// - Parameters:
  ///   - items: The session's items without a current result, with their checklist numbers.
  ///   - tester: Who is testing.
  ///   - build: The app build under test.
  ///   - timeZone: The tester's time zone: each answer's time is also shown in it (it is stored in UTC).
  ///   - now: The clock that stamps each answer.
  ///   - io: The terminal.
  ///   - record: Appends one observation durably; called once per answer, before the next item.
  /// - Returns: What was recorded.
  /// - Throws: Whatever `record` throws; answers recorded before stay recorded.
  public static func run(
    items: [Item], tester: String, build: String?, timeZone: TimeZone? = nil, now: () -> Timestamp,
    io: Terminal, record: (Observation) throws -> Void
  ) throws -> Summary {
    var summary = Summary()
    io.say(
      "\(items.count) item\(items.count == 1 ? "" : "s") without a result. For each: p pass, f fail, "
        + "b blocked (with a reason), s skipped, Enter leave untested, q stop.\n")
    walk: for (index, item) in items.enumerated() {
      io.say("\n" + describe(item, index: index, of: items.count))
      var result: Outcome?
      while result == nil {
        guard let answer = io.ask("Result [p/f/b/s, Enter to leave, q to stop]: ") else {
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
        result = resultKeys[key]
        if result == nil { io.say("Answer p, f, b, s, Enter or q.\n") }
      }
      guard let result else { continue }
      var note = ""
      if result == .blocked {
        while note.isEmpty {
          guard let reason = io.ask("Reason it is blocked (required): ") else {
            summary.stopped = true
            break walk
          }
          note = reason.trimmingCharacters(in: .whitespaces)
        }
        if let more = io.ask("Note (optional): "), !more.trimmingCharacters(in: .whitespaces).isEmpty {
          note += " — " + more
        }
      } else if let text = io.ask("Note (optional): ") {
        note = text
      }
      let links = io.ask("Evidence links (optional, separated by spaces): ") ?? ""
      let time = now()
      let observation = Observation(
        item: item.observable, result: result, tester: tester, time: time, build: build,
        note: note.trimmingCharacters(in: .whitespaces).isEmpty ? nil : note,
        evidence: links.split(separator: " ").map(String.init))
      try record(observation)
      summary.recorded.append(result)
      io.say("Recorded \(result.rawValue) for #\(item.number) at \(time)\(local(time, timeZone)).\n")
    }
    io.say(
      "\n\(summary.recorded.count) recorded, \(summary.left) left untested"
        + (summary.stopped ? ", stopped before the end" : "") + ".\n")
    return summary
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

  /// `[2/12] #5 M2 · title`, the item id, then its steps and expectations.
  static func describe(_ item: Item, index: Int, of count: Int) -> String {
    var out =
      "[\(index + 1)/\(count)] #\(item.number) \(item.plan.scenario.rawValue.uppercased()) · \(item.plan.title)\n"
    out += "  \(item.plan.id)\n"
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
