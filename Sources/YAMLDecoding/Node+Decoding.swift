/// Typed reads with precise errors, for modules that decode their files from a ``Node`` tree.
///
/// Each method checks the node's kind and text and throws ``NodeDecodingError`` pointing at the node
/// (or key) with a message naming what was expected and what was found:
///
/// ```swift
/// let fields = try root.decodeMapping(allowedKeys: ["id", "os", "devices"], required: ["id"], context: "matrix")
/// let os = try fields.require("os").decodeString()  // "17.10" stays "17.10"
/// let devices = try fields["devices"]?.decodeStringArray() ?? []
/// ```
extension Node {
  /// Checks that the node is a mapping whose keys are all allowed and include every required key.
  ///
  /// Keys are checked in document order; the first unknown key is reported with a `did you mean`
  /// suggestion when one is close, else with the list of allowed keys.
  ///
  /// - Parameters:
  ///   - allowedKeys: The keys the mapping may have; `required` keys are allowed too.
  ///   - required: The keys it must have, reported in this order when missing.
  ///   - context: What the mapping describes, for messages (`input method`).
  /// - Returns: The mapping's fields, for look-up by key.
  /// - Throws: ``NodeDecodingError`` at the node (not a mapping, missing key) or at the unknown key.
  public func decodeMapping(allowedKeys: [String], required: [String] = [], context: String)
    throws(NodeDecodingError) -> Fields
  {
    guard let pairs = mapping else {
      throw NodeDecodingError(Message.expected("a mapping for \(context)", found: self), at: start)
    }
    let allowed = Set(allowedKeys).union(required)
    for pair in pairs {
      let key = pair.key.scalar?.text ?? ""
      if !allowed.contains(key) {
        throw NodeDecodingError(
          Message.unknownKey(key, context: context, allowed: allowed), at: pair.key.start)
      }
    }
    let fields = Fields(node: self, context: context)
    for key in required where fields[key] == nil {
      throw NodeDecodingError(Message.missingKey(key, context: context), at: start)
    }
    return fields
  }

  /// The text of a scalar that is not null; `17.10` gives `"17.10"`.
  ///
  /// - Throws: ``NodeDecodingError`` for a sequence, a mapping or a null (`~`, `null`, an empty value).
  public func decodeString() throws(NodeDecodingError) -> String {
    guard let scalar, !isNull else {
      throw NodeDecodingError(Message.expected("a string", found: self), at: start)
    }
    return scalar.text
  }

  /// The value of a plain decimal integer: `0`, `42`, `-7` (no sign `+`, no leading zeros, no
  /// `0x`/`0o`, no `_`, not quoted).
  ///
  /// - Throws: ``NodeDecodingError`` for anything else, or when the value does not fit in `Int`.
  public func decodeInt() throws(NodeDecodingError) -> Int {
    guard tag == nil, let scalar, scalar.style == .plain, Self.isDecimalInteger(scalar.text) else {
      throw NodeDecodingError(Message.expected("an integer", found: self), at: start)
    }
    guard let value = Int(scalar.text) else {
      throw NodeDecodingError(Message.integerOutOfRange(scalar.text), at: start)
    }
    return value
  }

  /// The value of a plain decimal number: an integer as for ``decodeInt()``, optionally followed by a
  /// fraction (`0.8`) and an exponent (`1e-3`).
  ///
  /// - Throws: ``NodeDecodingError`` for anything else (including `.5`, `1.`, `.inf`, quoted numbers).
  public func decodeDouble() throws(NodeDecodingError) -> Double {
    guard tag == nil, let scalar, scalar.style == .plain, Self.isDecimalNumber(scalar.text),
      let value = Double(scalar.text)
    else {
      throw NodeDecodingError(Message.expected("a number", found: self), at: start)
    }
    guard value.isFinite else {
      throw NodeDecodingError(Message.numberOutOfRange(scalar.text), at: start)
    }
    return value
  }

