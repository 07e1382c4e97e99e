import Testing
import TextFormats

struct JSONValueTests {
  @Test func `JSON strings escape quotes, backslashes and controls and keep other text`() {
    let value = JSONValue.object([("k\"", .string("a\\b\n\u{01}张"))])
    #expect(value.rendered() == "{\n  \"k\\\"\": \"a\\\\b\\n\\u0001张\"\n}")
    #expect(JSONValue.string("a\"b\\c\n\u{1}中\u{7F}").rendered() == "\"a\\\"b\\\\c\\n\\u0001中\\u007f\"")
    #expect(JSONValue.string("line\u{2028}para\u{2029}").rendered() == "\"line\\u2028para\\u2029\"")
    #expect(JSONValue.string("tab\tcr\r").rendered() == "\"tab\\tcr\\r\"")
  }

  @Test func `objects keep their member order and nest with two-space indentation`() {
    let value = JSONValue.object([("b", .int(1)), ("a", .array([.null, .bool(true)]))])
    #expect(value.rendered() == "{\n  \"b\": 1,\n  \"a\": [\n    null,\n    true\n  ]\n}")
    #expect(value.rendered(trailingNewline: true) == value.rendered() + "\n")
    #expect(JSONValue.object([]).rendered() == "{}")
    #expect(JSONValue.array([]).rendered() == "[]")
  }

  @Test func `literals, optionals and string lists build the expected values`() {
    let value: JSONValue = .array(["x", 3, false, .optional(nil), .optional("y"), .strings(["p", "q"])])
    #expect(
      value.rendered() == "[\n  \"x\",\n  3,\n  false,\n  null,\n  \"y\",\n  [\n    \"p\",\n    \"q\"\n  ]\n]"
    )
  }

  @Test func `array and dictionary literals make arrays and objects whose keys keep the order written`() {
    let value: JSONValue = ["b": [1, "x"], "a": [:], "c": []]
    #expect(
      value == .object([("b", .array([.int(1), .string("x")])), ("a", .object([])), ("c", .array([]))]))
    #expect(value.rendered() == "{\n  \"b\": [\n    1,\n    \"x\"\n  ],\n  \"a\": {},\n  \"c\": []\n}")
  }

  @Test func `equal values render identically and hash alike`() {
    let a = JSONValue.object([("a", 1), ("b", "two")])
    let b = JSONValue.object([("a", .int(1)), ("b", .string("two"))])
    let reordered = JSONValue.object([("b", "two"), ("a", 1)])
    #expect(a == b)
    #expect(a != reordered)
    #expect(Set([a, b, reordered]).count == 2)
  }
}
