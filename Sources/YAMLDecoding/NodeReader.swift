/// Reads a ``Node`` tree into typed values while collecting every diagnostic, so one run reports all
/// the problems of a file instead of the first.
///
/// Each read checks the node's kind and text; on a mismatch it records an error at the node (or key),
/// saying what was expected and what was found, and returns `nil`. The schema-specific readers (the
/// matrix file, observation sheets) are extensions or wrappers around it, so the same mistake reads the
/// same everywhere.
///
/// ```swift
/// guard let root = try YAML.parse("id: iphone-16e\nhaptics: yes\n") else { return }
/// var reader = NodeReader(path: "matrix.yaml")
/// if let keys = reader.mapping(root, context: "a device", allowed: ["id", "haptics"], required: ["id"]) {
///   let id = keys["id"].flatMap { reader.identifier($0.value, "a device id") }  // "iphone-16e"
///   let haptics = keys["haptics"].flatMap { reader.bool($0.value, "'haptics'") }  // nil, and an error
///   print(id ?? "", haptics ?? false)
/// }
/// if reader.hasErrors { throw DiagnosticList(reader.diagnostics) }
/// ```
package struct NodeReader: Sendable {
  /// The file as the user named it, for every diagnostic.
  package let path: String
  /// Every problem found so far, in the order found.
  package private(set) var diagnostics: [Diagnostic] = []
  /// Every id a catalog declares, by kind (`device`), even in entries with errors, so one bad entry
  /// does not also make every reference to it an error.
  package var declaredIDs: [String: [String]] = [:]

  /// Creates a reader for the file at `path`.
  package init(path: String) {
    self.path = path
  }

  /// Whether any diagnostic is an error.
  package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// Records an error at `location`, with notes pointing elsewhere (`first defined here`).
  package mutating func error(_ message: String, at location: TextPosition?, notes: [Diagnostic] = []) {
    diagnostics.append(Diagnostic(.error, path: path, location: location, message: message, notes: notes))
  }

  /// Records a warning at `location`.
  package mutating func warning(_ message: String, at location: TextPosition?) {
    diagnostics.append(Diagnostic(.warning, path: path, location: location, message: message))
  }

  /// Records a diagnostic made elsewhere (a syntax error from ``YAML/parse(_:limits:)``).
  package mutating func append(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
  }

  /// A note about `location` in the same file, to attach to an error.
  package func note(_ message: String, at location: TextPosition?) -> Diagnostic {
    Diagnostic(.note, path: path, location: location, message: message)
  }

  /// The pairs of a mapping by key, after checking keys: an unknown key is an error at the key (with
  /// `did you mean` when one is close, else the list of allowed keys) and is left out; a missing
  /// required key is an error at the mapping.
  ///
  /// - Parameters:
  ///   - context: What the mapping describes, for messages (`a device`).
  ///   - allowed: The keys the mapping may have.
  ///   - required: The keys it must have, reported in this order when missing.
  /// - Returns: The pairs by key, or `nil` when the node is not a mapping.
  package mutating func mapping(
    _ node: Node, context: String, allowed: [String], required: [String] = []
  ) -> [String: Node.Pair]? {
    guard let pairs = node.mapping else {
      error(Message.expected("a mapping for \(context)", found: node), at: node.start)
      return nil
    }
    var result: [String: Node.Pair] = [:]
    for pair in pairs {
      let key = pair.key.scalar?.text ?? ""
      if !allowed.contains(key) {
        error(Message.unknownKey(key, in: context, allowed: allowed), at: pair.key.start)
        continue
      }
      result[key] = pair
    }
    for key in required where result[key] == nil {
      error(Message.missingKey(key, in: context), at: node.start)
    }
    return result
  }

  /// The text of a scalar that is not null; `17.10` gives `"17.10"`.
  package mutating func string(_ node: Node, _ what: String) -> String? {
    guard let scalar = node.scalar, !node.isNull else {
      error(Message.expected("a string for \(what)", found: node), at: node.start)
      return nil
    }
    return scalar.text
  }

  /// The text of a scalar that is one line of printable text: no control character (tab, line breaks,
  /// ESC, BEL, DEL, C1) and no U+2028 or U+2029.
  ///
  /// For names and labels qapass prints in scripts, commands and on terminals: a line break there
  /// would leave a shell comment and run as a command, an ESC would retitle the terminal.
  package mutating func line(_ node: Node, _ what: String) -> String? {
    guard let text = string(node, what) else { return nil }
    checkLine(text, what, at: node)
    return text
  }

  /// Reports `text`, read from `node`, when it is not one line of printable text (see ``line(_:_:)``).
  package mutating func checkLine(_ text: String, _ what: String, at node: Node) {
    if let control = text.unicodeScalars.first(where: Self.breaksLine) {
      error(Message.notOneLine(what, control), at: node.start)
    }
  }

  /// Whether `scalar` is a control character (Cc: C0, DEL, C1) or a line or paragraph separator.
  static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }

  /// A non-empty identifier: ASCII letters, digits, `-`, `_`, `.`.
  package mutating func identifier(_ node: Node, _ what: String) -> String? {
    guard let text = string(node, what) else { return nil }
    let allowed = text.unicodeScalars.allSatisfy {
      ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        || $0 == "."
    }
    if text.isEmpty || !allowed {
      error(Message.notIdentifier(text, what), at: node.start)
      return nil
    }
    return text
  }

  /// The boolean of a plain `true` or `false`; `yes`, `on`, `True` get a hint that only `true` and
  /// `false` are booleans.
  package mutating func bool(_ node: Node, _ what: String) -> Bool? {
    guard let value = node.bool else {
      error(Message.expectedBool(what, found: node), at: node.start)
      return nil
    }
    return value
  }

  /// The value of a plain decimal integer (``Node/integer``): `0`, `42`, `-7`; no `+`, no leading
  /// zeros, no `0x`, no `_`, not quoted.
  package mutating func integer(_ node: Node, _ what: String) -> Int? {
    if let value = node.integer { return value }
    if let scalar = node.scalar, node.tag == nil, scalar.style == .plain, Node.isDecimalInteger(scalar.text) {
      error(Message.integerOutOfRange(scalar.text), at: node.start)
    } else {
      error(Message.expected("a whole number for \(what)", found: node), at: node.start)
    }
    return nil
  }

  /// The value of a plain, finite number: `0.85`, `3`, `1e-3`.
  package mutating func number(_ node: Node, _ what: String) -> Double? {
    guard let scalar = node.scalar, scalar.style == .plain, let value = Double(scalar.text), value.isFinite
    else {
      error(Message.expected("a number for \(what)", found: node), at: node.start)
      return nil
    }
    return value
  }

  /// The items of a sequence.
  package mutating func sequence(_ node: Node, _ what: String) -> [Node]? {
    guard let items = node.sequence else {
      error(Message.expected("a list for \(what)", found: node), at: node.start)
      return nil
    }
    return items
  }

  /// The messages the reader produces, in one place, for every schema read through it.
  package enum Message {
    /// `expected <what>, found <how the node looks>` (``Node/kindDescription``).
    package static func expected(_ what: String, found node: Node) -> String {
      "expected \(what), found \(node.kindDescription)"
    }

    /// A value that is not `true` or `false`.
    package static func expectedBool(_ what: String, found node: Node) -> String {
      let yaml11: Set<String> = ["yes", "no", "on", "off", "y", "n", "true", "false"]
      let text = node.scalar?.text.lowercased() ?? ""
      let hint =
        node.scalar?.style == .plain && yaml11.contains(text)
        ? "; only plain 'true' and 'false' are booleans" : ""
      return "expected 'true' or 'false' for \(what), found \(node.kindDescription)\(hint)"
    }

    /// A whole number that does not fit.
    package static func integerOutOfRange(_ text: String) -> String {
      "whole number '\(Node.excerpt(text))' is out of range; expected a value from \(Int.min) to \(Int.max)"
    }

    /// A key the mapping does not allow.
    package static func unknownKey(_ key: String, in context: String, allowed: [String]) -> String {
      let suggestion = Suggestion.didYouMean(key, among: allowed)
      let tail = suggestion.isEmpty ? "; expected one of \(allowed.quotedList)" : suggestion
      return "unknown key '\(Node.excerpt(key))' in \(context)\(tail)"
    }

    /// A key the mapping must have.
    package static func missingKey(_ key: String, in context: String) -> String {
      "missing required key '\(key)' in \(context)"
    }

    /// A name or label that holds a control character or a line break.
    package static func notOneLine(_ what: String, _ scalar: Unicode.Scalar) -> String {
      let code = String(scalar.value, radix: 16, uppercase: true)
      return
        "\(what) holds U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code), a control character or "
        + "line break; it is printed in scripts and commands and on terminals, so it must be one line of "
        + "printable text"
    }

    /// A text that is not an identifier.
    package static func notIdentifier(_ text: String, _ what: String) -> String {
      "\(what) '\(text)' must be non-empty and use only ASCII letters, digits, '-', '_' and '.'"
    }
  }
}