  /// The boolean of a plain `true` or `false`.
  ///
  /// - Throws: ``NodeDecodingError`` for anything else; `yes`, `on`, `True` get a hint that only
  ///   `true` and `false` are booleans.
  public func decodeBool() throws(NodeDecodingError) -> Bool {
    guard let bool else {
      throw NodeDecodingError(Message.expectedBool(found: self), at: start)
    }
    return bool
  }

  /// The items of a sequence.
  ///
  /// - Throws: ``NodeDecodingError`` when the node is not a sequence.
  public func decodeSequence() throws(NodeDecodingError) -> [Node] {
    guard let sequence else {
      throw NodeDecodingError(Message.expected("a sequence", found: self), at: start)
    }
    return sequence
  }

  /// The texts of a sequence of strings, in order.
  ///
  /// - Throws: ``NodeDecodingError`` at the node when it is not a sequence, or at the first item that
  ///   is not a string.
  public func decodeStringArray() throws(NodeDecodingError) -> [String] {
    var strings: [String] = []
    for item in try decodeSequence() {
      strings.append(try item.decodeString())
    }
    return strings
  }

  /// `-?(0|[1-9][0-9]*)`.
  static func isDecimalInteger(_ text: String) -> Bool {
    var digits = text.utf8[...]
    if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
    guard let first = digits.first, isDigit(first) else { return false }
    if first == UInt8(ascii: "0") && digits.count > 1 { return false }
    return digits.allSatisfy(isDigit)
  }

  /// An integer as ``isDecimalInteger(_:)``, then optionally `.` digits, then optionally `e`/`E`,
  /// a sign and digits.
  static func isDecimalNumber(_ text: String) -> Bool {
    let utf8 = Array(text.utf8)
    var i = 0
    func digitRun() -> Int {
      let begin = i
      while i < utf8.count, isDigit(utf8[i]) { i += 1 }
      return i - begin
    }
    if i < utf8.count, utf8[i] == UInt8(ascii: "-") { i += 1 }
    let integerStart = i
    let integerDigits = digitRun()
    guard integerDigits > 0, !(integerDigits > 1 && utf8[integerStart] == UInt8(ascii: "0")) else {
      return false
    }
    if i < utf8.count, utf8[i] == UInt8(ascii: ".") {
      i += 1
      guard digitRun() > 0 else { return false }
    }
    if i < utf8.count, utf8[i] == UInt8(ascii: "e") || utf8[i] == UInt8(ascii: "E") {
      i += 1
      if i < utf8.count, utf8[i] == UInt8(ascii: "-") || utf8[i] == UInt8(ascii: "+") { i += 1 }
      guard digitRun() > 0 else { return false }
    }
    return i == utf8.count
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// The messages the decoding helpers produce, in one place.
  enum Message {
    static func expected(_ what: String, found node: Node) -> String {
      "expected \(what), found \(node.kindDescription)"
    }

    static func expectedBool(found node: Node) -> String {
      let yaml11: Set<String> = ["yes", "no", "on", "off", "y", "n", "true", "false"]
      let text = node.scalar?.text.lowercased() ?? ""
      let hint =
        node.scalar?.style == .plain && yaml11.contains(text)
        ? "; only plain 'true' and 'false' are booleans" : ""
      return "expected 'true' or 'false', found \(node.kindDescription)\(hint)"
    }

    static func integerOutOfRange(_ text: String) -> String {
      "integer '\(Node.excerpt(text))' is out of range; expected a value from \(Int.min) to \(Int.max)"
    }

    static func numberOutOfRange(_ text: String) -> String {
      "number '\(Node.excerpt(text))' is out of range; expected a finite value"
    }

    static func unknownKey(_ key: String, context: String, allowed: Set<String>) -> String {
      let suggestion = Suggestion.didYouMean(key, among: allowed)
      let tail = suggestion.isEmpty ? "; expected one of \(Array(allowed).quotedList)" : suggestion
      return "unknown key '\(Node.excerpt(key))' in \(context)\(tail)"
    }

    static func missingKey(_ key: String, context: String) -> String {
      "missing required key '\(key)' in \(context)"
    }
  }
}
