import Testing
import YAMLDecoding

/// How a schema reads a typed structure through `NodeReader`, and the messages its users see; the
/// matrix file and the observation sheets word their mistakes through these same reads (issue 10).
struct NodeReaderTests {
  struct InputMethod: Equatable {
    var id: String
    var name: String?
    var locales: [String]
    var candidates: Int
    var confidence: Double
    var usesMarkedText: Bool
  }

  static let allowed = ["id", "name", "locales", "candidates", "confidence", "marked_text"]

  static func readInputMethod(_ node: Node, into reader: inout NodeReader) -> InputMethod? {
    guard
      let keys = reader.mapping(
        node, context: "an input method", allowed: allowed, required: ["id", "locales"])
    else { return nil }
    let id = keys["id"].flatMap { reader.identifier($0.value, "an input method id") }
    let name = keys["name"].flatMap { reader.string($0.value, "'name'") }
    let locales = keys["locales"].flatMap { reader.sequence($0.value, "'locales'") }?
      .compactMap { reader.string($0, "a locale") }
    let candidates = keys["candidates"].map { reader.integer($0.value, "'candidates'") } ?? 0
    let confidence = keys["confidence"].map { reader.number($0.value, "'confidence'") } ?? 1
    let marked = keys["marked_text"].map { reader.bool($0.value, "'marked_text'") } ?? false
    guard let id, let locales, let candidates, let confidence, let marked, !reader.hasErrors else {
      return nil
    }
    return InputMethod(
      id: id, name: name, locales: locales, candidates: candidates, confidence: confidence,
      usesMarkedText: marked)
  }

