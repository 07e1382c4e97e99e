import ScenarioEngine
import TextFormats

/// Writes `report.md`, GitHub-flavoured Markdown, and the coverage grids as SVG pictures it embeds
/// with relative links (`coverage-composition.svg`, `coverage-haptics.svg`).
///
/// The verdict and its reasons come first; then the checks, the coverage grids (as tables and
/// pictures), failures, divergences between the core and devices, stale and untested items, the
/// automated results with the keystroke trace of each failure, and executed pair coverage.
public struct MarkdownReportWriter: ReportWriter {
  public static let identifier = "markdown"
  public static let description = "report.md with the coverage grids as SVG pictures beside it"

  /// Creates the writer.
  public init() {}

  public func write(_ report: AcceptanceReport) -> [OutputFile] {
    [
      OutputFile(path: "report.md", contents: Self.markdown(report)),
      OutputFile(path: report.compositionGrid.fileName, contents: report.compositionGrid.svg()),
      OutputFile(path: report.hapticsGrid.fileName, contents: report.hapticsGrid.svg()),
    ]
  }

  static func text(_ text: String) -> String { Escaping.markdownInline(text) }
  static func cell(_ text: String) -> String { Escaping.markdownTableCell(text) }
  static func code(_ text: String) -> String { Escaping.markdownCode(text) }

  static func table(_ header: [String], _ rows: [[String]]) -> String {
    var out = "| " + header.joined(separator: " | ") + " |\n"
    out += "|" + String(repeating: " --- |", count: header.count) + "\n"
    for row in rows { out += "| " + row.joined(separator: " | ") + " |\n" }
    return out
  }

  /// The Markdown text of `report.md`.
  public static func markdown(_ report: AcceptanceReport) -> String {
    var out = "# Acceptance report: \(text(report.planName))\n\n"
    out += "## Verdict: \(report.verdict.rawValue)\n\n"
    for reason in report.reasons { out += "- \(text(reason))\n" }
    out += "\n"
    let automated = OutcomeCounts(report.items.filter { $0.kind == .automated })
    let manual = OutcomeCounts(report.items.filter { $0.kind == .manual })
    out += table(
      ["", ""],
      [
        ["Plan", "\(cell(report.planName)) (\(code(report.planPath)))"],
        ["Build", cell(report.build ?? "not named by the matrix")],
        ["Plan fingerprint", code(report.planFingerprint)],
        ["Generated at", cell(report.generatedAt)],
        ["Automated items", "\(automated.total) against \(code(report.subject)): \(automated.summary)"],
      ]
        + report.subjects.map { subject in
          [
            subject.isReference ? "Reference subject" : "App subject",
            "\(code(subject.name)) \(cell(subject.version)): \(subject.counts.summary) · pack "
              + code(String(subject.packFingerprint.prefix(19))),
          ]
        } + [
          ["Manual items", "\(manual.total): \(manual.summary)"]
        ])
    out += "\n"
    for subject in report.subjects where !subject.isReference && !subject.problems.isEmpty {
      out += "Items \(code(subject.name)) \(text(subject.version)) did not pass:\n\n"
      for problem in subject.problems { out += "- \(code(problem.key)): \(text(problem.value))\n" }
      out += "\n"
    }
    out +=
      "Verdict rules: **REJECTED** when any automated item or any manual item's current observation failed; "
      + "otherwise **INCOMPLETE** when any automated item could not run or has no result, or any manual item is "
      + "untested, stale, blocked or skipped; otherwise **ACCEPTED**.\n\n"
    out += checks(report)
    out += coverage(report)
    out += failures(report)
    out += divergences(report)
    out += stale(report)
    out += untested(report)
    out += automatedResults(report)
    out += pairCoverage(report.pairCoverage)
    if !report.notes.isEmpty {
      out += "## Notes\n\n"
      for note in report.notes { out += "- \(text(note))\n" }
      out += "\n"
    }
    return out
  }

  // MARK: Sections

  static func checks(_ report: AcceptanceReport) -> String {
    var out = "## Checks\n\n"
    out +=
      "Each automated check runs against the core; its manual counterpart checks the same on devices.\n\n"
    for channel in Scenario.Channel.allCases {
      let rows = report.checks.filter { $0.channel == channel }
      guard !rows.isEmpty else { continue }
      out += channel == .composition ? "### Composition\n\n" : "### Haptics\n\n"
      out += table(
        ["Check", "What it checks", "Automated", "Manual", "Manual outcomes"],
        rows.map { check in
          [
            code(check.id), cell(check.title),
            check.automated.total == 0 ? "not planned" : check.automated.summary,
            check.manualScenario.map(code) ?? "–",
            check.manualScenario == nil || check.manual.total == 0 ? "–" : check.manual.summary,
          ]
        })
      out += "\n"
    }
    return out
  }

