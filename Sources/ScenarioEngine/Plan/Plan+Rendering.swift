import Diagnostics
import TextFormats

extension Plan {
  /// An aligned text table: a header, one row per item, then removed cells, notes and the summary;
  /// control characters shown as `\u{1B}` (``Escaping/terminalText(_:)``), for a terminal.
  ///
  /// ```text
  /// plan: Sign-up form — CJK name field and save haptics
  /// #  id                                        kind       channel      scenario  title
  /// 1  auto.c1.zh-pinyin.full-name.every-update  automated  composition  c1@1      No false error …
  /// ```
  package func table() -> String {
    var out = "plan: \(name)\n"
    out += "matrix: \(path)\n"
    if let build { out += "build: \(build)\n" }
    out += "fingerprint: \(fingerprint)\n\n"
    var rows = [["#", "id", "kind", "channel", "scenario", "title"]]
    for (index, item) in items.enumerated() {
      rows.append([
        String(index + 1), item.id.rawValue, item.kind.rawValue, item.channel.rawValue,
        "\(item.scenario)@\(item.scenarioVersion)", item.title,
      ])
    }
    out += TextTable.render(rows, width: \.displayWidth)
    if !removedCells.isEmpty {
      out += "\nremoved as impossible (\(removedCells.count)):\n"
      for cell in removedCells { out += "  \(Self.describe(cell.combination)): \(cell.reason)\n" }
    }
    if !notes.isEmpty {
      out += "\nnotes:\n"
      for note in notes { out += "  - \(note)\n" }
    }
    out += "\n" + summaryText()
    return Escaping.terminalText(out)
  }

  /// The summary lines shared by the table and the Markdown.
  func summaryText() -> String {
    var out = "automated items: \(summary.automatedItems)"
    if !summary.automatedPerScenario.isEmpty {
      out += " (" + summary.automatedPerScenario.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")"
    }
    out += "\n"
    out += "manual items: \(summary.manualItems)"
    if !summary.manualPerScenario.isEmpty {
      out += " (" + summary.manualPerScenario.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")"
    }
    out += "\ndevice sessions: \(summary.deviceSessions)\n"
    out += "removed cells: \(summary.removedCells)\n"
    return out
  }

  static func describe(_ pairs: [PlanItem.Pair]) -> String {
    pairs.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
  }

  /// Deterministic JSON with every item in full; members in a fixed order; ends with a newline.
  package func json() -> String {
    let itemValues = items.map { item -> JSONValue in
      var members: [(String, JSONValue)] = [
        ("id", .string(item.id.rawValue)), ("kind", .string(item.kind.rawValue)),
        ("channel", .string(item.channel.rawValue)),
        ("scenario", .string(item.scenario.rawValue)), ("scenarioVersion", .int(item.scenarioVersion)),
        ("configuration", .object(item.configuration.pairs.map { ($0.key, .string($0.value)) })),
        ("title", .string(item.title)), ("preconditions", .strings(item.preconditions)),
        ("steps", .strings(item.steps)), ("expected", .strings(item.expected)),
        ("record", .strings(item.record)),
      ]
      if let haptic = item.haptic {
        members.append(
          (
            "haptic",
            .object([("fingerprint", .string(haptic.fingerprint)), ("events", .strings(haptic.parameters))])
          ))
      }
      return .object(members)
    }
    let document = JSONValue.object([
      ("format", .string("qapass-plan/1")), ("name", .string(name)), ("matrix", .string(path)),
      ("build", .optional(build)), ("fingerprint", .string(fingerprint)),
      (
        "summary",
        .object([
          ("automatedItems", .int(summary.automatedItems)), ("manualItems", .int(summary.manualItems)),
          ("deviceSessions", .int(summary.deviceSessions)), ("removedCells", .int(summary.removedCells)),
          (
            "automatedPerScenario",
            .object(summary.automatedPerScenario.map { ($0.key, .int(Int($0.value) ?? 0)) })
          ),
          (
            "manualPerScenario", .object(summary.manualPerScenario.map { ($0.key, .int(Int($0.value) ?? 0)) })
          ),
        ])
      ),
      (
        "policies",
        .object(
          [
            ("settle_ms", .int(policies.settleMilliseconds)),
            ("silent_commit_return", .string(policies.silentCommitReturn)),
            ("delivery_variants", .strings(policies.deliveryVariants)),
          ]
            + policies.separatorChoices.map { choice in
              (
                choice.key,
                .object([
                  ("declared", choice.declared.map { .strings($0) } ?? .null),
                  ("values", .strings(choice.values)), ("otherwise", .string(choice.otherwise)),
                ])
              )
            })
      ),
      ("items", .array(itemValues)),
      (
        "removedCells",
        .array(
          removedCells.map {
            .object([
              ("combination", .object($0.combination.map { ($0.key, .string($0.value)) })),
              ("reason", .string($0.reason)),
            ])
          })
      ),
      ("notes", .strings(notes)),
      (
        "scenarios",
        .array(
          ScenarioCatalog.all.filter { scenario in items.contains { $0.scenario == scenario.id } }.map {
            .object([
              ("id", .string($0.id.rawValue)), ("version", .int($0.version)),
              ("kind", .string($0.kind.rawValue)),
              ("channel", .string($0.channel.rawValue)), ("title", .string($0.title)),
              ("statement", .string($0.statement)),
            ])
          })
      ),
    ])
    return document.rendered(trailingNewline: true)
  }

