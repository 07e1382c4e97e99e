import TextFormats

extension MatrixValue {
  /// The value as compact JSON; numbers keep their text, objects keep their key order.
  package var json: String {
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
  /// The string as a JSON string literal (one implementation for every qapass output: `TextFormats`).
  package var jsonQuoted: String { JSONValue.quoted(self) }
}
