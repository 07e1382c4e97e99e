/// How much of a report the Markdown writers put in: list lengths, detailed entries, traces and a hard
/// size limit.
///
/// ```swift
/// let path = "matrices/default.yaml"
/// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
/// let document = try MatrixDocument.load(path: path, bytes: bytes).document
/// guard case .qapass(let file) = document else { return }
/// let plan = try Plan.make(file: file)
/// let run = AutomatedRun.run(plan, subject: .core)
/// let report = AcceptanceReport.make(plan: plan, run: run, manual: [], generatedAt: "2026-11-29T20:00:00Z")
/// MarkdownReportWriter.markdown(report, limits: .summary)   // at most 60,000 bytes, the verdict first
/// ```
package struct MarkdownLimits: Hashable, Sendable {
  /// Entries shown of any list (ids, sessions, pairs) before `… and N more`.
  package var listed: Int
  /// Failures shown in detail (observation, trace) before the rest are listed by id.
  package var detailed: Int
  /// Whether automated failures show their keystroke trace and haptic log.
  package var traces: Bool
  /// The size the text never exceeds, in UTF-8 bytes (so also in characters): sections that do not fit
  /// are left out, and the report says which.
  package var maxBytes: Int
  /// For a summary: the full report it links to (`report.md`), else `nil`.
  package var fullReportLink: String?
  /// Prefix of the pictures' links (empty: beside the report).
  package var pictureBase: String

  /// Creates limits.
  package init(
    listed: Int, detailed: Int, traces: Bool, maxBytes: Int, fullReportLink: String? = nil,
    pictureBase: String = ""
  ) {
    self.listed = listed
    self.detailed = detailed
    self.traces = traces
    self.maxBytes = maxBytes
    self.fullReportLink = fullReportLink
    self.pictureBase = pictureBase
  }

  /// `report.md`: 100 entries a list, 200 detailed failures with traces, at most 1 MiB.
  ///
  /// GitHub's job summary: "each step is restricted to a maximum size of 1MiB. [...] If more than 1MiB
  /// of content is added for a step, then the upload for the step will fail" (docs.github.com, Actions
  /// reference, "Workflow commands", section "Step isolation and limits").
  package static let full = MarkdownLimits(listed: 100, detailed: 200, traces: true, maxBytes: 1_048_576)

  /// `report-summary.md`: 10 entries a list, 10 detailed failures without traces, at most 60,000
  /// bytes, linking to `report.md`.
  ///
  /// A check run's summary takes "Maximum length: 65535 characters" (docs.github.com, REST API,
  /// "Check runs", `output.summary`); a pull-request or issue comment longer than 65,536 characters is
  /// refused ("Body is too long (maximum is 65536 characters)", the REST API's validation error; the
  /// comment docs give no number). Bytes bound characters and UTF-16 units alike, and the 5,535 left
  /// are for what a posting action adds (a title, a hidden marker) and the job summary's other steps.
  package static let summary = MarkdownLimits(
    listed: 10, detailed: 10, traces: false, maxBytes: 60_000, fullReportLink: "report.md")
}

/// Markdown text that never grows past a size: whole sections are added while they fit.
struct MarkdownBudget {
  /// The most bytes the finished text may have.
  var limit: Int
  var text = ""
  var omitted: [String] = []

  /// Room kept for the closing note on left-out sections.
  static let reserve = 600

  /// Adds `section` when it fits; otherwise remembers its `name` for the closing note.
  mutating func append(_ section: String, section name: String) {
    if text.utf8.count + section.utf8.count + Self.reserve <= limit {
      text += section
    } else {
      omitted.append(name)
    }
  }

  /// Adds the verdict section, always: cut after its last whole line that fits when it alone would not
  /// fit (the lists in it are capped, so only a pathological reason gets here), with a note saying so.
  mutating func appendVerdict(_ section: String, fullReportLink: String?) {
    let room = limit - Self.reserve - text.utf8.count
    guard section.utf8.count > room else {
      text += section
      return
    }
    let note =
      "\n… The verdict section is cut here to stay under \(limit) bytes; "
      + (fullReportLink.map { "the [full report](\($0)) has it whole.\n\n" }
        ?? "report.json has it whole.\n\n")
    var kept = 0
    for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
      guard kept + line.utf8.count + 1 + note.utf8.count <= room else { break }
      text += line + "\n"
      kept += line.utf8.count + 1
    }
    text += note
  }

  /// The text, with a closing note naming the left-out sections, if any.
  func finish(fullReportLink: String?) -> String {
    guard !omitted.isEmpty else { return text }
    var note = "## Left out\n\n"
    let names = omitted.prefix(12).joined(separator: ", ")
    note += "To stay under \(limit) bytes, these sections are left out: \(names)."
    if let link = fullReportLink { note += " The [full report](\(link)) has them." }
    note += " report.json has everything.\n"
    return text + note
  }
}
