import ScenarioEngine
import TextFormats

/// Writes the assignment of device sessions to testers (`plan --assign`) as aligned text
/// (``Plan/assignmentTable()``).
package struct AssignmentTableWriter: ArtefactWriter {
  package static let identifier = "table"
  package static let description = "aligned text: per tester, then per session"

  /// Creates the writer.
  package init() {}

  package func write(_ plan: Plan) -> [OutputFile] {
    [OutputFile(path: "assignment.txt", contents: plan.assignmentTable())]
  }
}

/// Writes the assignment as GitHub-flavoured Markdown: a table per tester, then one per session, then
/// the changes since the checklists were written, for a QA lead to paste into an issue or a pull
/// request.
package struct AssignmentMarkdownWriter: ArtefactWriter {
  package static let identifier = "markdown"
  package static let description = "GitHub-flavoured Markdown tables, per tester and per session"

  /// Creates the writer.
  package init() {}

  package func write(_ plan: Plan) -> [OutputFile] {
    let testers = AssignmentLoad.testers(of: plan)
    var out = "# Assignment: \(Escaping.markdownInline(plan.name))\n\n"
    out += "\(plan.assignments.count) device sessions over \(testers.count) testers.\n\n"
    out += "| tester | time zone | sessions | items |\n| --- | --- | ---: | ---: |\n"
    for tester in testers {
      let zone = tester.timeZone.map { Escaping.markdownTableCell($0) } ?? "–"
      out +=
        "| \(Escaping.markdownTableCell(tester.name)) | \(zone) | \(tester.sessions) | \(tester.items) |\n"
    }
    out += "\n| session | items | tester |\n| --- | ---: | --- |\n"
    for assignment in plan.assignments {
      let tester = assignment.tester.map { Escaping.markdownTableCell($0) } ?? "– (nobody holds the device)"
      out +=
        "| \(Escaping.markdownCode(assignment.session.description)) | \(assignment.items) | \(tester) |\n"
    }
    if !plan.assignmentChanges.isEmpty {
      out += "\n## Changes since the checklists were written\n\n"
      for change in plan.assignmentChanges { out += "- \(Escaping.markdownInline(change.description))\n" }
    }
    return [OutputFile(path: "assignment.md", contents: out)]
  }
}

/// Writes the assignment as deterministic JSON: `testers` (name, time zone, sessions, items),
/// `sessions` (session, device, items, tester or `null`), in plan order, and `changes` since the
/// checklists were written (session, from, to, reason, description).
package struct AssignmentJSONWriter: ArtefactWriter {
  package static let identifier = "json"
  package static let description = "deterministic JSON: testers and sessions"

  /// Creates the writer.
  package init() {}

  package func write(_ plan: Plan) -> [OutputFile] {
    let testers = AssignmentLoad.testers(of: plan).map { tester -> JSONValue in
      .object([
        ("name", .string(tester.name)), ("time_zone", .optional(tester.timeZone)),
        ("sessions", .int(tester.sessions)), ("items", .int(tester.items)),
      ])
    }
    let sessions = plan.assignments.map { assignment -> JSONValue in
      .object([
        ("session", .string(assignment.session.description)), ("device", .string(assignment.device.rawValue)),
        ("items", .int(assignment.items)), ("tester", .optional(assignment.tester)),
      ])
    }
    let changes = plan.assignmentChanges.map { change -> JSONValue in
      .object([
        ("session", .string(change.session.description)), ("from", .optional(change.from)),
        ("to", .optional(change.to)), ("reason", .string(change.reason.rawValue)),
        ("description", .string(change.description)),
      ])
    }
    let document = JSONValue.object([
      ("plan", .string(plan.name)), ("fingerprint", .string(plan.fingerprint)), ("testers", .array(testers)),
      ("sessions", .array(sessions)), ("changes", .array(changes)),
    ])
    return [OutputFile(path: "assignment.json", contents: document.rendered(trailingNewline: true))]
  }
}

/// What each tester was given, in the order testers first appear in the assignment.
struct AssignmentLoad {
  var name: String
  var timeZone: String?
  var sessions: Int
  var items: Int

  static func testers(of plan: Plan) -> [AssignmentLoad] {
    var loads: [AssignmentLoad] = []
    for assignment in plan.assignments {
      guard let tester = assignment.tester else { continue }
      if let index = loads.firstIndex(where: { $0.name == tester }) {
        loads[index].sessions += 1
        loads[index].items += assignment.items
      } else {
        let zone = plan.testerTimeZones.first { $0.key == tester }?.value
        loads.append(AssignmentLoad(name: tester, timeZone: zone, sessions: 1, items: assignment.items))
      }
    }
    return loads
  }
}
