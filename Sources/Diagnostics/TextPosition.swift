/// A position in a text file, as people count it.
///
/// Both `line` and `column` are **1-based**. `column` counts Unicode scalars from the start of the
/// line, which is what libyaml reports and what a caret under the line needs.
package struct TextPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The 1-based line number.
  package var line: Int
  /// The 1-based column, in Unicode scalars.
  package var column: Int

  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  package static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  package var description: String { "\(line):\(column)" }
}
