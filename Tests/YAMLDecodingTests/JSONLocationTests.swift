import Foundation
import Testing
import TextFormats
import YAMLDecoding

/// Where a JSON decoding failure points in the file, found with libyaml (JSON is YAML); the decoder's
/// own error is the oracle for what is wrong, the expected places are counted by hand.
struct JSONLocationTests {
  struct Pack: Decodable {
    struct Item: Decodable { var id: String }
    var format: String
    var items: [Item]
  }

  /// The place `JSONProblem` and `YAML.location` give for decoding `text` as a `Pack`.
  func place(_ text: String) -> Mark? {
    do {
      _ = try JSONDecoder().decode(Pack.self, from: Data(text.utf8))
      Issue.record("decoded")
      return nil
    } catch {
      return YAML.location(of: JSONProblem.codingPath(error), in: Array(text.utf8))
    }
  }

  @Test func `a value of the wrong type is found where it starts`() {
    let text = "{\"format\": \"f\",\n \"items\": [\n  {\"id\": \"a\"},\n  {\"id\": 7}]}\n"
    #expect(place(text) == Mark(line: 4, column: 10))
  }

  @Test func `a missing member points at the object that lacks it`() {
    let text = "{\"format\": \"f\",\n \"items\": [{\"id\": \"a\"},\n   {\"name\": \"b\"}]}\n"
    #expect(place(text) == Mark(line: 3, column: 4))
    #expect(place("{\"items\": []}") == Mark(line: 1, column: 1))
  }

  @Test func `text that is not JSON is placed at libyaml's syntax error`() {
    #expect(place("{\"format\": \"f\",\n \"items\": [1,\n") == Mark(line: 3, column: 1))
  }

  @Test func `no place rather than a wrong one when libyaml reads the text otherwise`() {
    // YAML, not JSON: the decoder refuses it, libyaml reads it; there is no syntax error to point at.
    #expect(place("format: f\nitems: []\n") == nil)
    // A coding path into a text libyaml refuses (a duplicate key) gives no place either.
    #expect(YAML.location(of: ["items", "0"], in: Array("{\"a\": 1, \"a\": 2}".utf8)) == nil)
  }

  @Test func `a path that leaves the tree stops at the deepest node on the way`() throws {
    let root = try #require(try YAML.parse("{\"items\": [{\"id\": 1}],\n \"n\": 2}"))
    #expect(root.deepest(along: ["items", "0", "id"]).start == Mark(line: 1, column: 19))
    #expect(root.deepest(along: ["items", "5"]).start == Mark(line: 1, column: 11))
    #expect(root.deepest(along: ["n", "x"]).start == Mark(line: 2, column: 7))
    #expect(root.deepest(along: ["missing"]).start == Mark(line: 1, column: 1))
  }
}
