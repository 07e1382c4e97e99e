/// A JSON value with ordered object members, serialised byte-for-byte deterministically.
///
/// Objects keep the order they are built in (no dictionary order leaks); strings escape `"`, `\`
/// and control characters and keep everything else as UTF-8; integers print as such.
enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.text() == rhs.text() }
  func hash(into hasher: inout Hasher) { hasher.combine(text()) }

  static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
  static func strings(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }

  /// Pretty-printed with two-space indentation, ending without a newline.
  func text(indent: Int = 0) -> String {
    let pad = String(repeating: "  ", count: indent)
    let inner = String(repeating: "  ", count: indent + 1)
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .int(let value): return String(value)
    case .string(let value): return Self.quote(value)
    case .array(let values):
      if values.isEmpty { return "[]" }
      return "[\n" + values.map { inner + $0.text(indent: indent + 1) }.joined(separator: ",\n") + "\n\(pad)]"
    case .object(let members):
      if members.isEmpty { return "{}" }
      return "{\n"
        + members.map { inner + Self.quote($0.0) + ": " + $0.1.text(indent: indent + 1) }.joined(
          separator: ",\n")
        + "\n\(pad)}"
    }
  }

  static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let s where s.value < 0x20 || s.value == 0x7F:
        let hex = String(s.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
