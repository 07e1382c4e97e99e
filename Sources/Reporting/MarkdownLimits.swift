/// How much of a report the Markdown writers put in: list lengths, detailed entries, traces and a hard
/// size limit.
///
/// ```swift
/// MarkdownReportWriter.markdown(report, limits: .summary)   // at most 65,536 bytes
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

  /// `report.md`: 100 entries a list, 200 detailed failures with traces, at most 1 MiB (GitHub's job
  /// summary limit).
  package static let full = MarkdownLimits(listed: 100, detailed: 200, traces: true, maxBytes: 1_048_576)

  /// `report-summary.md`: 10 entries a list, 10 detailed failures without traces, at most 65,536 bytes
  /// (a pull-request comment or check-run summary), linking to `report.md`.
  package static let summary = MarkdownLimits(
    listed: 10, detailed: 10, traces: false, maxBytes: 65_536, fullReportLink: "report.md")
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
