/// Aligned text columns separated by two spaces, trailing spaces trimmed; line breaks inside a
/// cell become spaces so every row stays on one line, and control characters are shown as
/// ``Escaping/terminalLine(_:)`` shows them.
///
/// TextFormats has no dependencies, so the caller says how wide a cell is: terminal output passes
/// Diagnostics' `displayWidth`, which counts CJK ideographs, kana and hangul as two columns.
///
/// ```swift
/// TextTable.render([["id", "title"], ["c1", "No false error"]], width: \.count)
/// // "id  title\nc1  No false error\n"
/// ```
package enum TextTable {
  /// The rows as aligned lines, each ending in a newline.
  ///
  /// - Parameters:
  ///   - rows: The cells of each row; rows may have different lengths. The last cell of a row is
  ///     never padded.
  ///   - width: The number of columns a cell occupies (after line breaks became spaces).
  /// - Returns: One line per row.
  /// - Complexity: O(*n*) in the total size of the cells, plus the cost of `width`.
  package static func render(_ rows: [[String]], width: (String) -> Int) -> String {
    let rows = rows.map { $0.map { Escaping.terminalLine(Escaping.singleLine($0)) } }
    let columns = rows.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columns)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], width(cell)) }
    }
    var out = ""
    for row in rows {
      var line = ""
      for (index, cell) in row.enumerated() {
        if index == row.count - 1 {
          line += cell
        } else {
          line += cell + String(repeating: " ", count: max(0, widths[index] - width(cell))) + "  "
        }
      }
      while line.last == " " { line.removeLast() }
      out += line + "\n"
    }
    return out
  }
}
