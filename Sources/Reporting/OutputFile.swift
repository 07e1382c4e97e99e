/// A file a writer produces: a path relative to the output directory and its text. Only Reporting's
/// writers create one.
package struct OutputFile: Hashable, Sendable {
  /// The path relative to the output directory, such as `report.md`.
  package var path: String
  /// The file's text (UTF-8 when written).
  package var contents: String
}
