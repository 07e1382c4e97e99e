extension String {
  /// The text escaped for XML 1.0 character data and attribute values.
  ///
  /// `&`, `<` and `>` always become entities; in attributes `"` and `'` do too, and tab, newline
  /// and carriage return are written as character references (so they survive attribute-value
  /// normalisation). The other C0 controls, U+FFFE and U+FFFF, which XML 1.0 forbids, are dropped.
  ///
  /// ```swift
  /// "a<b & \u{1}c".xmlEscaped()   // "a&lt;b &amp; c"
  /// ```
  func xmlEscaped(attribute: Bool = false) -> String {
    var out = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"" where attribute: out += "&quot;"
      case "'" where attribute: out += "&apos;"
      case "\t", "\n", "\r":
        if attribute {
          out += "&#\(scalar.value);"
        } else {
          out.unicodeScalars.append(scalar)
        }
      case let s where s.value < 0x20 || s.value == 0xFFFE || s.value == 0xFFFF:
        continue
      default:
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
