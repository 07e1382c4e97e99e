/// One keystroke sent to an input method: a printable character or a named key.
///
/// Printable characters include non-ASCII ones, because a Japanese Kana keyboard types kana directly.
/// A key is spelled in a recipe as the character itself (`z`, `に`) or as a name in braces (`{space}`);
/// braces themselves are spelled `{braceleft}` and `{braceright}`.
///
/// ```swift
/// let keys: [Key] = [.character("n"), .named(.space), .character("{")]
/// keys.map(\.recipeSpelling)  // ["n", "{space}", "{braceleft}"]
/// ```
package struct Key: Hashable, Sendable, CustomStringConvertible {
  /// The keys that have a name rather than a character; raw values are the X keysym names m17n uses.
  package enum Name: String, CaseIterable, Hashable, Sendable {
    case space
    case returnKey = "Return"
    case backSpace = "BackSpace"
    case left = "Left"
    case right = "Right"
    case up = "Up"
    case down = "Down"
    case escape = "Escape"
    case tab = "Tab"
    case henkan = "Henkan"
    case delete = "Delete"
  }

  /// What the key is.
  package enum Value: Hashable, Sendable {
    /// A printable character (never a control character, never a plain space: that is `.named(.space)`).
    case character(Character)
    /// A named key.
    case named(Name)
  }

  /// What the key is.
  package var value: Value

  /// A key for a printable character; a space becomes the named key `{space}`.
  package static func character(_ character: Character) -> Key {
    character == " " ? Key(value: .named(.space)) : Key(value: .character(character))
  }

  /// A named key such as `{Return}`.
  package static func named(_ name: Name) -> Key { Key(value: .named(name)) }

  /// The printable character, if this is not a named key.
  package var character: Character? {
    if case .character(let character) = value { return character }
    return nil
  }

  /// The name, if this is a named key.
  package var name: Name? {
    if case .named(let name) = value { return name }
    return nil
  }

  /// The character when it is a single ASCII scalar (what libhangul's `hangul_ic_process` takes).
  package var asciiCode: UInt8? {
    guard let character, character.unicodeScalars.count == 1,
      let scalar = character.unicodeScalars.first, scalar.isASCII
    else { return nil }
    return UInt8(scalar.value)
  }

  /// How the key is written in a recipe: `z`, `に`, `{space}`, `{braceleft}`.
  package var recipeSpelling: String {
    switch value {
    case .named(let name): "{\(name.rawValue)}"
    case .character("{"): "{braceleft}"
    case .character("}"): "{braceright}"
    case .character(let character): String(character)
    }
  }

  package var description: String { recipeSpelling }

  /// The key symbol name m17n-lib expects: the character itself, `" "` for space, keysym names otherwise.
  package var m17nSymbolName: String {
    switch value {
    case .named(.space): " "
    case .named(let name): name.rawValue
    case .character(let character): String(character)
    }
  }
}

extension Key: Codable {
  /// Decodes a key from its recipe spelling, the form `encode(to:)` writes.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let spelling = try container.decode(String.self)
    let recipe: KeystrokeRecipe
    do {
      recipe = try KeystrokeRecipe.parse(spelling)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
    }
    guard recipe.keys.count == 1, let key = recipe.keys.first else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "expected exactly one key, found '\(spelling)'")
    }
    self = key
  }

  /// Encodes the key as its recipe spelling, e.g. `"z"` or `"{space}"`.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(recipeSpelling)
  }
}
