import Diagnostics
import YAMLDecoding

/// Reads a YAML node tree into typed values while collecting every diagnostic, so one run of `lint`
/// reports all the problems of a file instead of the first.
struct NodeReader {
  let path: String
  private(set) var diagnostics: [Diagnostic] = []
  /// Every id a catalog declares, even in entries with errors, so one bad entry does not also make
  /// every reference to it an error.
  var declaredIDs: [String: [String]] = [:]

  init(path: String) {
    self.path = path
  }

  var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  mutating func error(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) {
    diagnostics.append(Diagnostic(.error, path: path, location: location, message: message, notes: notes))
  }

  mutating func warning(_ message: String, at location: SourceLocation?) {
    diagnostics.append(Diagnostic(.warning, path: path, location: location, message: message))
  }

  func note(_ message: String, at location: SourceLocation?) -> Diagnostic {
    Diagnostic(.note, path: path, location: location, message: message)
  }

  /// The keys and values of a mapping, after checking keys: unknown keys (with a suggestion) and
  /// missing required keys are errors.
  mutating func mapping(
    _ node: Node, context: String, allowed: [String], required: [String] = []
  ) -> [String: Node.Pair]? {
    guard let pairs = node.mapping else {
      error("expected a mapping for \(context), found \(describe(node))", at: node.start)
      return nil
    }
    var result: [String: Node.Pair] = [:]
    for pair in pairs {
      let key = pair.key.scalar?.text ?? ""
      if !allowed.contains(key) {
        error(
          "unknown key '\(key)' in \(context)\(Suggestion.didYouMean(key, among: allowed))",
          at: pair.key.start)
        continue
      }
      result[key] = pair
    }
    for key in required where result[key] == nil {
      error("missing required key '\(key)' in \(context)", at: node.start)
    }
    return result
  }

  mutating func string(_ node: Node, _ what: String) -> String? {
    guard let scalar = node.scalar, !node.isNull else {
      error("expected a string for \(what), found \(describe(node))", at: node.start)
      return nil
    }
    return scalar.text
  }

  /// A non-empty identifier: letters, digits, `-`, `_`, `.`.
  mutating func identifier(_ node: Node, _ what: String) -> String? {
    guard let text = string(node, what) else { return nil }
    let allowed = text.unicodeScalars.allSatisfy {
      ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        || $0 == "."
    }
    if text.isEmpty || !allowed {
      error(
        "\(what) '\(text)' must be non-empty and use only ASCII letters, digits, '-', '_' and '.'",
        at: node.start)
      return nil
    }
    return text
  }

  mutating func bool(_ node: Node, _ what: String) -> Bool? {
    guard let value = node.bool else {
      error("expected true or false for \(what), found \(describe(node))", at: node.start)
      return nil
    }
    return value
  }

  mutating func integer(_ node: Node, _ what: String) -> Int? {
    guard let scalar = node.scalar, scalar.style == .plain, let value = Int(scalar.text) else {
      error("expected a whole number for \(what), found \(describe(node))", at: node.start)
      return nil
    }
    return value
  }

  mutating func number(_ node: Node, _ what: String) -> Double? {
    guard let scalar = node.scalar, scalar.style == .plain, let value = Double(scalar.text), value.isFinite
    else {
      error("expected a number for \(what), found \(describe(node))", at: node.start)
      return nil
    }
    return value
  }

  mutating func sequence(_ node: Node, _ what: String) -> [Node]? {
    guard let items = node.sequence else {
      error("expected a list for \(what), found \(describe(node))", at: node.start)
      return nil
    }
    return items
  }

  /// How a node looks, for "found ..." in messages.
  func describe(_ node: Node) -> String {
    switch node.content {
    case .mapping: return "a mapping"
    case .sequence: return "a list"
    case .scalar(let scalar):
      if node.isNull { return "nothing (null)" }
      if node.bool != nil { return "the boolean \(scalar.text)" }
      let shown = scalar.text.count > 40 ? String(scalar.text.prefix(40)) + "…" : scalar.text
      return scalar.style == .plain ? "'\(shown)'" : "the string '\(shown)'"
    }
  }
}