  /// Markdown for people: summary, the automated items as a table, the manual items per device
  /// session with preconditions, steps, expected results and what to record, removed cells, notes.
  ///
  /// Every value from the matrix (its name, build, labels, device names, the steps made of them)
  /// renders as written, on one line: escaped as Markdown text (``Escaping/markdownInline(_:)``) or as a
  /// code span, so no HTML, link or emphasis in a matrix reaches an issue or a pull request.
  package func markdown() -> String {
    func text(_ value: String) -> String { Escaping.markdownInline(Escaping.singleLine(value)) }
    func code(_ value: String) -> String { Escaping.markdownCode(value) }
    var out = "# QA plan: \(text(name))\n\n"
    out += "- Matrix: \(code(path))\n"
    if let build { out += "- Build under test: \(text(build))\n" }
    out += "- Plan fingerprint: \(code(fingerprint))\n\n"
    out += "## Summary\n\n"
    out += summaryText().split(separator: "\n").map { "- \(text(String($0)))\n" }.joined() + "\n"
    let automated = items.filter { $0.kind == .automated }
    if !automated.isEmpty {
      out += "## Automated items\n\n| id | scenario | title |\n| --- | --- | --- |\n"
      for item in automated {
        let scenario = Escaping.markdownTableCell("\(item.scenario)@\(item.scenarioVersion)")
        out += "| \(code(item.id.rawValue)) | \(scenario) | \(Escaping.markdownTableCell(item.title)) |\n"
      }
      out += "\n"
    }
    let manual = items.filter { $0.kind == .manual }
    if !manual.isEmpty {
      out += "## Manual items\n\n"
      var sessions: [String] = []
      var bySession: [String: [PlanItem]] = [:]
      for item in manual {
        let id = item.configuration.device?.rawValue ?? ""
        let device = deviceNames.first { $0.key == id }.map { "\(text($0.value)) (\(code(id)))" } ?? code(id)
        let key = "\(device) — iOS \(text(item.configuration.os ?? ""))"
        if bySession[key] == nil { sessions.append(key) }
        bySession[key, default: []].append(item)
      }
      for session in sessions {
        out += "### \(session)\n\n"
        for item in bySession[session] ?? [] {
          out += "#### \(text(item.title))\n\n"
          out +=
            "\(code(item.id.rawValue)) — scenario \(text(item.scenario.rawValue)) v\(item.scenarioVersion)\n\n"
          for (heading, lines) in [
            ("Preconditions", item.preconditions), ("Steps", item.steps), ("Expected", item.expected),
            ("Record", item.record),
          ] where !lines.isEmpty {
            out += "**\(heading)**\n\n"
            if heading == "Steps" {
              out += lines.enumerated().map { "\($0.offset + 1). \(text($0.element))\n" }.joined()
            } else {
              out += lines.map { "- \(text($0))\n" }.joined()
            }
            out += "\n"
          }
          if let haptic = item.haptic {
            out +=
              "**Pattern** \(code(haptic.fingerprint)): "
              + haptic.parameters.map(code).joined(separator: ", ")
            out += "\n\n"
          }
        }
      }
    }
    if !removedCells.isEmpty {
      out += "## Removed as impossible\n\n| combination | reason |\n| --- | --- |\n"
      for cell in removedCells {
        let combination = Escaping.markdownTableCell(Self.describe(cell.combination))
        out += "| \(combination) | \(Escaping.markdownTableCell(cell.reason)) |\n"
      }
      out += "\n"
    }
    if !notes.isEmpty {
      out += "## Notes\n\n" + notes.map { "- \(text($0))\n" }.joined()
    }
    return out
  }
}
