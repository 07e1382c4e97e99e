internal import Diagnostics

/// Why a keystroke recipe could not be parsed; `column` is 1-based, in Unicode scalars.
///
/// ```swift
/// do { _ = try KeystrokeRecipe.parse("ni{Spcae}") } catch {
///   error.message  // "unknown key name 'Spcae'; did you mean 'space'? valid names: 'BackSpace', …"
///   error.column   // 4
/// }
/// ```
package enum RecipeError: Error, Hashable, Sendable {
  /// `{Name}` with a name that is not a known key; the column points at the name.
  case unknownKeyName(String, column: Int)
  /// `{}`: a brace pair with nothing inside; the column points at `{`.
  case emptyKeyName(column: Int)
  /// A `{` without its `}`; the column points at `{`.
  case unclosedBrace(column: Int)
  /// A `}` that closes nothing; write `{braceright}` for a literal brace.
  case strayClosingBrace(column: Int)
  /// A control character such as a newline; write a named key (`{Return}`, `{Tab}`) instead.
  case controlCharacter(Unicode.Scalar, column: Int)
  /// More keys than `KeystrokeRecipe.maximumKeyCount`.
  case tooManyKeys(count: Int, limit: Int)

  /// The 1-based column (in Unicode scalars) the error points at; 1 for whole-recipe errors.
  package var column: Int {
    switch self {
    case .unknownKeyName(_, let column), .emptyKeyName(let column), .unclosedBrace(let column),
      .strayClosingBrace(let column), .controlCharacter(_, let column):
      column
    case .tooManyKeys: 1
    }
  }

  /// One readable sentence: what was found, what was expected.
  package var message: String {
    switch self {
    case .unknownKeyName(let name, _):
      Message.unknownKeyName(name)
    case .emptyKeyName:
      Message.emptyKeyName
    case .unclosedBrace(let column):
      Message.unclosedBrace(column)
    case .strayClosingBrace:
      Message.strayClosingBrace
    case .controlCharacter(let scalar, _):
      Message.controlCharacter(scalar)
    case .tooManyKeys(let count, let limit):
      Message.tooManyKeys(count, limit)
    }
  }
}

extension RecipeError {
  enum Message {
    /// Names people reach for that the recipes spell otherwise (X keysym names).
    static let aliases = [
      "enter": "Return", "return": "Return", "backspace": "BackSpace", "esc": "Escape", "del": "Delete",
      "space": "space", "spacebar": "space", "left": "Left", "right": "Right", "up": "Up", "down": "Down",
      "tab": "Tab", "henkan": "Henkan", "escape": "Escape", "delete": "Delete",
    ]

    static func unknownKeyName(_ name: String) -> String {
      let valid = KeystrokeRecipe.validKeyNames
      let alias = aliases[name.lowercased()].flatMap { valid.contains($0) ? $0 : nil }
      let hint = alias.map { "; did you mean '\($0)'?" } ?? Suggestion.didYouMean(name, among: valid)
      return "unknown key name '\(name)'" + (hint.isEmpty ? "; " : hint + " ")
        + "valid names: \(valid.quotedList)"
    }
    static let emptyKeyName = "empty key name '{}'; write a name such as '{space}', or '{braceleft}' for '{'"
    static func unclosedBrace(_ column: Int) -> String {
      "unclosed '{' at column \(column); close it with '}', or write '{braceleft}' for a literal '{'"
    }
    static let strayClosingBrace = "unexpected '}'; write '{braceright}' for a literal '}'"
    static func controlCharacter(_ scalar: Unicode.Scalar) -> String {
      let hex = String(scalar.value, radix: 16, uppercase: true)
      let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      return "control character \(code) in a recipe; write a named key such as '{Return}' or '{Tab}'"
    }
    static func tooManyKeys(_ count: Int, _ limit: Int) -> String {
      "recipe has \(count) keys; at most \(limit) are allowed"
    }
  }
}
