/// Writes `junit-extended.xml`: the same cases as `junit.xml`, plus what the `junit-10.xsd` schema
/// does not allow but many readers take: each case's configuration as `<properties>` and, for manual
/// items, a `file` attribute naming the checklist (GitHub annotations land on that file).
package struct JUnitExtendedReportWriter: ReportWriter {
  package static let identifier = "junit-extended"
  package static let description =
    "junit-extended.xml: junit.xml plus per-case properties and the checklist as file (not junit-10.xsd)"

  /// Creates the writer.
  package init() {}

  package func write(_ report: AcceptanceReport) -> [OutputFile] {
    [OutputFile(path: "junit-extended.xml", contents: JUnitReportWriter.document(report).xml(.extended))]
  }
}
