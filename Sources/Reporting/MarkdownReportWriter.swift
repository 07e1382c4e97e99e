import Observations
import QAModel
import ScenarioEngine
import TextFormats

/// Writes `report.md`, GitHub-flavoured Markdown, and the coverage grids as SVG pictures it embeds
/// with relative links (`coverage-composition.svg`, `coverage-haptics.svg`).
///
/// The verdict and its reasons come first, with what changed since the previous pass (an app
/// subject's items named with the subject); then what each subject ran of the automated items, the
/// checks, the coverage grids (as tables and pictures), failures with what was expected, divergences
/// between the core and devices, progress per session and tester, stale and untested items, the
/// automated results with the keystroke trace of each failure, and executed pair coverage.
///
/// The size is bounded whatever the plan's size (see ``MarkdownLimits``): long lists are cut to a
/// fixed number of entries, in a collapsed `<details>` block that says how many were left out, so a
/// report of 12,000 manual items stays under GitHub's 1 MiB job-summary limit. Text from files and
/// testers renders as written, without raw HTML, so it reads the same where HTML is filtered.
package struct MarkdownReportWriter: ReportWriter {
  package static let identifier = "markdown"
  package static let description = "report.md with the coverage grids as SVG pictures beside it"

  /// Creates the writer.
  package init() {}

  package func write(_ report: AcceptanceReport) -> [OutputFile] {
    [
      OutputFile(path: "report.md", contents: Self.markdown(report)),
      OutputFile(path: report.compositionGrid.fileName, contents: report.compositionGrid.svg()),
      OutputFile(path: report.hapticsGrid.fileName, contents: report.hapticsGrid.svg()),
    ]
  }

  static func text(_ text: String) -> String { Escaping.markdownInline(text) }
  /// A table cell: escaped, line breaks shown as ` ↵ ` (no raw `<br>`, which safe renderers drop).
  static func cell(_ text: String) -> String {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
      Escaping.markdownInline(String($0))
    }.joined(separator: " ↵ ")
  }
  static func code(_ text: String) -> String { Escaping.markdownCode(text) }

  /// Multi-line text in a list item: each line escaped, joined by CommonMark hard line breaks
  /// (a backslash at the end of the line) indented under the item.
  static func lines(_ text: String) -> String {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
      Escaping.markdownInline(String($0))
    }.joined(separator: "\\\n  ")
  }

  static func table(_ header: [String], _ rows: [[String]]) -> String {
    var out = "| " + header.joined(separator: " | ") + " |\n"
    out += "|" + String(repeating: " --- |", count: header.count) + "\n"
    for row in rows { out += "| " + row.joined(separator: " | ") + " |\n" }
    return out
  }

  /// A ``table(_:_:)`` of the first `limit` of `items`, one row each, then, when some are left out, a
  /// line saying how many more `report.json` lists: `… and 3 more sessions (see report.json).`
  static func cappedTable<Item>(
    _ header: [String], _ items: [Item], limit: Int, moreOf noun: String? = nil, row: (Item) -> [String]
  ) -> String {
    var out = table(header, items.prefix(limit).map(row))
    if items.count > limit {
      out += "\n… and \(items.count - limit) more\(noun.map { " " + $0 } ?? "") (see report.json).\n"
    }
    return out
  }

  /// The Markdown text of `report.md` within `limits`.
  package static func markdown(_ report: AcceptanceReport, limits: MarkdownLimits = .full) -> String {
    var out = MarkdownBudget(limit: limits.maxBytes)
    var head = "# Acceptance report: \(text(oneLine(report.planName)))\n\n"
    head += "## Verdict: \(report.verdict.rawValue)\n\n"
    head += verdictLists(report, limits: limits)
    head += "\n"
    head += appTestsAndJobs(report, limits: limits)
    head += filesInError(report, limits: limits)
    let automated = OutcomeCounts(report.items.filter { $0.kind == .automated })
    let manual = OutcomeCounts(report.items.filter { $0.kind == .manual })
    let done = report.sessions.reduce(0) { $0 + $1.done }
    let generated: String
    switch report.generatedFrom {
    case .sourceDateEpoch: generated = (report.generatedAt ?? "unknown") + " (SOURCE\\_DATE\\_EPOCH)"
    case .latestObservation: generated = (report.generatedAt ?? "unknown") + " (the latest observation)"
    case .caller: generated = report.generatedAt ?? "unknown"
    case .none: generated = "unknown (no observation yet and no SOURCE\\_DATE\\_EPOCH)"
    }
    head += "- **Plan:** \(text(oneLine(report.planName))) (\(code(oneLine(report.planPath))))\n"
    head += "- **Build:** \(text(oneLine(report.build ?? "not named by the matrix")))\n"
    head += "- **Plan fingerprint:** \(code(report.planFingerprint))\n"
    head += "- **Generated at:** \(generated)\n"
    head +=
      "- **Automated items:** \(automated.total) against \(code(report.subject)): \(automated.summary)\n"
    head += subjectLines(report, limits: limits)
    if report.scope == .pass {
      head += "- **Manual items:** \(manual.total): \(manual.summary) (\(done) of \(manual.total) done)\n"
      let carried = report.carried.count
      if carried > 0 {
        head +=
          "- **Carried results:** \(carried) of the \(manual.results) manual results were carried from earlier "
          + "builds (\(OutcomeCounts(report.carried).summary)); \(manual.results - carried) were tested on this build\n"
      }
      let attached = report.items.reduce(0) { $0 + $1.attachmentLinks.count }
      if attached > 0 {
        head += "- **Evidence files:** \(attached) attached to the deciding observations\n"
      }
    }
    head += "\n"
    head +=
      "Verdict rules: **REJECTED** when any automated item (against the reference core or an app subject), any "
      + "manual item's current observation or any test of the app's own test run failed; otherwise **INCOMPLETE** "
      + "when any automated item could not run or has no result, an app subject did not run every automated item "
      + "or its results come from another plan or pack, a required subject has no results, any manual item is "
      + "untested, stale, blocked or skipped, a session's CI job did not finish, or the app's test run produced no "
      + "result; otherwise **ACCEPTED**.\n\n"
    if let link = limits.fullReportLink {
      head += "This is the summary; the [full report](\(link)) has every section in full.\n\n"
    }
    out.appendVerdict(head, fullReportLink: limits.fullReportLink)
    if let changes = report.changes {
      out.append(sinceLastPass(changes, limits: limits), section: "Since the last pass")
    }
    out.append(subjects(report, limits: limits), section: "Coverage by subject")
    out.append(checks(report), section: "Checks")
    out.append(coverage(report, limits: limits), section: "Coverage")
    out.append(failures(report, limits: limits), section: "Failures")
    if report.scope == .pass,
      report.items.contains(where: { $0.waiver != nil || !$0.defects.isEmpty })
        || !report.retired.isEmpty
    {
      out.append(decisions(report, limits: limits), section: "Decisions")
    }
    if !report.fixedOnRetest.isEmpty {
      out.append(fixedOnRetest(report, limits: limits), section: "Fixed on retest")
    }
    out.append(divergences(report, limits: limits), section: "Core passes, device fails")
    if report.scope == .pass { out.append(progress(report, limits: limits), section: "Progress") }
    out.append(stale(report, limits: limits), section: "Stale items")
    out.append(untested(report, limits: limits), section: "Untested items")
    out.append(automatedResults(report, limits: limits), section: "Automated results")
    out.append(pairCoverage(report.pairCoverage, limits: limits), section: "Executed pair coverage")
    if !report.notes.isEmpty {
      var notes = "## Notes\n\n"
      for note in report.notes.prefix(limits.listed) { notes += "- \(text(note))\n" }
      if report.notes.count > limits.listed {
        notes += "- … and \(report.notes.count - limits.listed) more\n"
      }
      out.append(notes + "\n", section: "Notes")
    }
    return out.finish(fullReportLink: limits.fullReportLink)
  }

  /// The verdict's reasons, what changed since the previous pass and the blocked items, each list at
  /// most `limits.listed` long, then a count of the rest and a link to the section listing them.
  static func verdictLists(_ report: AcceptanceReport, limits: MarkdownLimits) -> String {
    var out = ""
    let reasons = report.verdictReasons
    for reason in reasons.prefix(limits.listed) {
      out += "- \(text(reason.text))"
      if let details = reason.details { out += " (see \(sectionLink(details, limits)))" }
      out += "\n"
    }
    if reasons.count > limits.listed {
      out +=
        "- … and \(AcceptanceReport.count(reasons.count - limits.listed, "more reason")) (`reasons` in report.json)\n"
    }
    if let changes = report.changes {
      out += "- Since the previous pass: \(text(changes.summary)).\n"
    }
    let blocked = report.blocked
    for item in blocked.prefix(limits.listed) {
      out += "- Blocked \(code(item.id.rawValue)): \(text(oneLine(item.reason)))\n"
    }
    if blocked.count > limits.listed {
      out +=
        "- … and \(AcceptanceReport.count(blocked.count - limits.listed, "more blocked item")), with their reasons "
        + "by session under \(sectionLink(.untested, limits)) (report.json has every one)\n"
    }
    return out
  }

  /// A link to `section` of the full report: `[Failures](report.md#failures)` from the summary,
  /// `[Failures](#failures)` within `report.md`.
  static func sectionLink(_ section: ReportSection, _ limits: MarkdownLimits) -> String {
    "[\(section.title)](\(limits.fullReportLink ?? "")#\(section.rawValue))"
  }

  /// The first line of `text`, at most `limit` characters; `…` marks what was cut.
  static func oneLine(_ text: String, limit: Int = 200) -> String {
    let first = text.prefix { !$0.isNewline }
    guard first.count < text.count || first.count > limit else { return text }
    return String(first.prefix(limit)) + "…"
  }

  /// `ids` as code spans, at most `limit` of them, then `… and N more`.
  static func capped(_ ids: [String], limit: Int, render: (String) -> String = code) -> String {
    var out = ids.prefix(limit).map(render).joined(separator: ", ")
    if ids.count > limit { out += ", … and \(ids.count - limit) more" }
    return out
  }

  /// A collapsed block: `<details><summary>…</summary>` around `body` (Markdown, blank lines kept).
  /// The summary is plain text, HTML-escaped: inside the HTML block Markdown escapes would show.
  static func details(_ summary: String, _ body: String) -> String {
    "<details><summary>\(Escaping.xmlText(Escaping.singleLine(summary)))</summary>\n\n" + body
      + "\n</details>\n\n"
  }

  // MARK: Sections

  /// Ingest's hint (`; did you mean 'x'? …`) as a sentence of its own.
  static func suggestion(_ hint: String) -> String {
    hint.hasPrefix("; ") ? String(hint.dropFirst(2)) : hint
  }

  static func filesInError(_ report: AcceptanceReport, limits: MarkdownLimits) -> String {
    var out = ""
    if !report.filesInError.isEmpty {
      out += "## Observation files in error\n\n"
      out +=
        "Their entries in error (the whole file when it is not YAML) were left out; `qapass report` lists "
      out += "every error.\n\n"
      for file in report.filesInError.prefix(limits.listed) {
        out += "- \(code(oneLine(file.path))) (\(file.errors == 1 ? "1 error" : "\(file.errors) errors")): "
        out += "\(text(oneLine(file.firstError)))\n"
      }
      if report.filesInError.count > limits.listed {
        out +=
          "- … and \(AcceptanceReport.count(report.filesInError.count - limits.listed, "more file")) "
          + (limits.fullReportLink == nil
            ? "(`files_in_error` in report.json)\n" : "(see \(sectionLink(.filesInError, limits)))\n")
      }
      out += "\n"
    }
    guard !report.unplannedObservations.isEmpty else { return out }
    // A failure of an item a re-plan dropped is listed without an error in its file.
    out += report.filesInError.isEmpty ? "## " : "### "
    out += "Results for items the plan does not have\n\n"
    out += "A failure among them is " + text(UnplannedObservation.failureEffect(1)) + ".\n\n"
    out += table(
      ["Item", "Result", "Tester", "Where", "Did you mean"],
      report.unplannedObservations.prefix(limits.listed).map { unplanned in
        [
          code(unplanned.id.rawValue), unplanned.result.rawValue, cell(unplanned.tester ?? ""),
          code("\(unplanned.path):\(unplanned.location.line)"), cell(suggestion(unplanned.hint)),
        ]
      })
    if report.unplannedObservations.count > limits.listed {
      let more = report.unplannedObservations.count - limits.listed
      out +=
        limits.fullReportLink == nil
        ? "\n… and \(more) more (see report.json).\n"
        : "\n… and \(more) more (see \(sectionLink(.unplanned, limits))).\n"
    }
    return out + "\n"
  }

  static func checks(_ report: AcceptanceReport) -> String {
    var out = "## Checks\n\n"
    out +=
      "Each automated check runs against the core; its manual counterpart checks the same on devices. Every "
      + "check qapass makes is listed; one the plan has no items of says so.\n\n"
    for channel in Scenario.Channel.allCases {
      let rows = report.checks.filter { $0.channel == channel }
      guard !rows.isEmpty else { continue }
      out += channel == .composition ? "### Composition\n\n" : "### Haptics\n\n"
      out += table(
        ["Check", "What it checks", "Automated", "Manual", "Manual outcomes"],
        rows.map { check in
          [
            code(check.id.rawValue), cell(check.title),
            check.automated.total == 0 ? "not planned" : check.automated.summary,
            check.manualScenario.map { code($0.rawValue) } ?? "–",
            check.manualScenario == nil || check.manual.total == 0 ? "–" : check.manual.summary,
          ]
        })
      out += "\n"
    }
    return out
  }

  static func sinceLastPass(_ changes: ReportChanges, limits: MarkdownLimits) -> String {
    var out = "## Since the last pass\n\n"
    var from = "Compared with \(code(changes.previousPath))"
    if let time = changes.previousGeneratedAt { from += " of \(text(time))" }
    if let verdict = changes.previousVerdict { from += " (\(verdict.rawValue))" }
    out += from + ", item by item: by id, or by the id an item had before a rename the matrix declares "
    out += "(`renamed_from:`).\n\n"
    let failingRemoved = changes.removedFailing.count
    out += table(
      ["Change", "Items"],
      [
        ["Newly failing", String(changes.newlyFailing.count)], ["Fixed", String(changes.fixed.count)],
        ["Still failing", String(changes.stillFailing.count)],
        ["Newly untested or stale", String(changes.newlyUntested.count)],
        ["New in the plan", String(changes.newItems)],
        ["Renamed (matched by a former id)", String(changes.renamedItems)],
        [
          "No longer in the plan",
          String(changes.removedItems) + (failingRemoved > 0 ? " (\(failingRemoved) failing)" : ""),
        ],
      ])
    out += "\n"
    for (title, entries) in [
      ("Newly failing", changes.newlyFailing), ("Fixed", changes.fixed),
      ("Still failing", changes.stillFailing),
      ("Newly untested or stale", changes.newlyUntested),
    ] where !entries.isEmpty {
      let shown = entries.prefix(limits.listed).map { change in
        "- \(change.subject.map { code($0) + ": " } ?? "")\(code(change.id.rawValue))"
          + (change.formerID.map { " (was \(code($0.rawValue)))" } ?? "") + ": "
          + "\(change.before?.rawValue ?? "new") → \(change.after.rawValue)\n"
      }.joined()
      out += details("\(title): \(entries.count)", shown + more(entries.count, limits))
    }
    if !changes.removed.isEmpty {
      let shown = changes.removed.prefix(limits.listed).map { removed in
        "- \(code(removed.id.rawValue)): \(removed.outcome.rawValue) → not planned\n"
      }.joined()
      out += details(
        "No longer in the plan: \(changes.removedItems)"
          + (failingRemoved > 0 ? " (\(failingRemoved) failing)" : ""),
        shown + more(changes.removed.count, limits))
    }
    return out
  }

  /// `- … and 3 more (see report.json)` after a list of `count` entries cut to `limits.listed`.
  static func more(_ count: Int, _ limits: MarkdownLimits) -> String {
    count > limits.listed ? "- … and \(count - limits.listed) more (see report.json)\n" : ""
  }

  static func progress(_ report: AcceptanceReport, limits: MarkdownLimits) -> String {
    var out = "## Progress\n\n"
    guard !report.sessions.isEmpty else { return out + "No manual items are planned.\n\n" }
    out +=
      "Done means a current pass, fail, blocked or skipped; time is the span from the first to the last "
      + "deciding observation (qapass does not time manual work).\n\n"
    func span(_ seconds: Int?) -> String { seconds.map(ObservationSpan.text) ?? "–" }
    out += cappedTable(
      ["Session", "Done", "Outcomes", "Time"], report.sessions, limit: limits.listed, moreOf: "sessions"
    ) { session in
      [
        code(session.session.description),
        "\(session.done)/\(session.total)", session.counts.summary, span(session.spanSeconds),
      ]
    }
    out += "\n"
    if !report.testers.isEmpty {
      out += cappedTable(
        ["Tester", "Done", "Outcomes", "Sessions", "Assigned", "Time"], report.testers, limit: limits.listed,
        moreOf: "testers"
      ) { tester in
        [
          cell(tester.tester), String(tester.done), tester.counts.summary, String(tester.sessions.count),
          tester.assignedSessions.isEmpty
            ? "–"
            : "\(tester.assignedDone)/\(tester.assignedItems) done in \(tester.assignedSessions.count) sessions",
          span(tester.spanSeconds),
        ]
      }
      out += "\n"
    }
    return out
  }

  static func coverage(_ report: AcceptanceReport, limits: MarkdownLimits) -> String {
    var out = "## Coverage\n\n"
    out +=
      "Legend: "
      + CoverageGrid.Status.allCases.map { "\($0.symbol) \($0.word)" }.joined(separator: " · ")
      + ". A cell is fail when a manual item or the core failed, pass when every manual item and the core "
      + "passed, partial when some manual items passed and the rest has no current result, stale or untested "
      + "when no manual item passed. In a cell, *k failed · n/m passed* counts its manual items: k failed, n "
      + "have a current pass, m are planned.\n\n"
    for (grid, explanation) in [
      (
        report.compositionGrid,
        "Each cell holds the manual keyboard items of that OS and input method on every device, and the "
          + "core's automated result for the input method (core ✓ or ✗)."
      ),
      (report.hapticsGrid, "Each cell holds the manual haptic items of that device session."),
    ] {
      out += "### \(text(grid.title))\n\n"
      let picture =
        limits.pictureBase.isEmpty
        ? grid.fileName
        : Escaping.markdownLinkDestination(limits.pictureBase + grid.fileName) ?? grid.fileName
      out += "![\(text(grid.title))](\(picture))\n\n"
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
      for cell in report.removedCells.prefix(limits.listed) {
        out +=
          "- " + cell.combination.map { code("\($0.key)=\($0.value)") }.joined(separator: " ") + ": "
          + text(cell.reason) + "\n"
      }
      if report.removedCells.count > limits.listed {
        out += "- … and \(report.removedCells.count - limits.listed) more (see report.json)\n"
      }
      out += "\n"
    }
    return out
  }

  static func observationLines(_ item: ReportItem) -> String {
    guard let observation = item.observation else { return "- No observation recorded.\n" }
    var who =
      "\(text(observation.tester)) at \(text(observation.timeText)) on \(code(observation.device.rawValue)), "
    who += "iOS \(text(observation.os))"
    if let build = observation.build { who += ", build \(text(build))" }
    var out = "- Observed by \(who)\n"
    if let note = observation.note { out += "- Note: \(lines(note))\n" }
    if !observation.evidence.isEmpty {
      out += "- Evidence: " + observation.evidence.map(link).joined(separator: ", ") + "\n"
    }
    if !item.attachmentLinks.isEmpty {
      out += "- Attached: " + item.attachmentLinks.map(link).joined(separator: ", ") + "\n"
    }
    if let carried = observation.carried {
      out +=
        "- Carried from build \(text(carried.fromBuild)) by \(text(carried.by)) at \(text(carried.time.text)): "
        + "\(text(oneLine(carried.reason)))\n"
    }
    if !item.defects.isEmpty { out += "- Defects: \(defectLinks(item.defects))\n" }
    if let waiver = item.waiver { out += "- \(text(oneLine(waiver.sentence, limit: 400)))\n" }
    if let fingerprint = observation.hapticFingerprint {
      out += "- Haptic pattern felt: \(code(fingerprint))"
      if !observation.hapticParameters.isEmpty {
        out +=
          " ("
          + observation.hapticParametersByName.map { "\(text($0.key)) \(text($0.value))" }.joined(
            separator: ", ")
          + ")"
      }
      out += "\n"
    }
    for earlier in item.superseded { out += "- Superseded by this retest: \(text(earlier.summary))\n" }
    for conflict in item.conflicts { out += "- Conflicting observation: \(text(conflict.summary))\n" }
    return out
  }

  /// `[JIRA-1](https://…/JIRA-1), #42`: each defect id, linked when the matrix gives a template.
  static func defectLinks(_ defects: [DefectLink]) -> String {
    defects.map { defect in
      guard let url = defect.url, let destination = Escaping.markdownLinkDestination(url) else {
        return code(defect.id)
      }
      return "[\(text(defect.id))](\(destination))"
    }.joined(separator: ", ")
  }

  /// `## Decisions`: waived failures, items tied to defects, and the observations retirements took
  /// out of the count, each with who and why.
  static func decisions(_ report: AcceptanceReport, limits: MarkdownLimits) -> String {
    var out = "## Decisions\n\n"
    let waivers = report.items.filter { $0.waiver != nil && $0.outcome == .fail }
    if !waivers.isEmpty {
      out += "### Waivers\n\n"
      out +=
        cappedTable(
          ["Item", "Status", "Reason", "Approver", "Expires", "Waived by"], waivers, limit: limits.listed
        ) { item in
          let decision = item.waiver?.decision
          return [
            code(item.id.rawValue), item.waiver?.status.rawValue ?? "", cell(decision?.reason ?? ""),
            cell(decision?.approver ?? ""), cell(decision?.expiry?.description ?? ""),
            cell("\(decision?.by ?? "") at \(decision?.time.text ?? "")"),
          ]
        } + "\n"
    }
    if !report.withDefects.isEmpty {
      out += "### Defects\n\n"
      out +=
        cappedTable(["Item", "Outcome", "Defects"], report.withDefects, limit: limits.listed) { item in
          [code(item.id.rawValue), item.outcome.rawValue, defectLinks(item.defects)]
        } + "\n"
    }
    if !report.retired.isEmpty {
      out += "### Retired observations\n\n"
      out +=
        cappedTable(
          ["Item", "Result", "Recorded by", "Where", "Retired by", "Why"], report.retired,
          limit: limits.listed
        ) { retired in
          [
            code(retired.id.rawValue), retired.result?.rawValue ?? "", cell(retired.tester ?? ""),
            code("\(retired.path):\(retired.location.line)"),
            cell("\(retired.retirement.by) at \(retired.retirement.time.text)"),
            cell(retired.retirement.reason ?? ""),
          ]
        } + "\n"
    }
    return out
  }

  static func link(_ target: String) -> String {
    guard let destination = Escaping.markdownLinkDestination(target) else { return code(target) }
    return "[\(text(target))](\(destination))"
  }

  static func failures(_ report: AcceptanceReport, limits: MarkdownLimits) -> String {
    var out = "## Failures\n\n"
    let failures = report.failures
    if failures.isEmpty { return out + "None.\n\n" }
    let manual = failures.filter { $0.kind == .manual }
    let automated = failures.filter { $0.kind == .automated }
    for item in manual.prefix(limits.detailed) {
      out += "### ✗ \(code(item.id.rawValue))\n\n"
      out += "\(text(item.title))\n\n"
      for expected in item.expected { out += "- Expected: \(text(expected))\n" }
      if let checklist = item.checklist { out += "- Checklist: \(code(checklist))\n" }
      out += observationLines(item)
      out += "\n"
    }
    if manual.count > limits.detailed {
      let rest = manual.dropFirst(limits.detailed).map(\.id.rawValue)
      out += details(
        "\(rest.count) more manual failures",
        capped(Array(rest), limit: limits.listed) + " (see report.json)\n")
    }
    if !automated.isEmpty {
      out +=
        "\(AcceptanceReport.count(automated.count, "automated item")) failed or could not run; their problems and "
        + "keystroke traces are under [Automated results](#automated-results).\n\n"
    }
    return out
  }

  /// Manual items a retest fixed: each earlier observation the pass superseded, and the pass that decides.
  static func fixedOnRetest(_ report: AcceptanceReport, limits: MarkdownLimits) -> String {
    var out = "## Fixed on retest\n\n"
    out +=
      "A pass recorded after a failure of the same item is its current result: a retest by the same tester, or "
      + "by another more than 5 minutes later. Disagreements that are no retest are listed as conflicts.\n\n"
    out += cappedTable(["Item", "Earlier", "Retest"], report.fixedOnRetest, limit: limits.listed) { item in
      let retest = item.observation.map { "\($0.tester) recorded pass at \($0.timeText)" }
      let earlier = item.superseded.map(\.summary).joined(separator: "; ")
      return [code(item.id.rawValue), cell(earlier), cell(retest ?? "–")]
    }
    return out + "\n"
  }

  static func divergences(_ report: AcceptanceReport, limits: MarkdownLimits) -> String {
    var out = "## Core passes, device fails\n\n"
    guard !report.divergences.isEmpty else {
      return out + "None: no device failed where the core's matching checks pass.\n\n"
    }
    out +=
      "The core passes these checks, yet the device failed the matching manual item: the app diverges from "
      + "the core (it may not use it, or use it differently).\n\n"
    out += cappedTable(
      ["Item", "Device", "OS", "Input method", "Core checks", "Tester", "Note"], report.divergences,
      limit: limits.listed
    ) { divergence in
      [
        code(divergence.itemID.rawValue), cell(divergence.configuration.device?.rawValue ?? "–"),
        cell(divergence.configuration.os ?? "–"), cell(divergence.configuration.inputMethod?.rawValue ?? "–"),
        divergence.coreChecks.map { code($0.rawValue) }.joined(separator: ", ")
          + " (\(divergence.corePasses) passed)",
        cell(divergence.observation?.tester ?? "–"), cell(divergence.observation?.note ?? "–"),
      ]
    }
    return out + "\n"
  }

  static func stale(_ report: AcceptanceReport, limits: MarkdownLimits) -> String {
    var out = "## Stale items\n\n"
    let items = report.stale
    guard !items.isEmpty else { return out + "None.\n\n" }
    out += "Each with the result recorded, which no longer counts: the item is to be retested.\n\n"
    out += cappedTable(
      ["Item", "Result", "Why it no longer counts", "Last observation"], items, limit: limits.listed
    ) { item in
      let last = item.observation.map {
        "\($0.tester), \($0.timeText)" + ($0.build.map { ", build \($0)" } ?? "")
      }
      return [
        code(item.id.rawValue), item.observation?.result.rawValue ?? "–",
        cell(item.staleReasonText ?? "stale"),
        cell(last ?? "–"),
      ]
    }
    return out + "\n"
  }

  static func untested(_ report: AcceptanceReport, limits: MarkdownLimits) -> String {
    var out = "## Untested items\n\n"
    let items = report.untested
    guard !items.isEmpty else { return out + "None.\n\n" }
    out +=
      "Manual items without a current result (untested, blocked or skipped), by device session; blocked and "
      + "skipped items say why.\n\n"
    var sessions: [String] = []
    var bySession: [String: [ReportItem]] = [:]
    for item in items {
      let key = "\(item.configuration.device ?? "–"), iOS \(item.configuration.os ?? "–")"
      if bySession[key] == nil { sessions.append(key) }
      bySession[key, default: []].append(item)
    }
    // Entries per session: `listed`, shared out so the section holds at most 20 × `listed` of each
    // kind (a release plan has thousands of blocked items in dozens of sessions).
    let shown = sessions.prefix(limits.listed)
    let perSession = max(1, min(limits.listed, limits.listed * 20 / max(1, shown.count)))
    for session in shown {
      let members = bySession[session] ?? []
      let explained = members.filter { $0.outcome != .untested }
      var body = ""
      for item in explained.prefix(perSession) {
        let reason = item.observation?.note.map(lines) ?? "no reason recorded"
        body += "- \(code(item.id.rawValue)): \(item.outcome.rawValue): \(reason)\n"
      }
      if explained.count > perSession {
        body += "- … and \(explained.count - perSession) more (see report.json)\n"
      }
      let plain = members.filter { $0.outcome == .untested }.map(\.id.rawValue)
      if !plain.isEmpty { body += "- untested: " + capped(plain, limit: perSession) + "\n" }
      var counts = OutcomeCounts()
      for member in members { counts.add(member.outcome) }
      out += details("\(session): \(counts.summary)", body)
    }
    if sessions.count > limits.listed {
      out += "… and \(sessions.count - limits.listed) more sessions (see report.json).\n\n"
    }
    return out
  }

  static func automatedResults(_ report: AcceptanceReport, limits: MarkdownLimits) -> String {
    var out = "## Automated results\n\n"
    let automated = report.items.filter { $0.kind == .automated }
    guard !automated.isEmpty else { return out + "No automated items were planned.\n\n" }
    out += "Subject: \(code(report.subject)).\n\n"
    var groups: [(check: CheckID, implementation: String)] = []
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
          code(group.check.rawValue), group.implementation.isEmpty ? "–" : code(group.implementation),
          String(members.count),
          OutcomeCounts(members).summary,
        ]
      })
    out += "\n"
    let failed = automated.filter { $0.outcome == .fail || $0.outcome == .error }
    for item in failed.prefix(limits.detailed) {
      out += "### \(item.outcome == .fail ? "✗" : "!") \(code(item.id.rawValue))\n\n"
      out += "\(text(item.title))\n\n"
      for expected in item.expected { out += "- Expected: \(text(expected))\n" }
      for problem in item.problems { out += "- \(text(problem))\n" }
      out += "\n"
      if limits.traces, !item.steps.isEmpty {
        out += "Keystroke trace (the recipe's text, not user data):\n\n"
        out += table(
          DriverStep.traceHeaders.map(cell),
          item.steps.enumerated().map { index, step in
            step.traceCells(number: index + 1).map(cell)
          })
        out += "\n"
      }
      if limits.traces, !item.hapticLog.isEmpty {
        out += "Haptic log:\n\n"
        for line in item.hapticLog { out += "- \(text(line))\n" }
        out += "\n"
      }
    }
    if failed.count > limits.detailed {
      let rest = failed.dropFirst(limits.detailed).map(\.id.rawValue)
      out += details(
        "\(rest.count) more automated failures", capped(Array(rest), limit: limits.listed) + "\n")
    }
    return out
  }

  static func pairCoverage(_ coverage: PairCoverage, limits: MarkdownLimits) -> String {
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
        + capped(pairs.map { "\($0.firstValue) × \($0.secondValue)" }, limit: limits.listed) + "\n"
    }
    out += "\n"
    if !coverage.nextSessions.isEmpty {
      out += "Next device sessions to close the most missing pairs (greedy, each after those above it):\n\n"
      for (index, session) in coverage.nextSessions.prefix(limits.listed).enumerated() {
        out +=
          "\(index + 1). \(code(session.device)) on iOS \(text(session.os)): closes "
          + "\(AcceptanceReport.count(session.closes, "pair"))\n"
      }
      out += "\n"
    }
    return out
  }
}
