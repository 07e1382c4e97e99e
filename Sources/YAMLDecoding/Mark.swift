@_exported import Diagnostics

/// A position in a YAML file: **1-based** line and column, the column counting Unicode scalars.
///
/// libyaml reports 0-based marks; the parser converts them once, where events leave libyaml, so every
/// `Mark` in this module is 1-based. A UTF-8 byte order mark at the start of the file is skipped and
/// does not count as a column, as editors show it.
package typealias Mark = TextPosition

extension TextPosition {
  /// The start of a file, `1:1`.
  static let fileStart = TextPosition(line: 1, column: 1)
}
