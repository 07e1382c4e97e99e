import Diagnostics

/// Aligned text columns separated by two spaces, trailing spaces trimmed; line breaks inside a
/// cell become spaces so every row stays on one line.
enum TextTable {
  static func render(_ rows: [[String]]) -> String {
    let rows = rows.map { $0.map(\.singleLine) }
    let columns = rows.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columns)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.displayWidth) }
    }
    var out = ""
    for row in rows {
      var line = ""
      for (index, cell) in row.enumerated() {
        line += index == row.count - 1 ? cell : cell.padded(toDisplayWidth: widths[index]) + "  "
      }
      while line.last == " " { line.removeLast() }
      out += line + "\n"
    }
    return out
  }
}

extension String {
  /// The text escaped for a Markdown table cell: `|` and backslashes escaped, newlines as `<br>`.
  var markdownCell: String {
    var out = ""
    for character in self {
      switch character {
      case "|": out += "\\|"
      case "\\": out += "\\\\"
      case "\n", "\r\n", "\r": out += "<br>"
      default: out.append(character)
      }
    }
    return out
  }
}

extension String {
  /// The text with every line break replaced by a space, for one-line contexts (table rows,
  /// Markdown headings and list items).
  var singleLine: String {
    String(map { $0.isNewline ? " " : $0 })
  }
}
