import Testing
import YAMLDecoding

/// How another module decodes a typed structure from a `Node`, and the errors its users see.
struct NodeDecodingTests {
  struct InputMethod: Equatable {
    var id: String
    var name: String?
    var locales: [String]
    var candidates: Int
    var confidence: Double
    var usesMarkedText: Bool
  }

  static func decodeInputMethod(_ node: Node) throws(NodeDecodingError) -> InputMethod {
    let fields = try node.decodeMapping(
      allowedKeys: ["id", "name", "locales", "candidates", "confidence", "marked_text"],
      required: ["id", "locales"],
      context: "input method"
    )
    return InputMethod(
      id: try fields.require("id").decodeString(),
      name: try fields["name"]?.decodeString(),
      locales: try fields.require("locales").decodeStringArray(),
      candidates: try fields["candidates"]?.decodeInt() ?? 0,
      confidence: try fields["confidence"]?.decodeDouble() ?? 1,
      usesMarkedText: try fields["marked_text"]?.decodeBool() ?? false
    )
  }

  static func decode(_ text: String) throws -> InputMethod {
    let node = try #require(try YAML.parse(text))
    return try decodeInputMethod(node)
  }

  static func decodingError(_ text: String) throws -> NodeDecodingError {
    let node = try #require(try YAML.parse(text))
    return try #require(throws: NodeDecodingError.self) { try decodeInputMethod(node) }
  }

