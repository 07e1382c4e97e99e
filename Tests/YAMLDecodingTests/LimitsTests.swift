import Testing
import YAMLDecoding

struct LimitsTests {
  @Test func `100,000 nested flow sequences stop at the first level past maxDepth`() {
    let text = String(repeating: "[", count: 100_000)
    #expect(throws: YAMLError.limitExceeded(limit: "maxDepth", value: 64, at: Mark(line: 1, column: 65))) {
      try YAML.parse(text)
    }
  }

  @Test func `deeply nested block sequences and flow mappings are refused too`() {
    let block = String(repeating: "- ", count: 10_000) + "x\n"
    #expect(throws: YAMLError.limitExceeded(limit: "maxDepth", value: 64, at: Mark(line: 1, column: 129))) {
      try YAML.parse(block)
    }
    let flow = String(repeating: "{a: ", count: 10_000)
    #expect(throws: YAMLError.limitExceeded(limit: "maxDepth", value: 64, at: Mark(line: 1, column: 257))) {
      try YAML.parse(flow)
    }
  }

  @Test func `the limit message names the limit`() {
    let error = YAMLError.limitExceeded(limit: "maxDepth", value: 64, at: Mark(line: 1, column: 65))
    #expect(error.message == "nesting depth exceeds the limit of 64 (YAMLLimits.maxDepth)")
    #expect(
      YAMLError.limitExceeded(limit: "maxAliases", value: 3, at: error.location).message
        == "alias count exceeds the limit of 3 (YAMLLimits.maxAliases)")
    #expect(
      YAMLError.limitExceeded(limit: "maxInputBytes", value: 8, at: error.location).message
        == "input size exceeds the limit of 8 bytes (YAMLLimits.maxInputBytes)")
  }

  @Test func `nesting exactly at maxDepth is accepted`() throws {
    let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    var depth = 0
    var node = try #require(try YAML.parse(text))
    while let first = node.sequence {
      depth += 1
      guard let next = first.first else { break }
      node = next
    }
    #expect(depth == 64)
  }

  @Test func `a smaller maxDepth triggers at its level`() {
    let limits = YAMLLimits(maxDepth: 2)
    #expect(throws: YAMLError.limitExceeded(limit: "maxDepth", value: 2, at: Mark(line: 1, column: 5))) {
      try YAML.parse("a: [[x]]", limits: limits)
    }
    #expect(throws: Never.self) { try YAML.parse("a: [x]", limits: limits) }
  }

  @Test func `an alias cannot smuggle nesting past maxDepth`() {
    let limits = YAMLLimits(maxDepth: 3)
    // `*a` is two levels deep; inside a mapping and a sequence that makes four.
    #expect(throws: YAMLError.limitExceeded(limit: "maxDepth", value: 3, at: Mark(line: 2, column: 5))) {
      try YAML.parse("a: &a [[x]]\nb: [*a]\n", limits: limits)
    }
    #expect(throws: Never.self) { try YAML.parse("a: &a [[x]]\nb: *a\n", limits: limits) }
  }

  @Test func `the alias bomb is refused by maxAliasExpansion, maxNodes or maxAliases`() {
    let bomb = Fixtures.bytes("alias-bomb.yaml")
    #expect(
      throws: YAMLError.limitExceeded(
        limit: "maxAliasExpansion", value: 100_000, at: Mark(line: 6, column: 8))
    ) {
      try YAML.parse(bomb)
    }
    // A bomb a little under the alias-expansion limit used to cost seconds and 500 MB below maxNodes;
    // with a generous expansion limit, maxNodes still stops the full one.
    #expect(
      throws: YAMLError.limitExceeded(limit: "maxNodes", value: 10_000_000, at: Mark(line: 8, column: 8))
    ) {
      try YAML.parse(bomb, limits: YAMLLimits(maxAliasExpansion: .max))
    }
    #expect(throws: YAMLError.limitExceeded(limit: "maxAliases", value: 5, at: Mark(line: 2, column: 28))) {
      try YAML.parse(bomb, limits: YAMLLimits(maxAliases: 5))
    }
  }

  @Test func `maxNodes counts every node and every alias expansion`() {
    #expect(throws: YAMLError.limitExceeded(limit: "maxNodes", value: 3, at: Mark(line: 1, column: 8))) {
      try YAML.parse("[a, b, c]", limits: YAMLLimits(maxNodes: 3))
    }
    #expect(throws: Never.self) { try YAML.parse("[a, b]", limits: YAMLLimits(maxNodes: 3)) }
    // `&x [a, b]` is 3 nodes; the sequence, `x` and the alias copy make 1 + 3 + 3 = 7.
    #expect(throws: YAMLError.limitExceeded(limit: "maxNodes", value: 6, at: Mark(line: 1, column: 13))) {
      try YAML.parse("[&x [a, b], *x]", limits: YAMLLimits(maxNodes: 6))
    }
    #expect(throws: Never.self) { try YAML.parse("[&x [a, b], *x]", limits: YAMLLimits(maxNodes: 7)) }
  }

  @Test func `the default maxAliases refuses the 10,001st alias`() {
    let text = "- &a x\n" + String(repeating: "- *a\n", count: 10_001)
    #expect(
      throws: YAMLError.limitExceeded(limit: "maxAliases", value: 10_000, at: Mark(line: 10_002, column: 3))
    ) {
      try YAML.parse(text)
    }
  }

  @Test func `input larger than maxInputBytes is refused before parsing`() {
    let limits = YAMLLimits(maxInputBytes: 8)
    // Nine bytes of broken YAML: the size is checked first.
    #expect(throws: YAMLError.limitExceeded(limit: "maxInputBytes", value: 8, at: Mark(line: 1, column: 1))) {
      try YAML.parse("a: [1, 2,", limits: limits)
    }
    #expect(throws: YAMLError.limitExceeded(limit: "maxInputBytes", value: 8, at: Mark(line: 1, column: 1))) {
      try YAML.parse(Array("[[[[[[[[[".utf8), limits: limits)
    }
    #expect(throws: Never.self) { try YAML.parse("a: 12345", limits: limits) }
  }

  @Test func `default limits are the documented ones`() {
    #expect(
      YAMLLimits.default
        == YAMLLimits(maxDepth: 64, maxAliases: 10_000, maxNodes: 10_000_000, maxInputBytes: 64 << 20))
  }
}
