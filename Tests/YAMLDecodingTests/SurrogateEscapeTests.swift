import Testing

@testable import YAMLDecoding

/// Issue 32, finding 8: a note saved with a lone UTF-16 surrogate (`\ud83d`, as JSON.stringify writes one)
/// made libyaml refuse the whole file. `parse(_:readingSurrogateEscapes:)` reads it, each such escape as
/// U+FFFD, and lists where they are; escapes that are literal text stay as they are.
struct SurrogateEscapeTests {
  static func parse(_ text: String) throws -> (Node?, [YAML.SurrogateEscape]) {
    var escapes: [YAML.SurrogateEscape] = []
    let root = try YAML.parse(Array(text.utf8), readingSurrogateEscapes: &escapes)
    return (root, escapes)
  }

  @Test func `a lone surrogate escape reads as U+FFFD and is listed at its backslash`() throws {
    let marked = MarkedText(
      #"""
      # a comment with \ud83d stays a comment
      a: "x1️⃣\ud83dy"
      b: 'single \ud83d is literal'
      c: plain \udc00 too
      d: "an escaped backslash \\ud83d is literal, 2️⃣\uDC00 is not"
      e: "3️⃣\U0000d800 and 4️⃣\uDFFF"
      f: "\u00e9 and \U0001F600 are characters"
      """#)
    let (root, escapes) = try Self.parse(marked.text)
    #expect(escapes.map(\.at) == [marked[1], marked[2], marked[3], marked[4]])
    #expect(escapes.map(\.escape) == [#"\ud83d"#, #"\uDC00"#, #"\U0000d800"#, #"\uDFFF"#])
    #expect(root?["a"]?.scalar?.text == "x\u{FFFD}y")
    #expect(root?["b"]?.scalar?.text == #"single \ud83d is literal"#)
    #expect(root?["c"]?.scalar?.text == #"plain \udc00 too"#)
    #expect(root?["d"]?.scalar?.text == #"an escaped backslash \ud83d is literal, "# + "\u{FFFD} is not")
    #expect(root?["e"]?.scalar?.text == "\u{FFFD} and \u{FFFD}")
    #expect(root?["f"]?.scalar?.text == "é and 😀 are characters")
  }

  @Test func `a text without one parses once, as parse does; another error is still thrown`() throws {
    let (root, escapes) = try Self.parse("a: 'x \\ud83d'\n")
    #expect(escapes.isEmpty)
    #expect(root?["a"]?.scalar?.text == #"x \ud83d"#)
    // The first error is the surrogate's; once it is read, the unclosed list is the file's error.
    let error = #expect(throws: YAMLError.self) { try Self.parse("a: \"\\ud83d\"\nb: [1,\n") }
    #expect(error?.location.line == 3)
    // An error before the escape is the file's, as parse reports it.
    let text = "a: [1\nb: \"\\ud83d\"\n"
    let before = #expect(throws: YAMLError.self) { try Self.parse(text) }
    let plain = #expect(throws: YAMLError.self) { try YAML.parse(text) }
    #expect(before != nil && before == plain)
  }

  @Test func `parse alone says what the escape is and how to repair it`() throws {
    let error = #expect(throws: YAMLError.self) { try YAML.parse("note: \"a\\ud83d\"\n") }
    #expect(
      error?.message
        == #"'\ud83d' in a double-quoted scalar is no character (a UTF-16 surrogate, half of a pair, or past "#
        + #"U+10FFFF); write the character itself, or replace the escape with '\ufffd'"#)
  }
}
