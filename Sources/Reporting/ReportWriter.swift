import Diagnostics

/// A file a writer produces: a path relative to the output directory and its text.
public struct OutputFile: Hashable, Sendable {
  /// The path relative to the output directory, such as `report.md`.
  public var path: String
  /// The file's text (UTF-8 when written).
  public var contents: String

  /// Creates an output file.
  public init(path: String, contents: String) {
    self.path = path
    self.contents = contents
  }
}

/// An output format of the acceptance report (SwiftLint's `Reporter`): an identifier the command
/// line names, a description for help, and a pure function from report to files.
///
/// ```swift
/// let writer = try ReportWriters.writer(identifier: "junit")
/// let files = writer.init().write(report)   // [OutputFile(path: "junit.xml", …)]
/// ```
public protocol ReportWriter: Sendable {
  /// The name used on the command line (`markdown`, `junit`, `json`).
  static var identifier: String { get }
  /// One line for help texts.
  static var description: String { get }
  /// Creates the writer.
  init()
  /// The files that make up the report in this format; the same report gives the same bytes.
  func write(_ report: AcceptanceReport) -> [OutputFile]
}

/// The registry of report writers.
public enum ReportWriters {
  /// Every writer, in the order help lists them.
  public static let all: [any ReportWriter.Type] = [
    MarkdownReportWriter.self, MarkdownSummaryReportWriter.self, JUnitReportWriter.self,
    JUnitExtendedReportWriter.self, JSONReportWriter.self,
  ]

  /// Every identifier, in registry order.
  public static var identifiers: [String] { all.map { $0.identifier } }

  /// The files of `report` in the formats named by `identifiers`, in order, each path once (the
  /// Markdown writers share the pictures).
  ///
  /// - Parameters:
  ///   - report: The report.
  ///   - identifiers: Writer identifiers, such as `["markdown", "junit"]`.
  ///   - pictureBase: Prefix of the pictures' links in the Markdown files (an absolute URL where a job
  ///     summary can fetch them); empty for links beside the report.
  /// - Throws: ``UnknownReportWriter`` for an identifier no writer has.
  public static func files(
    _ report: AcceptanceReport, formats identifiers: [String], pictureBase: String = ""
  ) throws(UnknownReportWriter) -> [OutputFile] {
    var files: [OutputFile] = []
    for identifier in identifiers {
      let writer = try self.writer(identifier: identifier)
      for var file in writer.init().write(report) where !files.contains(where: { $0.path == file.path }) {
        if !pictureBase.isEmpty, file.path == "report.md" || file.path == "report-summary.md" {
          var limits = file.path == "report.md" ? MarkdownLimits.full : .summary
          limits.pictureBase = pictureBase
          file.contents = MarkdownReportWriter.markdown(report, limits: limits)
        }
        files.append(file)
      }
    }
    return files
  }

  /// The writer named `identifier`.
  ///
  /// - Throws: ``UnknownReportWriter`` naming the valid identifiers (or the close one).
  public static func writer(identifier: String) throws(UnknownReportWriter) -> any ReportWriter.Type {
    guard let writer = all.first(where: { $0.identifier == identifier }) else {
      throw UnknownReportWriter(identifier: identifier, valid: identifiers)
    }
    return writer
  }
}

/// A report format that no writer has; a usage error.
public struct UnknownReportWriter: Error, Hashable, Sendable, CustomStringConvertible {
  /// The identifier asked for.
  public var identifier: String
  /// The identifiers that exist.
  public var valid: [String]

  /// `unknown report format 'jsn'; did you mean 'json'?` or the list of valid ones.
  public var message: String {
    "unknown report format '\(identifier)'" + Suggestion.hint(for: identifier, among: valid)
  }

  /// The message.
  public var description: String { message }
}
