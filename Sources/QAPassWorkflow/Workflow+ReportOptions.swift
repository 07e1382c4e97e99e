import Reporting

extension Workflow.ReportInputs {
  /// Refuses the options of `report` and `pass` that cannot work together, before anything runs.
  ///
  /// - `--out -` prints one file on standard output, so it takes exactly one format;
  /// - `--picture-base` prefixes the pictures' links in report.md and report-summary.md, so it needs
  ///   one of those formats.
  ///
  /// - Throws: ``UsageError`` naming the options.
  func checkOptions() throws(UsageError) {
    if out == "-", formats.count != 1 {
      throw UsageError(
        "'--out -' prints one report file on standard output: choose its format with '--format' "
          + "(\(ReportWriters.identifiers.joined(separator: ", ")))")
    }
    let markdown = [MarkdownReportWriter.identifier, MarkdownSummaryReportWriter.identifier]
    if pictureBase != nil, !formats.contains(where: markdown.contains) {
      throw UsageError(
        "'--picture-base' prefixes the pictures' links in the Markdown reports; '--format' "
          + "\(formats.joined(separator: ",")) writes none (add markdown or markdown-summary)")
    }
  }
}
