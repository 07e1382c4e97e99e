extension Node {
  /// The scalar, or `nil` for a sequence or mapping.
  package var scalar: Scalar? {
    if case .scalar(let scalar) = content { return scalar }
    return nil
  }

  /// The items of a sequence, or `nil` for a scalar or mapping.
  package var sequence: [Node]? {
    if case .sequence(let items) = content { return items }
    return nil
  }

  /// The pairs of a mapping in document order, or `nil` for a scalar or sequence.
  package var mapping: [Pair]? {
    if case .mapping(let pairs) = content { return pairs }
    return nil
  }

  /// Whether the node is YAML's null: an untagged plain scalar `""` (an empty value), `~`, `null`,
  /// `Null` or `NULL`.
  ///
  /// Quoted scalars are never null: `"null"` is the text `null`.
  package var isNull: Bool {
    guard tag == nil, case .scalar(let scalar) = content, scalar.style == .plain else { return false }
    switch scalar.text {
    case "", "~", "null", "Null", "NULL": return true
    default: return false
    }
  }

  /// The boolean an untagged plain `true` or `false` stands for, else `nil`.
  ///
  /// Only these two spellings are booleans; YAML 1.1's `yes`, `no`, `on`, `off`, `True` are text.
  package var bool: Bool? {
    guard tag == nil, case .scalar(let scalar) = content, scalar.style == .plain else { return nil }
    switch scalar.text {
    case "true": return true
    case "false": return false
    default: return nil
    }
  }

  /// The value of an untagged plain decimal integer (`0`, `42`, `-7`: no `+`, no leading zeros, no
  /// `0x`, no `_`) that fits in `Int`, else `nil`.
  package var integer: Int? {
    guard tag == nil, case .scalar(let scalar) = content, scalar.style == .plain,
      Self.isDecimalInteger(scalar.text)
    else { return nil }
    return Int(scalar.text)
  }

  /// `-?(0|[1-9][0-9]*)`.
  static func isDecimalInteger(_ text: String) -> Bool {
    var digits = text.utf8[...]
    if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
    guard let first = digits.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
      return false
    }
    if first == UInt8(ascii: "0") && digits.count > 1 { return false }
    return digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  /// The value for the first key whose scalar text is `key`, or `nil` when the node is not a mapping
  /// or has no such key.
  ///
  /// Plain and quoted keys match alike: `"name": x` is found by `node["name"]`.
  ///
  /// - Complexity: O(*n*) for a mapping of *n* pairs; use ``NodeReader/mapping(_:context:allowed:required:)``
  ///   for repeated look-ups.
  package subscript(key: String) -> Node? {
    guard case .mapping(let pairs) = content else { return nil }
    for pair in pairs where pair.key.scalar?.text == key {
      return pair.value
    }
    return nil
  }

  /// A short description of what the node is, for messages: `a mapping`, `a list`,
  /// `an empty value`, `null ('~')`, `'17.10'`, `the quoted string '17'`, `a block scalar`.
  package var kindDescription: String {
    switch content {
    case .mapping: return "a mapping"
    case .sequence: return "a list"
    case .scalar(let scalar):
      switch scalar.style {
      case .plain where scalar.text.isEmpty && tag == nil: return "an empty value"
      case .plain where isNull: return "null ('\(scalar.text)')"
      case .plain: return "'\(Self.excerpt(scalar.text))'"
      case .singleQuoted, .doubleQuoted: return "the quoted string '\(Self.excerpt(scalar.text))'"
      case .literal, .folded: return "a block scalar"
      }
    }
  }

  /// `text` for a message: control characters escaped, long text cut to 40 scalars with `…`.
  static func excerpt(_ text: String) -> String {
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == 40 {
        out += "…"
        break
      }
      count += 1
      switch scalar {
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
