extension Node {
  /// A scalar that reads back as exactly `text`, as a string.
  ///
  /// Text that plain style would turn into something else — `""`, `17`, `17.10`, `true`, `null`, `~`,
  /// `yes`, `.5`, `-1`, `<<` — is double-quoted; multi-line text uses a literal block (`|`). Text
  /// plain style cannot hold at all (`a: b`, leading spaces, `#x`) is quoted by the emitter.
  ///
  /// ```swift
  /// Node(string: "17")  // emitted as "17"
  /// Node(string: "王小明")  // emitted as 王小明
  /// ```
  package init(string text: String) {
    // A line feed byte first: a text without one holds no "\n" character either.
    let multiline = text.utf8.contains(UInt8(ascii: "\n")) && text.contains("\n")
    let style: Scalar.Style =
      multiline ? .literal : (Scalar.plainChangesMeaning(text) ? .doubleQuoted : .plain)
    self.init(.scalar(Scalar(text: text, style: style)))
  }

  /// A plain integer scalar such as `42`.
  package init(int value: Int) {
    self.init(.scalar(Scalar(text: String(value), style: .plain)))
  }

  /// A plain number scalar: Swift's shortest round-tripping spelling (`0.8`, `1e-05`), or `.inf`,
  /// `-.inf`, `.nan` for the non-finite values.
  package init(double value: Double) {
    let text: String
    if value.isNaN {
      text = ".nan"
    } else if value.isInfinite {
      text = value < 0 ? "-.inf" : ".inf"
    } else {
      text = value.description
    }
    self.init(.scalar(Scalar(text: text, style: .plain)))
  }

  /// A plain `true` or `false`.
  package init(bool value: Bool) {
    self.init(.scalar(Scalar(text: value ? "true" : "false", style: .plain)))
  }

  /// A plain `null`.
  package static var null: Node { Node(.scalar(Scalar(text: "null", style: .plain))) }

  /// A sequence of `items`.
  package init(sequence items: [Node]) {
    self.init(.sequence(items))
  }

  /// A mapping with string keys (made with ``init(string:)``), in the order given.
  package init(mapping pairs: [(key: String, value: Node)]) {
    self.init(.mapping(pairs.map { Pair(key: Node(string: $0.key), value: $0.value) }))
  }

  /// A mapping written as a literal, in the order written: `Node(mapping: ["id": Node(string: "x")])`.
  package init(mapping pairs: KeyValuePairs<String, Node>) {
    self.init(.mapping(pairs.map { Pair(key: Node(string: $0.key), value: $0.value) }))
  }
}

extension Node.Scalar {
  /// The words that read back as something else than a string when written plain, lowercased.
  static let reservedPlainWords: Set<String> = [
    "~", "null", "true", "false", "yes", "no", "on", "off", "y", "n",
    ".inf", "-.inf", "+.inf", ".nan", "<<", "=",
  ]

  /// Whether `text`, written plain, would read back as null, a boolean or a number under YAML 1.2 or
  /// 1.1 rules, or as a merge key, rather than as the string `text`.
  ///
  /// Conservative on purpose: anything starting with a digit, or with `-`, `+` or `.` followed by a
  /// digit or `.`, counts as number-like, so `5 apples` is quoted too.
  static func plainChangesMeaning(_ text: String) -> Bool {
    // The first two scalars are all the number test reads (no array made: this runs for every key
    // and value a sheet writes).
    var scalars = text.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return true }
    let second = scalars.next()
    // A reserved word has at most 5 scalars, and lowercasing never makes fewer: a text of more than
    // 20 bytes has more than 5 scalars, so it is never one (and is not lowercased for nothing).
    if text.utf8.count <= 20, reservedPlainWords.contains(text.lowercased()) { return true }
    if ("0"..."9").contains(first) { return true }
    if first == "-" || first == "+" || first == "." {
      if let second, second == "." || ("0"..."9").contains(second) { return true }
    }
    return false
  }
}
