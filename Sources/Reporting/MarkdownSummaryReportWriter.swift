/// Writes `report-summary.md`: the report within ``MarkdownLimits/summary``, under 65,536 bytes
/// whatever the plan's size, for a pull-request comment or a check run; it links to `report.md`, and
/// writes the two pictures it shows (the same files as ``MarkdownReportWriter``'s).
package struct MarkdownSummaryReportWriter: ReportWriter {
  package static let identifier = "markdown-summary"
  package static let description =
    "report-summary.md: the report in at most 65,536 characters, linking to report.md"

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
