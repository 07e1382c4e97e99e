/// Writes `report-summary.md`: the report within ``MarkdownLimits/summary`` (60,000 bytes, under
/// GitHub's 65,535 characters of a check run's summary and 65,536 of a comment) whatever the plan's
/// size, opening with the verdict; it links to `report.md`, and
/// writes the two pictures it shows (the same files as ``MarkdownReportWriter``'s).
package struct MarkdownSummaryReportWriter: ReportWriter {
  package static let identifier = "markdown-summary"
  package static let description =
    "report-summary.md: the report in at most 60,000 bytes (a PR comment or check run), linking to report.md"

  /// Creates the writer.
  package init() {}

  package func write(_ report: AcceptanceReport) -> [OutputFile] {
    [
      OutputFile(
        path: "report-summary.md", contents: MarkdownReportWriter.markdown(report, limits: .summary)),
      OutputFile(path: report.compositionGrid.fileName, contents: report.compositionGrid.svg()),
      OutputFile(path: report.hapticsGrid.fileName, contents: report.hapticsGrid.svg()),
    ]
  }
}