  /// Every diagnostic for `text`, as `line:column: message`.
  static func problems(_ text: String) throws -> [String] {
    let node = try #require(try YAML.parse(text))
    var reader = NodeReader(path: "m.yaml")
    _ = readInputMethod(node, into: &reader)
    return reader.diagnostics.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-"): \($0.message)" }
  }

  @Test func `a well-formed mapping reads into typed values`() throws {
    let node = try #require(
      try YAML.parse(
        """
        id: zh-pinyin
        name: 拼音
        locales: [zh-Hans, "zh-Hant"]
        candidates: 9
        confidence: 0.85
        marked_text: true
        """))
    var reader = NodeReader(path: "m.yaml")
    let method = Self.readInputMethod(node, into: &reader)
    #expect(reader.diagnostics.isEmpty)
    #expect(
      method
        == InputMethod(
          id: "zh-pinyin", name: "拼音", locales: ["zh-Hans", "zh-Hant"], candidates: 9, confidence: 0.85,
          usesMarkedText: true))
  }

  @Test func `an unknown key is reported at the key with a suggestion`() throws {
    let input = MarkedText("id: x\n1️⃣nmae: Pinyin\nlocales: []\n")
    #expect(
      try Self.problems(input.text) == [
        "\(input[1].line):\(input[1].column): unknown key 'nmae' in an input method; did you mean 'name'?"
      ])
  }

  @Test func `an unknown key without a close match lists the allowed keys`() throws {
    #expect(
      try Self.problems("id: x\nlocales: []\nkeyboard: qwerty\n") == [
        "3:1: unknown key 'keyboard' in an input method; expected one of "
          + "'candidates', 'confidence', 'id', 'locales', 'marked_text', 'name'"
      ])
  }

  @Test func `every mistake is collected, not just the first`() throws {
    let problems = try Self.problems("name: [a]\ncandidates: many\nmarked_text: yes\nlocales: x\n")
    #expect(
      problems == [
        "1:1: missing required key 'id' in an input method",
        "1:7: expected a string for 'name', found a list",
        "4:10: expected a list for 'locales', found 'x'",
        "2:13: expected a whole number for 'candidates', found 'many'",
        "3:14: expected 'true' or 'false' for 'marked_text', found 'yes'; only plain 'true' and 'false' are booleans",
      ])
  }

  @Test func `a node of the wrong kind names what was expected and found`() throws {
    #expect(try Self.problems("[a]") == ["1:1: expected a mapping for an input method, found a list"])
    #expect(
      try Self.problems("id: 'a b'\nlocales: [zh, [zh-Hant]]\n") == [
        "1:5: an input method id 'a b' must be non-empty and use only ASCII letters, digits, '-', '_' and '.'",
        "2:15: expected a string for a locale, found a list",
      ])
  }

  struct ScalarCase: Sendable, CustomTestStringConvertible {
    var yaml: String
    var expected: String
    var testDescription: String { yaml }
  }

  /// `ok <value>` or the message `read` recorded.
  static func outcome<T>(_ yaml: String, _ read: (inout NodeReader, Node) -> T?) throws -> String {
    let node = try #require(try YAML.parse("v: \(yaml)")?["v"])
    var reader = NodeReader(path: "m.yaml")
    if let value = read(&reader, node) { return "ok \(value)" }
    return reader.diagnostics.map(\.message).joined(separator: "; ")
  }

  static let stringCases: [ScalarCase] = [
    .init(yaml: "17.10", expected: "ok 17.10"),
    .init(yaml: "\"17\"", expected: "ok 17"),
    .init(yaml: "true", expected: "ok true"),
    .init(yaml: "中文", expected: "ok 中文"),
    .init(yaml: "''", expected: "ok "),
    .init(yaml: "", expected: "expected a string for 'v', found an empty value"),
    .init(yaml: "~", expected: "expected a string for 'v', found null ('~')"),
    .init(yaml: "null", expected: "expected a string for 'v', found null ('null')"),
    .init(yaml: "[a]", expected: "expected a string for 'v', found a list"),
  ]

  @Test(arguments: stringCases)
  func `string accepts any non-null scalar as text`(_ testCase: ScalarCase) throws {
    #expect(try Self.outcome(testCase.yaml) { $0.string($1, "'v'") } == testCase.expected)
  }

  static let intCases: [ScalarCase] = [
    .init(yaml: "0", expected: "ok 0"),
    .init(yaml: "42", expected: "ok 42"),
    .init(yaml: "-7", expected: "ok -7"),
    .init(yaml: "9223372036854775807", expected: "ok 9223372036854775807"),
    .init(
      yaml: "9223372036854775808",
      expected:
        "whole number '9223372036854775808' is out of range; expected a value from -9223372036854775808 to 9223372036854775807"
    ),
    .init(yaml: "\"17\"", expected: "expected a whole number for 'v', found the quoted string '17'"),
    .init(yaml: "017", expected: "expected a whole number for 'v', found '017'"),
    .init(yaml: "+5", expected: "expected a whole number for 'v', found '+5'"),
    .init(yaml: "0x1F", expected: "expected a whole number for 'v', found '0x1F'"),
    .init(yaml: "1_000", expected: "expected a whole number for 'v', found '1_000'"),
    .init(yaml: "1.5", expected: "expected a whole number for 'v', found '1.5'"),
    .init(yaml: "[1]", expected: "expected a whole number for 'v', found a list"),
    .init(yaml: "!!str 5", expected: "expected a whole number for 'v', found '5'"),
    .init(yaml: "|\n  line\n", expected: "expected a whole number for 'v', found a block scalar"),
    .init(
      yaml: String(repeating: "x", count: 60),
      expected: "expected a whole number for 'v', found '\(String(repeating: "x", count: 40))…'"),
  ]

  @Test(arguments: intCases)
  func `integer accepts plain decimal integers only`(_ testCase: ScalarCase) throws {
    #expect(try Self.outcome(testCase.yaml) { $0.integer($1, "'v'") } == testCase.expected)
  }

  static let numberCases: [ScalarCase] = [
    .init(yaml: "0.85", expected: "ok 0.85"),
    .init(yaml: "17.10", expected: "ok 17.1"),
    .init(yaml: "3", expected: "ok 3.0"),
    .init(yaml: "-2.5e-3", expected: "ok -0.0025"),
    .init(yaml: "1e999", expected: "expected a number for 'v', found '1e999'"),
    .init(yaml: "'0.5'", expected: "expected a number for 'v', found the quoted string '0.5'"),
    .init(yaml: "1e", expected: "expected a number for 'v', found '1e'"),
  ]

  @Test(arguments: numberCases)
  func `number accepts plain finite numbers only`(_ testCase: ScalarCase) throws {
    #expect(try Self.outcome(testCase.yaml) { $0.number($1, "'v'") } == testCase.expected)
  }

  static let boolCases: [ScalarCase] = [
    .init(yaml: "true", expected: "ok true"),
    .init(yaml: "false", expected: "ok false"),
    .init(
      yaml: "True",
      expected: "expected 'true' or 'false' for 'v', found 'True'; only plain 'true' and 'false' are booleans"
    ),
    .init(yaml: "\"true\"", expected: "expected 'true' or 'false' for 'v', found the quoted string 'true'"),
    .init(yaml: "1", expected: "expected 'true' or 'false' for 'v', found '1'"),
  ]

  @Test(arguments: boolCases)
  func `bool accepts plain true and false only`(_ testCase: ScalarCase) throws {
    #expect(try Self.outcome(testCase.yaml) { $0.bool($1, "'v'") } == testCase.expected)
  }

  @Test func `errors carry notes and render with a caret`() throws {
    var reader = NodeReader(path: "m.yaml")
    reader.error(
      "duplicate device 'iPhone 16'", at: TextPosition(line: 4, column: 5),
      notes: [reader.note("first listed here", at: TextPosition(line: 2, column: 5))])
    reader.warning("a warning is not an error", at: nil)
    #expect(reader.hasErrors)
    let rendered = DiagnosticRenderer().render(
      try #require(reader.diagnostics.first), source: "devices:\n  - iPhone 16\n  - iPad\n  - iPhone 16\n")
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
}
