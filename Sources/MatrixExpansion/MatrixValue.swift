/// A value in a matrix, typed the way GitHub Actions types YAML values, but kept textual.
///
/// Values compare by YAML type *and* text, as GitHub compares them: `17` and `"17"` are different values,
/// and `17.10` stays `17.10` (GitHub would turn it into the number `17.1`; qapass keeps what you wrote).
///
/// - `number`: a plain scalar in JSON number syntax (`17`, `-3`, `17.10`, `1e3`); the text is kept.
/// - `string`: a quoted scalar, or a plain scalar that is no number, boolean or null.
/// - `bool`: the plain scalars `true` and `false` only (no YAML 1.1 `yes`/`on`).
/// - `null`: `~`, `null`, or nothing.
/// - `array` and `object`: sequences and mappings; objects compare without regard to key order.
package indirect enum MatrixValue: Hashable, Sendable {
  case string(String)
  case number(String)
  case bool(Bool)
  case null
  case array([MatrixValue])
  case object([MatrixMember])

  /// The name of the value's type, for messages.
  package var typeName: String {
    switch self {
    case .string: "string"
    case .number: "number"
    case .bool: "boolean"
    case .null: "null"
    case .array: "array"
    case .object: "object"
    }
  }

  /// The text a person would recognise, without JSON quoting for strings.
  package var displayText: String {
    switch self {
    case .string(let s): s
    case .number(let n): n
    default: json
    }
  }

  /// Whether two values differ only by type (`17` and `"17"`, `true` and `"true"`).
  package func differsOnlyByType(from other: MatrixValue) -> Bool {
    self != other && scalarText != nil && scalarText == other.scalarText
  }

  private var scalarText: String? {
    switch self {
    case .string(let s), .number(let s): s
    case .bool(let b): b ? "true" : "false"
    case .null: "null"
    case .array, .object: nil
    }
  }

  package static func == (lhs: MatrixValue, rhs: MatrixValue) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)), (.number(let a), .number(let b)): a == b
    case (.bool(let a), .bool(let b)): a == b
    case (.null, .null): true
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && a.sorted(by: { $0.key < $1.key }) == b.sorted(by: { $0.key < $1.key })
    default: false
    }
  }

  package func hash(into hasher: inout Hasher) {
    switch self {
    case .string(let s):
      hasher.combine(0)
      hasher.combine(s)
    case .number(let n):
      hasher.combine(1)
      hasher.combine(n)
    case .bool(let b):
      hasher.combine(2)
      hasher.combine(b)
    case .null:
      hasher.combine(3)
    case .array(let a):
      hasher.combine(4)
      hasher.combine(a)
    case .object(let members):
      hasher.combine(5)
      hasher.combine(members.sorted(by: { $0.key < $1.key }))
    }
  }
}

/// One key and value of an object value, in the order written.
package struct MatrixMember: Hashable, Sendable {
  package var key: String
  package var value: MatrixValue

  package init(_ key: String, _ value: MatrixValue) {
    self.key = key
    self.value = value
  }
}

extension MatrixValue {
  /// Types a plain (unquoted) YAML scalar: booleans, nulls and JSON-syntax numbers; anything else is a string.
  package static func plain(_ text: String) -> MatrixValue {
    switch text {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "", "~", "null", "Null", "NULL": return .null
    default: return isJSONNumber(text) ? .number(text) : .string(text)
    }
  }

  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, so the text can be written to JSON unchanged.
  static func isJSONNumber(_ text: String) -> Bool {
    var bytes = text.utf8[...]
    func digits() -> Int {
      let n = bytes.prefix(while: { $0 >= 0x30 && $0 <= 0x39 }).count
      bytes = bytes.dropFirst(n)
      return n
    }
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    if bytes.first == UInt8(ascii: "0") {
      bytes = bytes.dropFirst()
    } else if digits() == 0 {
      return false
    }
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      if digits() == 0 { return false }
    }
    if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        bytes = bytes.dropFirst()
      }
      if digits() == 0 { return false }
    }
    return bytes.isEmpty
  }
}
