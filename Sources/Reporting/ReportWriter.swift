import Diagnostics

/// An output format of the acceptance report (SwiftLint's `Reporter`): an identifier the command
/// line names, a description for help, and a pure function from report to files.
///
/// ```swift
/// let path = "matrices/default.yaml"
/// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
/// let document = try MatrixDocument.load(path: path, bytes: bytes).document
/// guard case .qapass(let file) = document else { return }
/// let plan = try Plan.make(file: file)
/// let run = AutomatedRun.run(plan, subject: .core)
/// let report = AcceptanceReport.make(plan: plan, run: run, manual: [], generatedAt: "2026-11-29T20:00:00Z")
/// let writer = try ReportWriters.writer(identifier: "junit")
/// let files = writer.init().write(report)   // [OutputFile(path: "junit.xml", …)]
/// ```
package protocol ReportWriter: ArtefactWriter where Artefact == AcceptanceReport {}

/// The registry of report writers.
package enum ReportWriters {
  /// The report's writers as a ``WriterRegistry``, the shape every artefact's writers share, in the
  /// order help lists them.
  package static let registry = WriterRegistry<AcceptanceReport>(
    artefact: "report",
    [
      MarkdownReportWriter.self, MarkdownSummaryReportWriter.self, JUnitReportWriter.self,
      JUnitExtendedReportWriter.self, JSONReportWriter.self,
    ])

  /// Every writer, in the order help lists them.
  package static let all: [any ReportWriter.Type] = registry.all.compactMap { $0 as? any ReportWriter.Type }

  /// Every identifier, in registry order.
  package static var identifiers: [String] { registry.identifiers }

  /// The files of `report` in the formats named by `identifiers`, in order, each path once (the
  /// Markdown writers share the pictures).
  ///
  /// - Parameters:
  ///   - report: The report.
  ///   - identifiers: Writer identifiers, such as `["markdown", "junit"]`.
  ///   - pictureBase: Prefix of the pictures' links in the Markdown files (an absolute URL where a job
  ///     summary can fetch them); empty for links beside the report.
  /// - Throws: ``UnknownReportWriter`` for an identifier no writer has.
  package static func files(
    _ report: AcceptanceReport, formats identifiers: [String], pictureBase: String = ""
  ) throws(UnknownReportWriter) -> [OutputFile] {
    try registry.files(report, formats: identifiers).map { file in
      guard !pictureBase.isEmpty, file.path == "report.md" || file.path == "report-summary.md" else {
        return file
      }
      var limits = file.path == "report.md" ? MarkdownLimits.full : .summary
      limits.pictureBase = pictureBase
      return OutputFile(path: file.path, contents: MarkdownReportWriter.markdown(report, limits: limits))
    }
  }

  /// The writer named `identifier`.
  ///
  /// - Throws: ``UnknownReportWriter`` naming the valid identifiers (or the close one).
  package static func writer(identifier: String) throws(UnknownReportWriter) -> any ReportWriter.Type {
    guard let writer = all.first(where: { $0.identifier == identifier }) else {
      throw UnknownWriter(artefact: registry.artefact, identifier: identifier, valid: identifiers)
    }
    return writer
  }
}

/// A report format that no writer has (``UnknownWriter`` of the report's registry).
package typealias UnknownReportWriter = UnknownWriter
