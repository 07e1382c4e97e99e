extension String {
  /// Terminal columns: East Asian wide and fullwidth characters count 2, combining marks and
  /// format characters 0, everything else 1 (the subset of UAX #11 plans contain).
  var displayWidth: Int {
    unicodeScalars.reduce(0) { total, scalar in
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .enclosingMark, .format, .control: return total
      default: break
      }
      let v = scalar.value
      let wide =
        (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
        || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
        || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
        || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v)
        || (0x20000...0x3FFFD).contains(v)
      return total + (wide ? 2 : 1)
    }
  }

  /// The string padded with spaces on the right to `width` display columns.
  func padded(toDisplayWidth width: Int) -> String {
    self + String(repeating: " ", count: Swift.max(0, width - displayWidth))
  }
}

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
