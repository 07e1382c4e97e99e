/// A JSON value whose objects keep their keys in the order given, so output is stable.
///
/// ```swift
/// JSONValue.object([("b", 1), ("a", "x")]).rendered()   // {\n  "b": 1,\n  "a": "x"\n}
/// ```
package enum JSONValue: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral
{
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer.
  case int(Int)
  /// A decimal number with `fractionDigits` digits after the point (`12.5` with 1 digit is `12.5`),
  /// written without exponent so the same value always gives the same text; `nil` if not finite.
  case decimal(Double, fractionDigits: Int)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, keys in the order given.
  case object([(String, JSONValue)])

  /// A string value.
  package init(stringLiteral value: String) { self = .string(value) }
  /// An integer value.
  package init(integerLiteral value: Int) { self = .int(value) }
  /// A boolean value.
  package init(booleanLiteral value: Bool) { self = .bool(value) }

  /// A string, or `null` for `nil`.
  package static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

  /// An array of strings.
  package static func strings(_ texts: [String]) -> JSONValue { .array(texts.map(JSONValue.string)) }

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.rendered() == rhs.rendered() }
  package func hash(into hasher: inout Hasher) { hasher.combine(rendered()) }

  /// The JSON text, indented by two spaces, with a newline at the end of the outermost value only
  /// when `trailingNewline` is set. Non-ASCII text is written as is (UTF-8); control characters,
  /// `"` and `\` are escaped.
  package func rendered(trailingNewline: Bool = false) -> String {
    // Written as UTF-8 bytes and made a string once: a report's JSON has a million small pieces.
    var out: [UInt8] = []
    write(to: &out, depth: 0)
    if trailingNewline { out.append(UInt8(ascii: "\n")) }
    return String(decoding: out, as: UTF8.self)
  }

  private func write(to out: inout [UInt8], depth: Int) {
    switch self {
    case .null: out += "null".utf8
    case .bool(let value): out += (value ? "true" : "false").utf8
    case .int(let value): out += String(value).utf8
    case .decimal(let value, let digits): out += Self.decimalText(value, fractionDigits: digits).utf8
    case .string(let text): Self.writeString(text, to: &out)
    case .array(let values):
      Self.writeContainer(values, open: "[", close: "]", to: &out, depth: depth) { value, out in
        value.write(to: &out, depth: depth + 1)
      }
    case .object(let members):
      Self.writeContainer(members, open: "{", close: "}", to: &out, depth: depth) { member, out in
        Self.writeString(member.0, to: &out)
        out += ": ".utf8
        member.1.write(to: &out, depth: depth + 1)
      }
    }
  }

  /// Writes an array or object at nesting `depth`: `open` and `close` on one line when empty,
  /// otherwise one element per line, indented by two more spaces, separated by commas.
  private static func writeContainer<Element>(
    _ elements: [Element], open: Unicode.Scalar, close: Unicode.Scalar, to out: inout [UInt8], depth: Int,
    _ writeElement: (Element, inout [UInt8]) -> Void
  ) {
    out.append(UInt8(ascii: open))
    guard !elements.isEmpty else {
      out.append(UInt8(ascii: close))
      return
    }
    out.append(UInt8(ascii: "\n"))
    for (index, element) in elements.enumerated() {
      out += repeatElement(UInt8(ascii: " "), count: 2 * (depth + 1))
      writeElement(element, &out)
      if index != elements.count - 1 { out.append(UInt8(ascii: ",")) }
      out.append(UInt8(ascii: "\n"))
    }
    out += repeatElement(UInt8(ascii: " "), count: 2 * depth)
    out.append(UInt8(ascii: close))
  }

  /// `12.5`: `value` rounded to `fractionDigits` digits, trailing zeros kept; `null` when not finite.
  static func decimalText(_ value: Double, fractionDigits: Int) -> String {
    guard value.isFinite else { return "null" }
    let digits = max(0, min(fractionDigits, 9))
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    let sign = scaled < 0 ? "-" : ""
    let whole = String(abs(scaled) / scale)
    guard digits > 0 else { return sign + whole }
    let fraction = String(abs(scaled) % scale)
    return sign + whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
  }

  /// `text` as a JSON string literal: RFC 8259 escapes, C0 controls, DEL, U+2028 and U+2029 as `\uXXXX`,
  /// everything else as UTF-8.
  package static func quoted(_ text: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + 2)
    writeString(text, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// What a string literal escapes: controls and DEL, `"` and `\\`, U+2028 and U+2029 (lead byte 0xE2).
  private static let stringScreen = ByteScreen(controls: true, ascii: "\"\\", bytes: [0x7F, 0xE2])

  private static func writeString(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    guard stringScreen.matches(text) else {
      out += text.utf8
      out.append(UInt8(ascii: "\""))
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += #"\""#.utf8
      case "\\": out += #"\\"#.utf8
      case "\n": out += #"\n"#.utf8
      case "\r": out += #"\r"#.utf8
      case "\t": out += #"\t"#.utf8
      case _
      where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        out += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
      default: out += UTF8.encode(scalar)!
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
