import Testing
import YAMLDecoding

struct EmitterTests {
  @Test func `an observation sheet is written in block style with ambiguous strings quoted`() throws {
    let sheet = Node(mapping: [
      "device": Node(string: "iPhone 16"),
      "os": Node(string: "18.1"),
      "keyboard": Node(string: "简体拼音"),
      "attempts": Node(int: 3),
      "intensity": Node(double: 0.8),
      "passed": Node(bool: true),
      "notes": .null,
      "answer": Node(string: "yes"),
      "field": Node(string: "name: 王小明"),
      "log": Node(string: "composition start\ncommit 王\n"),
      "steps": Node(sequence: [
        Node(string: "type wang"), Node(sequence: []), Node(mapping: [:] as KeyValuePairs),
      ]),
    ])
    let text = try YAMLEmitter().emit(sheet)
    #expect(
      text == """
        device: iPhone 16
        os: "18.1"
        keyboard: 简体拼音
        attempts: 3
        intensity: 0.8
        passed: true
        notes: null
        answer: "yes"
        field: 'name: 王小明'
        log: |
          composition start
          commit 王
        steps:
        - type wang
        - []
        - {}

        """
    )
    let back = try #require(try YAML.parse(text))
    #expect(back["os"]?.scalar?.text == "18.1")
    #expect(back["attempts"]?.scalar == Node.Scalar(text: "3", style: .plain))
    #expect(back["passed"]?.bool == true)
    #expect(back["notes"]?.isNull == true)
    #expect(back.textShape == sheet.textShape)
  }

  static let trickyStrings: [String] = [
    "", " ", "17", "17.10", "-1", "+1", ".5", "0x1F", "1e3", "1_000", "5 apples",
    "true", "false", "True", "yes", "No", "on", "OFF", "y", "n",
    "null", "Null", "~", ".inf", "-.inf", ".nan", "<<", "=",
    "a: b", "a:b", "key:", " leading", "trailing ", "#comment", "a #b", "- item", "-", "?", "? x", ":",
    "[a]", "{b}", "*alias", "&anchor", "!tag", "%directive", "@reserved", "`reserved", "|", ">", "'", "\"",
    "it's", "say \"hi\"", "back\\slash", "tab\there", "a\u{0}b", "bell\u{7}", "\u{FEFF}bom", "nel\u{85}x",
    "---", "...", "--- x", "王小明", "ローマ字", "한글", "😀", "\n", "line\n", "two\nlines", "two\nlines\n",
    "keep\n\n", "\n lead", " lead\nline", "trailing \nspace", "x\r\ny", String(repeating: "long ", count: 40),
  ]

  @Test(arguments: trickyStrings)
  func `a string value reads back as the same string`(_ text: String) throws {
    let tree = Node(mapping: [("value", Node(string: text)), (text, Node(string: "as key"))])
    let emitted = try YAMLEmitter().emit(tree)
    let back = try #require(try YAML.parse(emitted), "\(emitted.debugDescription)")
    let value = try #require(back["value"], "\(emitted.debugDescription)")
    #expect(value.scalar?.text == text, "\(emitted.debugDescription)")
    #expect(!value.isNull && value.bool == nil, "\(emitted.debugDescription)")
    if value.scalar?.style == .plain {
      #expect(Self.number(value) == nil, "\(emitted.debugDescription)")
    }
    #expect(back.mapping?.last?.key.scalar?.text == text, "\(emitted.debugDescription)")
    #expect(back.mapping?.last?.value.scalar?.text == "as key")
  }

  @Test func `a parsed file round-trips through the emitter`() throws {
    let source = """
      # matrix
      id: &id zh-pinyin
      os: [17.10, "18.0", '18.1']
      devices:
        - {name: iPhone 16, size: 6.1}
        - name: iPad Air
          tags: !!set {a, b}
      literal: |
        line one
          indented
      folded: >-
        folded
        text
      ref: *id
      empty:
      quoted_null: "null"
      nested: [[1, [2, [3]]], {}]
      """
    let tree = try #require(try YAML.parse(source))
    let emitted = try YAMLEmitter().emit(tree)
    let back = try #require(try YAML.parse(emitted))
    #expect(back.shape == tree.shape)
    #expect(back["id"]?.anchor == "id")
    #expect(back["os"]?.sequence?.map { $0.scalar?.style } == [.plain, .doubleQuoted, .singleQuoted])
    #expect(back["literal"]?.scalar == tree["literal"]?.scalar)
    // Emitting the re-parsed tree again changes nothing: the output is a fixed point.
    #expect(try YAMLEmitter().emit(back) == emitted)
  }

  @Test func `plain scalars stay plain, so numbers and booleans keep their meaning`() throws {
    let tree = try #require(try YAML.parse("count: 17\nflag: true\nversion: 17.10\nnone: ~\n"))
    #expect(try YAMLEmitter().emit(tree) == "count: 17\nflag: true\nversion: 17.10\nnone: ~\n")
  }

  @Test func `tags, anchors and indentation are written as asked`() throws {
    let tree = Node(mapping: [
      ("tagged", Node(.scalar(.init(text: "17", style: .plain)), tag: "!!str", anchor: "t")),
      ("local", Node(.scalar(.init(text: "x", style: .plain)), tag: "!local")),
      ("map", Node(mapping: ["inner": Node(sequence: [Node(int: 1)])])),
    ])
    let text = try YAMLEmitter(indent: 4).emit(tree)
    #expect(
      text == """
        tagged: &t !!str 17
        local: !local x
        map:
            inner:
            - 1

        """
    )
    let back = try #require(try YAML.parse(text))
    #expect(back["tagged"]?.tag == "!!str")
    #expect(back["tagged"]?.anchor == "t")
    #expect(back["local"]?.tag == "!local")
  }

  @Test func `a root scalar and deep trees are written without recursion limits`() throws {
    #expect(try YAMLEmitter().emit(Node(string: "root")) == "root\n")
    var deep = Node(string: "leaf")
    for _ in 0..<499 { deep = Node(sequence: [deep]) }
    let text = try YAMLEmitter().emit(deep)
    let back = try #require(try YAML.parse(text, limits: YAMLLimits(maxDepth: 500)))
    #expect(back.textShape == deep.textShape)
    #expect(try YAMLEmitter().emit(back) == text)
    #expect(throws: YAMLError.self) { try YAML.parse(text) }
  }

  @Test func `an anchor libyaml cannot write is an error, not a crash`() throws {
    let tree = Node(.scalar(.init(text: "x", style: .plain)), anchor: "not valid")
    #expect(throws: YAMLEmitterError(message: "anchor value must contain alphanumerical characters only")) {
      try YAMLEmitter().emit(tree)
    }
    let nul = Node(.scalar(.init(text: "x", style: .plain)), anchor: "a\u{0}b")
    #expect(throws: YAMLEmitterError.self) { try YAMLEmitter().emit(nul) }
  }

  @Test(arguments: [0.8, 1e-05, 1e+20, -0.0, 123_456.789, Double.pi, -2.5, 0])
  func `numbers read back as the same value`(_ value: Double) throws {
    let text = try YAMLEmitter().emit(Node(mapping: ["d": Node(double: value)]))
    let back = try #require(try YAML.parse(text))
    #expect(try Self.number(#require(back["d"]))?.bitPattern == value.bitPattern)
  }

  @Test func `extreme integers and non-finite numbers are written the YAML way`() throws {
    let text = try YAMLEmitter().emit(
      Node(sequence: [
        Node(int: .min), Node(int: .max), Node(double: .infinity), Node(double: -.infinity),
        Node(double: .nan),
      ]))
    #expect(text == "- -9223372036854775808\n- 9223372036854775807\n- .inf\n- -.inf\n- .nan\n")
    let back = try #require(try YAML.parse(text)?.sequence)
    #expect(back[0].integer == .min)
    #expect(back[1].integer == .max)
  }

  @Test func `a line width folds long plain text, which reads back unchanged`() throws {
    let long = (1...30).map { "word\($0)" }.joined(separator: " ")
    let text = try YAMLEmitter(lineWidth: 40).emit(Node(mapping: ["note": Node(string: long)]))
    #expect(text.split(separator: "\n").count > 3)
    #expect(try YAML.parse(text)?["note"]?.scalar?.text == long)
    #expect(try YAMLEmitter().emit(Node(mapping: ["note": Node(string: long)])) == "note: \(long)\n")
  }

  @Test func `emitting is deterministic`() throws {
    let tree = try #require(try YAML.parse("b: 1\na: [x, {z: 2, y: 3}]\n"))
    let first = try YAMLEmitter().emit(tree)
    for _ in 0..<5 { #expect(try YAMLEmitter().emit(tree) == first) }
    #expect(first == "b: 1\na:\n- x\n- z: 2\n  y: 3\n")
  }

  /// The number a node reads as, as the matrix file reads its numbers.
  static func number(_ node: Node) -> Double? {
    var reader = NodeReader(path: "emitted.yaml")
    return reader.number(node, "a value")
  }
}