  static func coverage(_ report: AcceptanceReport) -> String {
    var out = "## Coverage\n\n"
    out +=
      "Legend: "
      + CoverageGrid.Status.allCases.map { "\($0.symbol) \($0.rawValue)" }.joined(separator: " · ")
      + ". A cell is failed when a manual item or the core failed, passed when every manual item and the core "
      + "passed, partial when some manual items passed and the rest has no current result, stale or untested "
      + "when no manual item passed.\n\n"
    for (grid, explanation) in [
      (
        report.compositionGrid,
        "Each cell holds the manual keyboard items of that OS and input method on every device, and the "
          + "core's automated result for the input method (core ✓ or ✗)."
      ),
      (report.hapticsGrid, "Each cell holds the manual haptic items of that device session."),
    ] {
      out += "### \(text(grid.title))\n\n"
      out += "![\(text(grid.title))](\(grid.fileName))\n\n"
      out += text(explanation) + "\n\n"
      guard !grid.rows.isEmpty, !grid.columns.isEmpty else {
        out += "Nothing planned.\n\n"
        continue
      }
      out += table(
        [cell(grid.rowName + " \\ " + grid.columnName)] + grid.columns.map { cell($0.label) },
        grid.rows.indices.map { r in
          let cells =
            r < grid.cells.count ? grid.cells[r].prefix(grid.columns.count).map { cell($0.label) } : []
          return [cell(grid.rows[r].label)] + cells
            + Array(repeating: "", count: max(0, grid.columns.count - cells.count))
        })
      out += "\n"
    }
    if !report.removedCells.isEmpty {
      out += "### Removed combinations\n\n"
      out += "Matrix combinations no device session can run, so nothing is planned for them:\n\n"
      for cell in report.removedCells {
        out +=
          "- " + cell.combination.map { code("\($0.key)=\($0.value)") }.joined(separator: " ") + ": "
          + text(cell.reason) + "\n"
      }
      out += "\n"
    }
    return out
  }

  static func observationLines(_ item: ReportItem) -> String {
    guard let observation = item.observation else { return "- No observation recorded.\n" }
    var who = "\(text(observation.tester)) at \(text(observation.time)) on \(code(observation.device)), "
    who += "iOS \(text(observation.os))"
    if let build = observation.build { who += ", build \(text(build))" }
    var out = "- Observed by \(who)\n"
    if let note = observation.note { out += "- Note: \(text(note))\n" }
    if !observation.evidence.isEmpty {
      out += "- Evidence: " + observation.evidence.map(link).joined(separator: ", ") + "\n"
    }
    if let fingerprint = observation.hapticFingerprint {
      out += "- Haptic pattern felt: \(code(fingerprint))"
      if !observation.hapticParameters.isEmpty {
        out +=
          " ("
          + observation.hapticParameters.map { "\(text($0.key)) \(text($0.value))" }.joined(separator: ", ")
          + ")"
      }
      out += "\n"
    }
    for conflict in item.conflicts { out += "- Conflicting observation: \(text(conflict))\n" }
    return out
  }

  static func link(_ target: String) -> String {
    guard let destination = Escaping.markdownLinkDestination(target) else { return code(target) }
    return "[\(text(target))](\(destination))"
  }

  static func failures(_ report: AcceptanceReport) -> String {
    var out = "## Failures\n\n"
    let failures = report.failures
    if failures.isEmpty { return out + "None.\n\n" }
    let manual = failures.filter { $0.kind == .manual }
    let automated = failures.filter { $0.kind == .automated }
    for item in manual {
      out += "### ✗ \(code(item.id))\n\n"
      out += "\(text(item.title))\n\n"
      out += observationLines(item)
      out += "\n"
    }
    if !automated.isEmpty {
      out +=
        "\(AcceptanceReport.count(automated.count, "automated item")) failed or could not run; their problems and "
        + "keystroke traces are under [Automated results](#automated-results).\n\n"
    }
    return out
  }

  static func divergences(_ report: AcceptanceReport) -> String {
    var out = "## Core passes, device fails\n\n"
    guard !report.divergences.isEmpty else {
      return out + "None: no device failed where the core's matching checks pass.\n\n"
    }
    out +=
      "The core passes these checks, yet the device failed the matching manual item: the app diverges from "
      + "the core (it may not use it, or use it differently).\n\n"
    out += table(
      ["Item", "Device", "OS", "Input method", "Core checks", "Tester", "Note"],
      report.divergences.map { divergence in
        [
          code(divergence.itemID), cell(divergence.configuration.device ?? "–"),
          cell(divergence.configuration.os ?? "–"), cell(divergence.configuration.inputMethod ?? "–"),
          divergence.coreChecks.map(code).joined(separator: ", ") + " (\(divergence.corePasses) passed)",
          cell(divergence.observation?.tester ?? "–"), cell(divergence.observation?.note ?? "–"),
        ]
      })
    return out + "\n"
  }

