/// The text of each file the running use case read, so diagnostics can quote the offending line
/// without reading the file twice.
///
/// Observation files are remembered as ``ObservationFile/textForExcerpts`` (notes blanked), so a
/// tester's note never reaches stderr through an excerpt.
///
/// ```swift
/// var texts = SourceTexts()
/// texts.remember("version: 2\n", for: "m.yaml")
/// let unknown = Diagnostic(
///   path: "m.yaml", location: TextPosition(line: 1, column: 10), message: "unknown format version '2'")
/// let console = Console(currentDirectory: "/w", out: { _ in }, err: { print($0, terminator: "") })
/// console.report([unknown], texts: texts)  // m.yaml:1:10: error: …, then "version: 2" and a caret
/// ```
package struct SourceTexts: Sendable {
  private var texts: [String: @Sendable () -> String] = [:]

  /// Creates an empty set of texts.
  package init() {}

  /// Remembers the text of `path` (as the user named it), replacing what was remembered for it.
  package mutating func remember(_ text: String, for path: String) { texts[path] = { text } }

  /// Remembers how to make the text of `path`, made only when a diagnostic quotes it: an
  /// observation file's ``ObservationFile/textForExcerpts`` parses the whole file.
  package mutating func remember(for path: String, _ make: @escaping @Sendable () -> String) {
    texts[path] = make
  }

  /// The text remembered for `path`.
  package func text(_ path: String) -> String? { texts[path]?() }
}
