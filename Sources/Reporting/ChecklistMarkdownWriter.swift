import TextFormats

/// Writes a device session's checklist as Markdown, `<device>.<os>.md`: preconditions first, items
/// grouped by input method and haptics, task-list boxes to tick on paper or in a Markdown editor.
package struct ChecklistMarkdownWriter: ArtefactWriter {
  package static let identifier = "markdown"
  package static let description = "<device>.<os>.md: the checklist in Markdown"

  /// Creates the writer.
  package init() {}

  package func write(_ checklist: Checklist) -> [OutputFile] {
    [OutputFile(path: checklist.fileName, contents: Self.markdown(checklist))]
  }

  static func text(_ text: String) -> String { Escaping.markdownInline(text) }
  static func code(_ text: String) -> String { Escaping.markdownCode(text) }
  static func cell(_ text: String) -> String { Escaping.markdownTableCell(text) }

  /// The checklist as GitHub-flavoured Markdown.
  static func markdown(_ checklist: Checklist) -> String {
    let session = checklist.session
    var out = "# Checklist: \(text(checklist.deviceName)), iOS \(text(session.os))\n\n"
    out +=
      "Build under test \(text(checklist.buildText)) · plan fingerprint \(code(checklist.planFingerprint))\n\n"
    let counts = checklist.itemCounts
    // The session id heads the table, so no renderer shows an empty header row.
    out += "| Session | \(code(session.description)) |\n| --- | --- |\n"
    out +=
      "| Device | \(cell(checklist.deviceName)) (\(code(session.device.rawValue))), \(checklist.deviceKind) |\n"
    out += "| OS | iOS \(cell(session.os)) |\n"
    out += "| Build under test | \(cell(checklist.buildText)) |\n"
    out += "| Plan | \(cell(checklist.planName)) |\n"
    out += "| Items | \(counts.keyboard) keyboard, \(counts.haptic) haptic |\n"
    if let assignment = checklist.assignment {
      let zone = assignment.timeZone.map { " (\($0))" } ?? ""
      out += "| Assigned to | \(cell((assignment.tester ?? "nobody holds this device") + zone)) |\n"
    }
    out += "| Tester, date, exact OS | |\n"
    let example = checklist.recordCommand
    out +=
      "| Record | \(code(checklist.walkCommand)) walks the untested items; "
      + "\(code(example.command)) \(text(checklist.recordCommandSentence)) |\n\n"

    for note in checklist.notes { out += "> **Note:** \(text(note))\n\n" }

    out += "## Before you start\n\n"
    for line in checklist.beforeYouStart { out += "- [ ] \(text(line))\n" }
    out += "\n"

    let results = checklist.results.map(\.rawValue).joined(separator: " · ")
    for section in checklist.sections {
      switch section.kind {
      case .keyboard(let method, let label, let identifier):
        out += "## \(text(label)) (\(code(method.rawValue)))\n\n"
        if let identifier { out += "Keyboard identifier: \(code(identifier))\n\n" }
      case .haptics(let pattern, let parameters):
        out += "## Haptics\n\n"
        if let pattern {
          out +=
            "Confirmation pattern \(code(pattern)): " + parameters.map(code).joined(separator: ", ") + "\n\n"
        }
      case .other:
        out += "## \(text(section.title))\n\n"
      }
      for line in section.preconditions { out += "- [ ] \(text(line))\n" }
      if !section.preconditions.isEmpty { out += "\n" }
      for item in section.items { Self.item(item, results: results, to: &out) }
    }
    return out
  }

  /// One item, appended to `out`.
  static func item(_ item: Checklist.Item, results: String, to out: inout String) {
    out += "### \(item.number). \(text(item.heading))\n\n"
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
    out += "Result: \(results)\n\n"
  }
}
