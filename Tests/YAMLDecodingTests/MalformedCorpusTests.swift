import Testing
import YAMLDecoding

/// Every fixture of broken YAML, with the exact error, location and message it must produce.
struct MalformedCorpusTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var fixture: String
    var error: YAMLError
    var message: String
    var testDescription: String { fixture }

    init(_ fixture: String, _ error: YAMLError, _ message: String) {
      self.fixture = fixture
      self.error = error
      self.message = message
    }
  }

  static func at(_ line: Int, _ column: Int) -> Mark { Mark(line: line, column: column) }

  static func syntax(_ message: String, _ line: Int, _ column: Int) -> YAMLError {
    .syntax(message: message, at: at(line, column))
  }

  static let cases: [Case] = [
    Case(
      "bad-indentation.yaml",
      syntax(
        "expected a key of the mapping that starts at 1:1, found 'os'; check the indentation of this line",
        3, 2),
      "expected a key of the mapping that starts at 1:1, found 'os'; check the indentation of this line"
    ),
    Case(
      "tab-indentation.yaml",
      syntax("tab character used for indentation; YAML indents with spaces", 2, 1),
      "tab character used for indentation; YAML indents with spaces"
    ),
    Case(
      "tab-in-block-scalar.yaml",
      syntax("tab character used for indentation; YAML indents with spaces", 4, 1),
      "tab character used for indentation; YAML indents with spaces"
    ),
    Case(
      "tab-in-plain-continuation.yaml",
      syntax("tab character used for indentation; YAML indents with spaces", 4, 1),
      "tab character used for indentation; YAML indents with spaces"
    ),
    Case(
      "tab-after-dash.yaml",
      syntax(
        "tab character where YAML expects a space; separate indicators such as '-' and '?' from values with spaces",
        1, 2),
      "tab character where YAML expects a space; separate indicators such as '-' and '?' from values with spaces"
    ),
    Case(
      "content-after-document.yaml",
      syntax("found 'keyboards' after the document's root node ended; expected the end of the file", 3, 1),
      "found 'keyboards' after the document's root node ended; expected the end of the file"
    ),
    Case(
      "unclosed-double-quote.yaml",
      syntax(
        "found end of file inside the double-quoted scalar that starts at 1:7; expected a closing \"", 3, 1),
      "found end of file inside the double-quoted scalar that starts at 1:7; expected a closing \""
    ),
    Case(
      "unclosed-single-quote.yaml",
      syntax(
        "found end of file inside the single-quoted scalar that starts at 1:7; expected a closing '", 2, 1),
      "found end of file inside the single-quoted scalar that starts at 1:7; expected a closing '"
    ),
    Case(
      "unclosed-flow-sequence.yaml",
      syntax("expected ',' or ']' in the list that starts at 1:10, found end of file", 2, 1),
      "expected ',' or ']' in the list that starts at 1:10, found end of file"
    ),
    Case(
      "unclosed-flow-mapping.yaml",
      syntax("expected ',' or '}' in the mapping that starts at 1:10, found end of file", 2, 1),
      "expected ',' or '}' in the mapping that starts at 1:10, found end of file"
    ),
    Case(
      "mapping-value-in-plain.yaml",
      syntax(
        "mapping values are not allowed in this context; check the indentation of this line, "
          + "or quote the value if it contains ': '", 1, 12),
      "mapping values are not allowed in this context; check the indentation of this line, "
        + "or quote the value if it contains ': '"
    ),
    Case(
      "sequence-entry-after-key.yaml",
      syntax(
        "a '-' list item is not allowed here; start the list on its own line, "
          + "or quote the value if it starts with '- '", 1, 5),
      "a '-' list item is not allowed here; start the list on its own line, "
        + "or quote the value if it starts with '- '"
    ),
    Case(
      "reserved-indicator.yaml",
      syntax("found reserved character '@', which cannot start a plain scalar; quote the value", 1, 9),
      "found reserved character '@', which cannot start a plain scalar; quote the value"
    ),
    Case(
      "sequence-then-key.yaml",
      syntax(
        "expected a '-' item of the list that starts at 1:1, found 'ja-romaji'; "
          + "check the indentation of this line", 2, 1),
      "expected a '-' item of the list that starts at 1:1, found 'ja-romaji'; "
        + "check the indentation of this line"
    ),
    Case(
      "text-after-quote.yaml",
      syntax("expected a key of the mapping that starts at 1:1, found 'y'", 1, 8),
      "expected a key of the mapping that starts at 1:1, found 'y'"
    ),
    Case(
      "unknown-escape.yaml",
      syntax(
        "unknown escape sequence '\\q' in a double-quoted scalar; write '\\\\' for a backslash, or use single quotes",
        1, 12),
      "unknown escape sequence '\\q' in a double-quoted scalar; write '\\\\' for a backslash, or use single quotes"
    ),
    Case(
      "empty-alias-name.yaml",
      syntax("expected an alias name (letters, digits, '-' or '_') after '*', found a line break", 1, 7),
      "expected an alias name (letters, digits, '-' or '_') after '*', found a line break"
    ),
    Case(
      "duplicate-key.yaml",
      .duplicateKey(key: "id", at: at(3, 1), first: at(1, 1)),
      "duplicate key 'id'; a key may appear only once in a mapping"
    ),
    Case(
      "alias-bomb.yaml",
      .limitExceeded(limit: "maxAliasExpansion", value: 100_000, at: at(6, 8)),
      "aliases expand to more than 100000 nodes (YAMLLimits.maxAliasExpansion)"
    ),
    Case(
      "undefined-alias.yaml",
      .undefinedAlias(name: "bsae", at: at(2, 7)),
      "undefined alias '*bsae'; an alias must follow a complete node anchored with '&bsae'"
    ),
    Case(
      "recursive-alias.yaml",
      .undefinedAlias(name: "t", at: at(1, 17)),
      "undefined alias '*t'; an alias must follow a complete node anchored with '&t'"
    ),
    Case(
      "invalid-utf8-latin1.yaml",
      .invalidUTF8(at: at(1, 10)),
      "invalid UTF-8 byte sequence; YAML files must be UTF-8 text"
    ),
    Case(
      "truncated-utf8.yaml",
      .invalidUTF8(at: at(1, 9)),
      "invalid UTF-8 byte sequence; YAML files must be UTF-8 text"
    ),
    Case(
      "surrogate-utf8.yaml",
      .invalidUTF8(at: at(1, 7)),
      "invalid UTF-8 byte sequence; YAML files must be UTF-8 text"
    ),
    Case(
      "binary-garbage.yaml",
      .invalidUTF8(at: at(1, 1)),
      "invalid UTF-8 byte sequence; YAML files must be UTF-8 text"
    ),
    Case(
      "nul-byte.yaml",
      .controlCharacter(value: 0, at: at(1, 7)),
      "control character U+0000 is not allowed in YAML; is this a binary or UTF-16 file?"
    ),
    Case(
      "del-character.yaml",
      .controlCharacter(value: 0x7F, at: at(2, 7)),
      "control character U+007F is not allowed in YAML"
    ),
    Case(
      "utf16le-bom.yaml",
      .unsupportedEncoding(name: "UTF-16LE", at: at(1, 1)),
      "the file is UTF-16LE (it starts with a UTF-16LE byte order mark); save it as UTF-8"
    ),
    Case(
      "multiple-documents.yaml",
      .multipleDocuments(at: at(2, 1)),
      "found a second document; expected exactly one YAML document per file"
    ),
    Case(
      "non-scalar-key.yaml",
      .nonScalarKey(at: at(1, 3)),
      "found a list or mapping used as a mapping key; expected a scalar key"
    ),
  ]

  @Test(arguments: cases)
  func `malformed fixture gives the exact error, location and message`(_ testCase: Case) throws {
    let bytes = Fixtures.bytes(testCase.fixture)
    try #require(!bytes.isEmpty, "missing fixture \(testCase.fixture)")
    let error = try #require(throws: YAMLError.self) { try YAML.parse(bytes) }
    #expect(error == testCase.error)
    #expect(error.message == testCase.message)
    #expect(error.location == testCase.error.location)
  }

  @Test func `every non-empty fixture is in the corpus table`() {
    let listed = Set(Self.cases.map(\.fixture))
    let valid: Set = ["empty.yaml", "comments-only.yaml", "whitespace-only.yaml"]
    let unlisted = Fixtures.names.filter { !listed.contains($0) && !valid.contains($0) }
    #expect(unlisted == [])
    #expect(Self.cases.count >= 15)
  }

  @Test func `the same errors come from text input`() throws {
    for testCase in Self.cases {
      let bytes = Fixtures.bytes(testCase.fixture)
      // Only fixtures that are valid UTF-8 can be given as a String unchanged.
      guard let text = String(validating: bytes, as: UTF8.self) else { continue }
      let error = try #require(throws: YAMLError.self) { try YAML.parse(text) }
      #expect(error == testCase.error, "\(testCase.fixture)")
    }
  }

  @Test func `rendered diagnostic for a duplicate key shows both places`() throws {
    let bytes = Fixtures.bytes("duplicate-key.yaml")
    let error = try #require(throws: YAMLError.self) { try YAML.parse(bytes) }
    let rendered = DiagnosticRenderer().render(
      error.diagnostic(path: "methods.yaml"), source: String(decoding: bytes, as: UTF8.self))
    #expect(
      rendered == """
        methods.yaml:3:1: error: duplicate key 'id'; a key may appear only once in a mapping
        3 | "id": ja-romaji
          | ^
        methods.yaml:1:1: note: first defined here
        1 | id: zh-pinyin
          | ^

        """
    )
  }

  @Test func `rendered diagnostic for tab indentation points at the tab`() throws {
    let bytes = Fixtures.bytes("tab-indentation.yaml")
    let error = try #require(throws: YAMLError.self) { try YAML.parse(bytes) }
    let rendered = DiagnosticRenderer().render(
      error.diagnostic(path: "matrix.yaml"), source: String(decoding: bytes, as: UTF8.self))
    #expect(
      rendered == """
        matrix.yaml:2:1: error: tab character used for indentation; YAML indents with spaces
        2 | \tid: zh-pinyin
          | ^

        """
    )
  }

  @Test func `an error at the end of a file without a final line break points past the last character`()
    throws
  {
    let source = "os: [17.0, 18.1"
    let error = try #require(throws: YAMLError.self) { try YAML.parse(source) }
    #expect(
      error
        == .syntax(
          message: "expected ',' or ']' in the list that starts at 1:5, found end of file",
          at: Mark(line: 1, column: 16)))
    let rendered = DiagnosticRenderer().render(error.diagnostic(path: "m.yaml"), source: source)
    #expect(
      rendered == """
        m.yaml:1:16: error: expected ',' or ']' in the list that starts at 1:5, found end of file
        1 | os: [17.0, 18.1
          |                ^

        """
    )
    let literal = try #require(try YAML.parse("a: |\n  x")?["a"])
    #expect(literal.end == Mark(line: 2, column: 4))
  }

  @Test func `rendered diagnostic under CJK text puts the caret under the right cell`() throws {
    let source = "name: \"王小明\" 先生\n"
    let error = try #require(throws: YAMLError.self) { try YAML.parse(source) }
    #expect(error.location == Mark(line: 1, column: 13))
    let rendered = DiagnosticRenderer().render(error.diagnostic(path: "form.yaml"), source: source)
    #expect(
      rendered == """
        form.yaml:1:13: error: expected a key of the mapping that starts at 1:1, found '先生'
        1 | name: "王小明" 先生
          |                ^

        """
    )
  }
}
