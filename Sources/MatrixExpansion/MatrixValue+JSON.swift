extension MatrixValue {
  /// The value as compact JSON; numbers keep their text, objects keep their key order.
  public var json: String {
    var out = ""
    writeJSON(to: &out)
    return out
  }

  func writeJSON(to out: inout String) {
    switch self {
    case .string(let s): out += s.jsonQuoted
    case .number(let n): out += n
    case .bool(let b): out += b ? "true" : "false"
    case .null: out += "null"
    case .array(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        item.writeJSON(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (i, member) in members.enumerated() {
        if i > 0 { out += "," }
        out += member.key.jsonQuoted
        out += ":"
        member.value.writeJSON(to: &out)
      }
      out += "}"
    }
  }
}

extension String {
  /// The string as a JSON string literal (RFC 8259 escapes; non-ASCII kept as UTF-8).
  public var jsonQuoted: String {
    var out = "\""
    out.reserveCapacity(utf8.count + 2)
    for scalar in unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      default:
        if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
    return out
  }
}