  static func stale(_ report: AcceptanceReport) -> String {
    var out = "## Stale items\n\n"
    let items = report.stale
    guard !items.isEmpty else { return out + "None.\n\n" }
    out += table(
      ["Item", "Why it no longer counts", "Last observation"],
      items.map { item in
        let last = item.observation.map {
          "\($0.tester), \($0.time)" + ($0.build.map { ", build \($0)" } ?? "")
        }
        return [code(item.id), cell(item.staleReason ?? "stale"), cell(last ?? "–")]
      })
    return out + "\n"
  }

  static func untested(_ report: AcceptanceReport) -> String {
    var out = "## Untested items\n\n"
    let items = report.untested
    guard !items.isEmpty else { return out + "None.\n\n" }
    out += "Manual items without a current result (untested, blocked or skipped), by device session.\n\n"
    var sessions: [String] = []
    var bySession: [String: [ReportItem]] = [:]
    for item in items {
      let key = "\(item.configuration.device ?? "–"), iOS \(item.configuration.os ?? "–")"
      if bySession[key] == nil { sessions.append(key) }
      bySession[key, default: []].append(item)
    }
    for session in sessions {
      let members = bySession[session] ?? []
      out += "- **\(text(session))** (\(members.count)): "
      out +=
        members.map { item in
          var entry = code(item.id)
          if item.outcome != .untested {
            entry +=
              " (\(item.outcome.rawValue)" + (item.observation?.note.map { ": " + text($0) } ?? "") + ")"
          }
          return entry
        }.joined(separator: ", ")
      out += "\n"
    }
    return out + "\n"
  }

  static func automatedResults(_ report: AcceptanceReport) -> String {
    var out = "## Automated results\n\n"
    let automated = report.items.filter { $0.kind == .automated }
    guard !automated.isEmpty else { return out + "No automated items were planned.\n\n" }
    out += "Subject: \(code(report.subject)).\n\n"
    var groups: [(check: String, implementation: String)] = []
    for item in automated where !groups.contains(where: { $0 == (item.scenario, item.implementation) }) {
      groups.append((item.scenario, item.implementation))
    }
    out += table(
      ["Check", "Implementation", "Items", "Outcomes"],
      groups.map { group in
        let members = automated.filter {
          $0.scenario == group.check && $0.implementation == group.implementation
        }
        return [
          code(group.check), group.implementation.isEmpty ? "–" : code(group.implementation),
          String(members.count),
          OutcomeCounts(members).summary,
        ]
      })
    out += "\n"
    let failed = automated.filter { $0.outcome == .fail || $0.outcome == .error }
    for item in failed {
      out += "### \(item.outcome == .fail ? "✗" : "!") \(code(item.id))\n\n"
      out += "\(text(item.title))\n\n"
      for problem in item.problems { out += "- \(text(problem))\n" }
      out += "\n"
      if !item.steps.isEmpty {
        out += "Keystroke trace (the recipe's text, not user data):\n\n"
        out += table(
          TraceText.headers.map(cell),
          item.steps.enumerated().map { index, step in
            TraceText.cells(step, number: index + 1).map(cell)
          })
        out += "\n"
      }
      if !item.hapticLog.isEmpty {
        out += "Haptic log:\n\n"
        for line in item.hapticLog { out += "- \(text(line))\n" }
        out += "\n"
      }
    }
    return out
  }

  static func pairCoverage(_ coverage: PairCoverage) -> String {
    var out = "## Executed pair coverage\n\n"
    out +=
      "\(coverage.covered) of \(coverage.coverable) coverable value pairs of device, OS and input method "
      + "(\(coverage.percent)%) are exercised by the \(coverage.executedCells) of \(coverage.plannedCells) planned "
      + "cells whose manual keyboard items have a current pass or fail.\n\n"
    out += table(
      ["Dimensions", "Covered", "Coverable"],
      coverage.perDimensionPair.map { [cell($0.label), String($0.covered), String($0.coverable)] })
    out += "\n"
    guard !coverage.missing.isEmpty else { return out }
    out += "Missing pairs:\n\n"
    var groups: [String] = []
    var byGroup: [String: [PairCoverage.Pair]] = [:]
    for pair in coverage.missing {
      let key = "\(pair.firstDimension) × \(pair.secondDimension)"
      if byGroup[key] == nil { groups.append(key) }
      byGroup[key, default: []].append(pair)
    }
    for group in groups {
      let pairs = byGroup[group] ?? []
      out +=
        "- \(text(group)) (\(pairs.count)): "
        + pairs.map { code("\($0.firstValue) × \($0.secondValue)") }.joined(separator: ", ") + "\n"
    }
    out += "\n"
    if !coverage.nextSessions.isEmpty {
      out += "Next device sessions to close the most missing pairs (greedy, each after those above it):\n\n"
      for (index, session) in coverage.nextSessions.enumerated() {
        out +=
          "\(index + 1). \(code(session.device)) on iOS \(text(session.os)): closes "
          + "\(AcceptanceReport.count(session.closes, "pair"))\n"
      }
      out += "\n"
    }
    return out
  }
}
