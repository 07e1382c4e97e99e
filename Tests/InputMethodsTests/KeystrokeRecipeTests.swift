import Foundation
import Testing

@testable import InputMethods

struct KeystrokeRecipeTests {
  @Test func `plain characters and named keys become one key each`() throws {
    let recipe = try KeystrokeRecipe.parse("ni{space}{Return}")
    #expect(recipe.keys == [.character("n"), .character("i"), .named(.space), .named(.returnKey)])
    #expect(recipe.text == "ni{space}{Return}")
  }

  @Test(arguments: Key.Name.allCases)
  func `every named key parses and spells back`(name: Key.Name) throws {
    let recipe = try KeystrokeRecipe.parse("{\(name.rawValue)}")
    #expect(recipe.keys == [.named(name)])
    #expect(recipe.keys.first?.recipeSpelling == "{\(name.rawValue)}")
  }

  @Test func `brace names stand for literal braces`() throws {
    let recipe = try KeystrokeRecipe.parse("{braceleft}a{braceright}")
    #expect(recipe.keys == [.character("{"), .character("a"), .character("}")])
    #expect(recipe.text == "{braceleft}a{braceright}")
  }

  @Test func `a literal space is the space key`() throws {
    let recipe = try KeystrokeRecipe.parse("ni hao")
    #expect(recipe.keys[2] == .named(.space))
    #expect(recipe.text == "ni{space}hao")
  }

  @Test func `CJK characters are keys, one per character`() throws {
    #expect(try KeystrokeRecipe.parse("にほんご").keys.count == 4)
    #expect(
      try KeystrokeRecipe.parse("한글{Return}").keys == [.character("한"), .character("글"), .named(.returnKey)])
    // か + combining dakuten is one character, so one key.
    #expect(try KeystrokeRecipe.parse("か\u{3099}").keys == [.character("か\u{3099}")])
  }

  @Test func `unknown key name lists valid names and suggests the closest`() {
    let error = #expect(throws: RecipeError.self) { try KeystrokeRecipe.parse("wen{Retrun}") }
    #expect(error == .unknownKeyName("Retrun", column: 5))
    #expect(
      error?.message
        == "unknown key name 'Retrun'; did you mean 'Return'? valid names: 'BackSpace', 'Delete', "
        + "'Down', 'Escape', 'Henkan', 'Left', 'Return', 'Right', 'Tab', 'Up', 'braceleft', "
        + "'braceright', 'space'")
  }

  @Test func `key names are case-sensitive but the suggestion finds the right case`() {
    let error = #expect(throws: RecipeError.self) { try KeystrokeRecipe.parse("{return}") }
    #expect(
      error?.message.hasPrefix("unknown key name 'return'; did you mean 'Return'? valid names: ") == true)
  }

  @Test func `a far-off key name gets no suggestion`() {
    let error = #expect(throws: RecipeError.self) { try KeystrokeRecipe.parse("{Xyzzy}") }
    #expect(error?.message.hasPrefix("unknown key name 'Xyzzy'; valid names: 'BackSpace'") == true)
  }

  @Test func `columns count Unicode scalars`() {
    // か(1) ゙(2) {(3) F(4)
    let error = #expect(throws: RecipeError.self) { try KeystrokeRecipe.parse("か\u{3099}{Foo}") }
    #expect(error?.column == 4)
  }

  @Test func `unclosed brace reports its column`() {
    let error = #expect(throws: RecipeError.self) { try KeystrokeRecipe.parse("abc{space") }
    #expect(error == .unclosedBrace(column: 4))
    #expect(
      error?.message
        == "unclosed '{' at column 4; close it with '}', or write '{braceleft}' for a literal '{'")
  }

  @Test func `a brace inside a key name leaves the first one unclosed`() {
    let error = #expect(throws: RecipeError.self) { try KeystrokeRecipe.parse("x{Ret{Return}") }
    #expect(error == .unclosedBrace(column: 2))
  }

  @Test func `stray closing brace and empty braces are errors`() {
    #expect(throws: RecipeError.strayClosingBrace(column: 2)) { try KeystrokeRecipe.parse("a}") }
    #expect(throws: RecipeError.emptyKeyName(column: 1)) { try KeystrokeRecipe.parse("{}") }
  }

  @Test func `control characters must be written as named keys`() {
    let error = #expect(throws: RecipeError.self) { try KeystrokeRecipe.parse("a\nb") }
    #expect(error == .controlCharacter("\n", column: 2))
    #expect(
      error?.message
        == "control character U+000A in a recipe; write a named key such as '{Return}' or '{Tab}'")
  }

  @Test func `recipes are bounded`() throws {
    let limit = KeystrokeRecipe.maximumKeyCount
    #expect(try KeystrokeRecipe.parse(String(repeating: "a", count: limit)).keys.count == limit)
    #expect(throws: RecipeError.tooManyKeys(count: limit + 1, limit: limit)) {
      try KeystrokeRecipe.parse(String(repeating: "a", count: limit + 1))
    }
  }

  @Test func `keys encode as their recipe spelling`() throws {
    let keys: [Key] = [.character("z"), .named(.space), .character("{"), .character("に")]
    let data = try JSONEncoder().encode(keys)
    #expect(String(decoding: data, as: UTF8.self) == #"["z","{space}","{braceleft}","に"]"#)
    #expect(try JSONDecoder().decode([Key].self, from: data) == keys)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Key.self, from: Data(#""ab""#.utf8)) }
  }
}