  @Test func `a well-formed mapping decodes into typed values`() throws {
    let method = try Self.decode(
      """
      id: zh-pinyin
      name: 拼音
      locales: [zh-Hans, "zh-Hant"]
      candidates: 9
      confidence: 0.85
      marked_text: true
      """
    )
    #expect(
      method
        == InputMethod(
          id: "zh-pinyin", name: "拼音", locales: ["zh-Hans", "zh-Hant"], candidates: 9, confidence: 0.85,
          usesMarkedText: true))
  }

  @Test func `an unknown key is reported at the key with a suggestion`() throws {
    let input = MarkedText("id: x\n1️⃣nmae: Pinyin\nlocales: []\n")
    let error = try Self.decodingError(input.text)
    #expect(error.location == input[1])
    #expect(error.message == "unknown key 'nmae' in input method; did you mean 'name'?")
  }

  @Test func `an unknown key without a close match lists the allowed keys`() throws {
    let error = try Self.decodingError("id: x\nlocales: []\nkeyboard: qwerty\n")
    #expect(error.location == Mark(line: 3, column: 1))
    #expect(
      error.message
        == "unknown key 'keyboard' in input method; expected one of "
        + "'candidates', 'confidence', 'id', 'locales', 'marked_text', 'name'")
  }

  @Test func `a missing required key is reported at the mapping's start`() throws {
    let input = MarkedText("list:\n  - 1️⃣name: Pinyin\n    locales: [zh]\n")
    let node = try #require(try YAML.parse(input.text)?["list"]?.sequence?.first)
    let error = try #require(throws: NodeDecodingError.self) { try Self.decodeInputMethod(node) }
    #expect(error.location == input[1])
    #expect(error.message == "missing required key 'id' in input method")
  }

  @Test func `a node of the wrong kind names what was expected and found`() throws {
    let input = MarkedText("id: 1️⃣{a: b}\nlocales: []\n")
    let error = try Self.decodingError(input.text)
    #expect(error == NodeDecodingError("expected a string, found a mapping", at: input[1]))

    let notMapping = try #require(try YAML.parse("[a]"))
    let listError = try #require(throws: NodeDecodingError.self) { try Self.decodeInputMethod(notMapping) }
    #expect(listError.message == "expected a mapping for input method, found a sequence")
  }

  @Test func `a bad item in a string array is reported at the item`() throws {
    let input = MarkedText("id: x\nlocales: [zh-Hans, 1️⃣[zh-Hant]]\n")
    let error = try Self.decodingError(input.text)
    #expect(error == NodeDecodingError("expected a string, found a sequence", at: input[1]))
  }

  struct ScalarCase: Sendable, CustomTestStringConvertible {
    var yaml: String
    var expected: String
    var testDescription: String { yaml }
  }

  static let stringCases: [ScalarCase] = [
    .init(yaml: "17.10", expected: "ok 17.10"),
    .init(yaml: "\"17\"", expected: "ok 17"),
    .init(yaml: "true", expected: "ok true"),
    .init(yaml: "中文", expected: "ok 中文"),
    .init(yaml: "''", expected: "ok "),
    .init(yaml: "", expected: "expected a string, found an empty value"),
    .init(yaml: "~", expected: "expected a string, found null ('~')"),
    .init(yaml: "null", expected: "expected a string, found null ('null')"),
    .init(yaml: "[a]", expected: "expected a string, found a sequence"),
  ]

  @Test(arguments: stringCases)
  func `decodeString accepts any non-null scalar as text`(_ testCase: ScalarCase) throws {
    let node = try #require(try YAML.parse("v: \(testCase.yaml)")?["v"])
    #expect(Self.outcome { () throws(NodeDecodingError) in try node.decodeString() } == testCase.expected)
  }

  static let intCases: [ScalarCase] = [
    .init(yaml: "0", expected: "ok 0"),
    .init(yaml: "42", expected: "ok 42"),
    .init(yaml: "-7", expected: "ok -7"),
    .init(yaml: "9223372036854775807", expected: "ok 9223372036854775807"),
    .init(
      yaml: "9223372036854775808",
      expected:
        "integer '9223372036854775808' is out of range; expected a value from -9223372036854775808 to 9223372036854775807"
    ),
    .init(yaml: "\"17\"", expected: "expected an integer, found the quoted string '17'"),
    .init(yaml: "017", expected: "expected an integer, found '017'"),
    .init(yaml: "+5", expected: "expected an integer, found '+5'"),
    .init(yaml: "0x1F", expected: "expected an integer, found '0x1F'"),
    .init(yaml: "1_000", expected: "expected an integer, found '1_000'"),
    .init(yaml: "1.5", expected: "expected an integer, found '1.5'"),
    .init(yaml: "[1]", expected: "expected an integer, found a sequence"),
    .init(yaml: "!!str 5", expected: "expected an integer, found '5'"),
  ]

  @Test(arguments: intCases)
  func `decodeInt accepts plain decimal integers only`(_ testCase: ScalarCase) throws {
    let node = try #require(try YAML.parse("v: \(testCase.yaml)")?["v"])
    #expect(Self.outcome { () throws(NodeDecodingError) in try node.decodeInt() } == testCase.expected)
  }

  static let doubleCases: [ScalarCase] = [
    .init(yaml: "0.85", expected: "ok 0.85"),
    .init(yaml: "17.10", expected: "ok 17.1"),
    .init(yaml: "3", expected: "ok 3.0"),
    .init(yaml: "-2.5e-3", expected: "ok -0.0025"),
    .init(yaml: "1E3", expected: "ok 1000.0"),
    .init(yaml: "1e999", expected: "number '1e999' is out of range; expected a finite value"),
    .init(yaml: ".5", expected: "expected a number, found '.5'"),
    .init(yaml: "1.", expected: "expected a number, found '1.'"),
    .init(yaml: ".inf", expected: "expected a number, found '.inf'"),
    .init(yaml: "'0.5'", expected: "expected a number, found the quoted string '0.5'"),
    .init(yaml: "1e", expected: "expected a number, found '1e'"),
  ]

  @Test(arguments: doubleCases)
  func `decodeDouble accepts plain decimal numbers only`(_ testCase: ScalarCase) throws {
    let node = try #require(try YAML.parse("v: \(testCase.yaml)")?["v"])
    #expect(Self.outcome { () throws(NodeDecodingError) in try node.decodeDouble() } == testCase.expected)
  }

  static let boolCases: [ScalarCase] = [
    .init(yaml: "true", expected: "ok true"),
    .init(yaml: "false", expected: "ok false"),
    .init(
      yaml: "yes",
      expected: "expected 'true' or 'false', found 'yes'; only plain 'true' and 'false' are booleans"),
    .init(
      yaml: "True",
      expected: "expected 'true' or 'false', found 'True'; only plain 'true' and 'false' are booleans"),
    .init(yaml: "\"true\"", expected: "expected 'true' or 'false', found the quoted string 'true'"),
    .init(yaml: "1", expected: "expected 'true' or 'false', found '1'"),
  ]

  @Test(arguments: boolCases)
  func `decodeBool accepts plain true and false only`(_ testCase: ScalarCase) throws {
    let node = try #require(try YAML.parse("v: \(testCase.yaml)")?["v"])
    #expect(Self.outcome { () throws(NodeDecodingError) in try node.decodeBool() } == testCase.expected)
  }

  @Test func `fields keep document order and give key marks`() throws {
    let input = MarkedText("locales: [ja]\n1️⃣id: ja-romaji\nname: ローマ字\n")
    let node = try #require(try YAML.parse(input.text))
    let fields = try node.decodeMapping(
      allowedKeys: ["name"], required: ["id", "locales"], context: "input method")
    #expect(fields.keys == ["locales", "id", "name"])
    #expect(fields.keyNode("id")?.start == input[1])
    #expect(fields["missing"] == nil)
    #expect(fields.pairs.count == 3)
    let missing = try #require(throws: NodeDecodingError.self) { try fields.require("candidates") }
    #expect(
      missing
        == NodeDecodingError(
          "missing required key 'candidates' in input method", at: Mark(line: 1, column: 1)))
  }

  @Test func `decoding errors become diagnostics with notes`() throws {
    let error = NodeDecodingError(
      "duplicate device 'iPhone 16'", at: Mark(line: 4, column: 5),
      notes: [.init("first listed here", at: Mark(line: 2, column: 5))])
    let rendered = DiagnosticRenderer().render(
      error.diagnostic(path: "m.yaml"), source: "devices:\n  - iPhone 16\n  - iPad\n  - iPhone 16\n")
    #expect(
      rendered == """
        m.yaml:4:5: error: duplicate device 'iPhone 16'
        4 |   - iPhone 16
          |     ^
        m.yaml:2:5: note: first listed here
        2 |   - iPhone 16
          |     ^

        """
    )
  }

  @Test func `long or multi-line text is cut short in messages`() throws {
    let node = try #require(try YAML.parse("v: |\n  line\n")?["v"])
    #expect(
      throws: NodeDecodingError("expected an integer, found a block scalar", at: Mark(line: 1, column: 4))
    ) {
      try node.decodeInt()
    }
    let long = String(repeating: "x", count: 60)
    let longNode = try #require(try YAML.parse("v: \(long)")?["v"])
    let error = try #require(throws: NodeDecodingError.self) { try longNode.decodeInt() }
    #expect(error.message == "expected an integer, found '\(String(repeating: "x", count: 40))…'")
  }

  /// `ok <value>` or the error message.
  static func outcome<T>(_ body: () throws(NodeDecodingError) -> T) -> String {
    do {
      return "ok \(try body())"
    } catch {
      return error.message
    }
  }
}
