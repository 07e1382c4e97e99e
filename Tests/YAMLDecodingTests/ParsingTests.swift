import Testing
import YAMLDecoding

struct ParsingTests {
  @Test func `scalars keep their text and style`() throws {
    let root = try #require(
      try YAML.parse(
        """
        plain: 17.10
        double: "17"
        single: 'it''s'
        literal: |
          line one
          line two
        folded: >
          folded
          text
        escaped: "tab\\there \\u4E2D"
        empty:
        """
      )
    )
    #expect(root["plain"]?.scalar == Node.Scalar(text: "17.10", style: .plain))
    #expect(root["double"]?.scalar == Node.Scalar(text: "17", style: .doubleQuoted))
    #expect(root["single"]?.scalar == Node.Scalar(text: "it's", style: .singleQuoted))
    #expect(root["literal"]?.scalar == Node.Scalar(text: "line one\nline two\n", style: .literal))
    #expect(root["folded"]?.scalar == Node.Scalar(text: "folded text\n", style: .folded))
    #expect(root["escaped"]?.scalar == Node.Scalar(text: "tab\there 中", style: .doubleQuoted))
    #expect(root["empty"]?.scalar == Node.Scalar(text: "", style: .plain))
    #expect(
      root.mapping?.map { $0.key.scalar?.text } == [
        "plain", "double", "single", "literal", "folded", "escaped", "empty",
      ])
  }

  @Test func `marks are 1-based and point at each node's first character and just past its end`() throws {
    let input = MarkedText(
      """
      1️⃣name: 2️⃣王小明3️⃣
      4️⃣devices:
        5️⃣- 6️⃣[7️⃣iPhone 16, 8️⃣iPad]9️⃣

      """
    )
    let root = try #require(try YAML.parse(input.text))
    #expect(root.start == input[1])
    let pairs = try #require(root.mapping)
    #expect(pairs[0].key.start == input[1])
    #expect(pairs[0].value.start == input[2])
    #expect(pairs[0].value.end == input[3])
    #expect(pairs[1].key.start == input[4])
    let devices = try #require(root["devices"])
    #expect(devices.start == input[5])
    let flow = try #require(devices.sequence?.first)
    #expect(flow.start == input[6])
    #expect(flow.end == input[9])
    #expect(flow.sequence?.map(\.start) == [input[7], input[8]])
    // A block collection ends where its last child ends, not at the next line's token.
    #expect(devices.end == input[9])
    #expect(root.end == input[9])
  }

  @Test func `columns count Unicode scalars in CJK text`() throws {
    let input = MarkedText(
      """
      1️⃣名前: 2️⃣山田 太郎
      3️⃣ふりがな: 4️⃣"やまだ たろう"
      5️⃣이름: [6️⃣김민준, 7️⃣😀]
      """
    )
    let root = try #require(try YAML.parse(input.text))
    let pairs = try #require(root.mapping)
    #expect(pairs.map(\.key.start) == [input[1], input[3], input[5]])
    #expect(pairs.map(\.value.start) == [input[2], input[4], pairs[2].value.start])
    #expect(root["이름"]?.sequence?.map(\.start) == [input[6], input[7]])
    #expect(input[7] == Mark(line: 3, column: 11))
  }

  @Test func `an alias is a copy of the anchored node with the alias's marks`() throws {
    let input = MarkedText(
      """
      base: 1️⃣&b {locale: zh-Hans, keyboard: pinyin}
      copy: 2️⃣*b3️⃣
      list: [4️⃣*b, 5️⃣&s scalar, 6️⃣*s]
      """
    )
    let root = try #require(try YAML.parse(input.text))
    let base = try #require(root["base"])
    let copy = try #require(root["copy"])
    #expect(base.anchor == "b")
    #expect(base.start == input[1])
    #expect(copy.content == base.content)
    #expect(copy.anchor == nil)
    #expect(copy.start == input[2])
    #expect(copy.end == input[3])
    let list = try #require(root["list"]?.sequence)
    #expect(list.map(\.start) == [input[4], input[5], input[6]])
    #expect(list[0].shape == "{locale: zh-Hans, keyboard: pinyin}")
    #expect(list[2].scalar?.text == "scalar")
    #expect(list[1].anchor == "s")
  }

  @Test func `flow and block collections nest`() throws {
    let root = try #require(
      try YAML.parse(
        """
        matrix:
          os: [17.0, "18.1"]
          devices:
            - iPhone 16
            - {name: iPad Air, size: 11}
          nested: [[a, b], {c: [d]}]
          empty_list: []
          empty_map: {}
        """
      )
    )
    #expect(
      root.shape
        == "{matrix: {os: [17.0, \"18.1\"], devices: [iPhone 16, {name: iPad Air, size: 11}], "
        + "nested: [[a, b], {c: [d]}], empty_list: [], empty_map: {}}}"
    )
  }

  @Test func `tags are kept as written and anchors as named`() throws {
    let root = try #require(
      try YAML.parse(
        """
        a: !!str 17
        b: !local x
        c: ! 5
        d: !!int "3"
        e: !<tag:yaml.org,2002:bool> true
        f: &anchor-1 !!map {}
        """
      )
    )
    #expect(root["a"]?.tag == "!!str")
    #expect(root["a"]?.scalar?.text == "17")
    #expect(root["b"]?.tag == "!local")
    #expect(root["c"]?.tag == "!")
    #expect(root["d"]?.tag == "!!int")
    #expect(root["e"]?.tag == "!!bool")
    #expect(root["f"]?.tag == "!!map")
    #expect(root["f"]?.anchor == "anchor-1")
  }

  struct ConvenienceCase: Sendable, CustomTestStringConvertible {
    var yaml: String
    var isNull: Bool
    var bool: Bool?
    var testDescription: String { yaml }
  }

  static let convenienceCases: [ConvenienceCase] = [
    .init(yaml: "v:", isNull: true, bool: nil),
    .init(yaml: "v: ~", isNull: true, bool: nil),
    .init(yaml: "v: null", isNull: true, bool: nil),
    .init(yaml: "v: Null", isNull: true, bool: nil),
    .init(yaml: "v: NULL", isNull: true, bool: nil),
    .init(yaml: "v: nULL", isNull: false, bool: nil),
    .init(yaml: "v: \"null\"", isNull: false, bool: nil),
    .init(yaml: "v: ''", isNull: false, bool: nil),
    .init(yaml: "v: !!str ~", isNull: false, bool: nil),
    .init(yaml: "v: true", isNull: false, bool: true),
    .init(yaml: "v: false", isNull: false, bool: false),
    .init(yaml: "v: True", isNull: false, bool: nil),
    .init(yaml: "v: yes", isNull: false, bool: nil),
    .init(yaml: "v: on", isNull: false, bool: nil),
    .init(yaml: "v: 'true'", isNull: false, bool: nil),
    .init(yaml: "v: !!str true", isNull: false, bool: nil),
    .init(yaml: "v: [true]", isNull: false, bool: nil),
  ]

  @Test(arguments: convenienceCases)
  func `only plain null spellings are null and only plain true and false are booleans`(
    _ testCase: ConvenienceCase
  ) throws {
    let value = try #require(try YAML.parse(testCase.yaml)?["v"])
    #expect(value.isNull == testCase.isNull)
    #expect(value.bool == testCase.bool)
  }

  @Test(arguments: ["", "\n\n", "   \n  \n", "# only a comment\n", "# a\n\n# b", "\u{FEFF}"])
  func `a stream without a document is nil`(_ text: String) throws {
    #expect(try YAML.parse(text) == nil)
    #expect(try YAML.parse(Array(text.utf8)) == nil)
  }

  @Test(arguments: ["empty.yaml", "comments-only.yaml", "whitespace-only.yaml"])
  func `empty fixtures are nil`(_ name: String) throws {
    #expect(try YAML.parse(Fixtures.bytes(name)) == nil)
  }

  @Test func `an explicit empty document is a null node, not nil`() throws {
    let root = try #require(try YAML.parse("---\n"))
    #expect(root.isNull)
    #expect(try YAML.parse("--- x\n...\n")?.scalar?.text == "x")
  }

  @Test func `merge keys are ordinary keys`() throws {
    let root = try #require(
      try YAML.parse(
        """
        base: &base {locale: ja-JP}
        form:
          <<: *base
          locale: zh-TW
        """
      )
    )
    let form = try #require(root["form"])
    #expect(form.mapping?.map { $0.key.scalar?.text } == ["<<", "locale"])
    #expect(form["<<"]?.shape == "{locale: ja-JP}")
    #expect(form["locale"]?.scalar?.text == "zh-TW")
  }

  @Test func `subscript finds plain and quoted keys and nothing in non-mappings`() throws {
    let root = try #require(try YAML.parse("\"quoted key\": 1\n'single': 2\nplain: 3\n"))
    #expect(root["quoted key"]?.scalar?.text == "1")
    #expect(root["single"]?.scalar?.text == "2")
    #expect(root["missing"] == nil)
    #expect(root["plain"]?["x"] == nil)
    #expect(try YAML.parse("[a]")?["a"] == nil)
  }

  @Test func `a UTF-8 byte order mark is skipped and does not count as a column`() throws {
    let root = try #require(try YAML.parse([0xEF, 0xBB, 0xBF] + Array("a: 1\nb: 2\n".utf8)))
    #expect(root["a"]?.scalar?.text == "1")
    #expect(root.mapping?.map(\.key.start) == [Mark(line: 1, column: 1), Mark(line: 2, column: 1)])
    #expect(throws: YAMLError.invalidUTF8(at: Mark(line: 1, column: 4))) {
      try YAML.parse([0xEF, 0xBB, 0xBF] + Array("a: ".utf8) + [0xFF])
    }
  }

  @Test func `CRLF and CR line breaks count as one line each`() throws {
    let crlf = try #require(try YAML.parse("a: 1\r\nb: 2\r\n"))
    #expect(crlf.mapping?.map(\.key.start) == [Mark(line: 1, column: 1), Mark(line: 2, column: 1)])
    let cr = try #require(try YAML.parse("a: 1\rb: 2\r"))
    #expect(cr.mapping?.map(\.key.start) == [Mark(line: 1, column: 1), Mark(line: 2, column: 1)])
  }

  @Test func `bytes and text give the same tree`() throws {
    let text = "名前: 山田\nlist: [1, 2, {a: b}]\n"
    #expect(try YAML.parse(text) == YAML.parse(Array(text.utf8)))
  }

  @Test func `the same key in different mappings is not a duplicate`() throws {
    let root = try #require(try YAML.parse("a: {id: 1}\nb: {id: 2}\nlist: [{id: 3}, {id: 4}]\n"))
    #expect(root.shape == "{a: {id: 1}, b: {id: 2}, list: [{id: 3}, {id: 4}]}")
  }

  @Test func `duplicate keys are found in large mappings too`() throws {
    var lines = (0..<40).map { "key\($0): \($0)" }
    lines.append("\"key3\": again")
    #expect(
      throws: YAMLError.duplicateKey(
        key: "key3", at: Mark(line: 41, column: 1), first: Mark(line: 4, column: 1))
    ) {
      try YAML.parse(lines.joined(separator: "\n"))
    }
  }

  @Test func `a duplicate far into a mapping of 10,000 keys points at both keys`() throws {
    var lines = (0..<10_000).map { "k\($0 &* 7919 % 10_000): v" }
    lines.append("'k7777': again")
    let first = try #require(lines.firstIndex(of: "k7777: v")) + 1
    let error = try #require(throws: YAMLError.self) { try YAML.parse(lines.joined(separator: "\n")) }
    #expect(
      error
        == .duplicateKey(key: "k7777", at: Mark(line: 10_001, column: 1), first: Mark(line: first, column: 1))
    )
  }

  @Test func `a mapping with many keys keeps document order`() throws {
    let count = 2_000
    let text = (0..<count).map { "k\(count - $0): \($0)" }.joined(separator: "\n")
    let root = try #require(try YAML.parse(text))
    let keys = try #require(root.mapping).map { $0.key.scalar?.text ?? "" }
    #expect(keys == (0..<count).map { "k\(count - $0)" })
  }

  @Test func `a tab after a colon separates like a space`() throws {
    #expect(try YAML.parse("id:\tzh-pinyin\n")?["id"]?.scalar?.text == "zh-pinyin")
  }
}
