/// Why a YAML file could not be turned into a ``Node`` tree; every case carries the 1-based ``Mark``
/// where the problem is.
///
/// Errors are data: match on the case, or call ``diagnostic(path:)`` and hand the result to
/// `DiagnosticRenderer` for `path:line:col: error: message` with the source line and a caret.
///
/// ```swift
/// let text = "devices: [iPhone 16\n"
/// do {
///   _ = try YAML.parse(text)
/// } catch {
///   // matrix.yaml:2:1: error: … then the line and a caret
///   print(DiagnosticRenderer().render(error.diagnostic(path: "matrix.yaml"), source: text))
/// }
/// ```
package enum YAMLError: Error, Hashable, Sendable, CustomStringConvertible {
  /// libyaml rejected the text; `message` is libyaml's problem and context, reworded for people.
  case syntax(message: String, at: Mark)
  /// The input went past one of the ``YAMLLimits``; `limit` is the property name (`"maxDepth"`,
  /// `"maxAliases"`, `"maxNodes"` or `"maxInputBytes"`) and `value` the limit that was exceeded.
  case limitExceeded(limit: String, value: Int, at: Mark)
  /// A mapping has the same key twice; `at` is the second key, `first` the first one.
  case duplicateKey(key: String, at: Mark, first: Mark)
  /// An alias `*name` names no anchor defined before it.
  case undefinedAlias(name: String, at: Mark)
  /// A byte sequence that is not UTF-8 (an invalid, truncated or overlong sequence, or a surrogate).
  case invalidUTF8(at: Mark)
  /// A character YAML forbids in a file: a C0 or C1 control character other than tab and line breaks
  /// (NUL included), DEL, or U+FFFE/U+FFFF; `value` is its code point.
  case controlCharacter(value: UInt32, at: Mark)
  /// The file starts with a UTF-16 or UTF-32 byte order mark; qapass reads UTF-8 only.
  case unsupportedEncoding(name: String, at: Mark)
  /// A second document (`---`) follows the first; qapass files hold exactly one.
  case multipleDocuments(at: Mark)
  /// A sequence or mapping is used as a mapping key (`? [a]`, `[a]: b`).
  case nonScalarKey(at: Mark)

  /// Where the problem is (1-based).
  package var location: Mark {
    switch self {
    case .syntax(_, let at), .limitExceeded(_, _, let at), .duplicateKey(_, let at, _),
      .undefinedAlias(_, let at), .invalidUTF8(let at), .controlCharacter(_, let at),
      .unsupportedEncoding(_, let at), .multipleDocuments(let at), .nonScalarKey(let at):
      return at
    }
  }

  /// One line saying what was found and what was expected.
  package var message: String {
    switch self {
    case .syntax(let message, _): message
    case .limitExceeded(let limit, let value, _): Message.limitExceeded(limit, value)
    case .duplicateKey(let key, _, _): Message.duplicateKey(key)
    case .undefinedAlias(let name, _): Message.undefinedAlias(name)
    case .invalidUTF8: Message.invalidUTF8
    case .controlCharacter(let value, _): Message.controlCharacter(value)
    case .unsupportedEncoding(let name, _): Message.unsupportedEncoding(name)
    case .multipleDocuments: Message.multipleDocuments
    case .nonScalarKey: Message.nonScalarKey
    }
  }

  /// `line:column: message`.
  package var description: String { "\(location): \(message)" }

  /// The error as a ``Diagnostic`` about the file at `path`; a duplicate key gets a note at the first
  /// definition.
  ///
  /// - Parameter path: The file as the user named it.
  /// - Returns: An error diagnostic, ready for `DiagnosticRenderer`.
  package func diagnostic(path: String) -> Diagnostic {
    var notes: [Diagnostic] = []
    if case .duplicateKey(_, _, let first) = self {
      notes.append(Diagnostic(.note, path: path, location: first, message: Message.firstDefinedHere))
    }
    return Diagnostic(.error, path: path, location: location, message: message, notes: notes)
  }
}

extension YAMLError {
  /// The messages `YAMLError` produces, in one place.
  enum Message {
    static func limitExceeded(_ limit: String, _ value: Int) -> String {
      switch limit {
      case "maxDepth":
        "nesting depth exceeds the limit of \(value) (YAMLLimits.maxDepth)"
      case "maxAliases":
        "alias count exceeds the limit of \(value) (YAMLLimits.maxAliases)"
      case "maxAliasExpansion":
        "aliases expand to more than \(value) nodes (YAMLLimits.maxAliasExpansion)"
      case "maxNodes":
        "node count, counting alias expansions, exceeds the limit of \(value) (YAMLLimits.maxNodes)"
      case "maxInputBytes":
        "input size exceeds the limit of \(value) bytes (YAMLLimits.maxInputBytes)"
      default:
        "\(limit) exceeds the limit of \(value)"
      }
    }

    static func duplicateKey(_ key: String) -> String {
      "duplicate key '\(Node.excerpt(key))'; a key may appear only once in a mapping"
    }

    static let firstDefinedHere = "first defined here"

    static func undefinedAlias(_ name: String) -> String {
      "undefined alias '*\(name)'; an alias must follow a complete node anchored with '&\(name)'"
    }

    static let invalidUTF8 = "invalid UTF-8 byte sequence; YAML files must be UTF-8 text"

    static func controlCharacter(_ value: UInt32) -> String {
      let hex = String(value, radix: 16, uppercase: true)
      let padded = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      let hint = value == 0 ? "; is this a binary or UTF-16 file?" : ""
      return "control character U+\(padded) is not allowed in YAML\(hint)"
    }

    static func unsupportedEncoding(_ name: String) -> String {
      "the file is \(name) (it starts with a \(name) byte order mark); save it as UTF-8"
    }

    static let multipleDocuments =
      "found a second document; expected exactly one YAML document per file"

    static let nonScalarKey =
      "found a list or mapping used as a mapping key; expected a scalar key"
  }
}
