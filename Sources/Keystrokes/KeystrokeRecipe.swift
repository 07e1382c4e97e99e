/// A sequence of keystrokes written as plain text with named keys in braces.
///
/// Every character is one key (`nihao` is five keys, `にほん` three); a literal space is `{space}`.
/// Named keys are `{space}`, `{Return}`, `{BackSpace}`, `{Left}`, `{Right}`, `{Up}`, `{Down}`,
/// `{Escape}`, `{Tab}`, `{Henkan}`, `{Delete}`, and `{braceleft}`/`{braceright}` for literal braces.
/// Control characters (newline, tab) must be written as named keys.
///
/// ```swift
/// let recipe = try KeystrokeRecipe.parse("nihongo{space}{Return}")
/// recipe.keys.count  // 9
/// recipe.text        // "nihongo{space}{Return}"
/// ```
package struct KeystrokeRecipe: Hashable, Sendable, CustomStringConvertible {
  /// The most keys one recipe may hold; longer recipes are rejected rather than fed to the C engines.
  package static let maximumKeyCount = 4096

  /// The keys, in order.
  package var keys: [Key]

  /// A recipe from keys.
  package init(keys: [Key]) {
    self.keys = keys
  }

  /// The canonical text of the recipe: each key's `recipeSpelling`, concatenated.
  package var text: String { keys.map(\.recipeSpelling).joined() }

  package var description: String { text }

  /// The names accepted in braces, sorted, including `braceleft` and `braceright`.
  package static let validKeyNames: [String] =
    (Key.Name.allCases.map(\.rawValue) + ["braceleft", "braceright"]).sorted()

  /// Parses recipe text into keys.
  ///
  /// - Parameter text: Plain characters and `{Name}` keys, e.g. `zhongwen3` or `gksk{BackSpace}`.
  /// - Returns: The recipe, with a literal space turned into `{space}`.
  /// - Throws: `RecipeError` for an unknown or empty key name, an unclosed or stray brace, a control
  ///   character, or more than `maximumKeyCount` keys; each error carries its 1-based column.
  /// - Complexity: O(*n*) in the length of `text`.
  package static func parse(_ text: String) throws(RecipeError) -> KeystrokeRecipe {
    var keys: [Key] = []
    // Keys are characters (grapheme clusters); columns count Unicode scalars, as Diagnostics does.
    var column = 1
    var characters = text.makeIterator()
    while let character = characters.next() {
      let keyColumn = column
      column += character.unicodeScalars.count
      switch character {
      case "{":
        var name = ""
        var closed = false
        while let inner = characters.next() {
          column += inner.unicodeScalars.count
          if inner == "}" {
            closed = true
            break
          }
          if inner == "{" { break }
          name.append(inner)
        }
        guard closed else { throw .unclosedBrace(column: keyColumn) }
        guard !name.isEmpty else { throw .emptyKeyName(column: keyColumn) }
        keys.append(try key(named: name, column: keyColumn + 1))
      case "}":
        throw .strayClosingBrace(column: keyColumn)
      default:
        if let control = character.unicodeScalars.first(where: { $0.properties.generalCategory == .control })
        {
          throw .controlCharacter(control, column: keyColumn)
        }
        keys.append(.character(character))
      }
    }
    guard keys.count <= maximumKeyCount else {
      throw .tooManyKeys(count: keys.count, limit: maximumKeyCount)
    }
    return KeystrokeRecipe(keys: keys)
  }

  private static func key(named name: String, column: Int) throws(RecipeError) -> Key {
    switch name {
    case "braceleft": return .character("{")
    case "braceright": return .character("}")
    default:
      guard let known = Key.Name(rawValue: name) else {
        throw .unknownKeyName(name, column: column)
      }
      return .named(known)
    }
  }
}
