import Diagnostics
import Foundation
import MatrixExpansion
import MatrixFormat
import Testing

/// The fixtures in Fixtures/expand: each `NAME.yaml` is a bare GitHub-style matrix and `NAME.jsonl` holds the
/// combinations GitHub Actions produces for it (the documented examples, and edge cases built the same way).
struct ExpansionFixtureTests {
  static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/expand")

  static var names: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
  }

  @Test func `the fixture set is complete`() {
    #expect(Self.names.count >= 9)
  }

  @Test(arguments: ExpansionFixtureTests.names)
  func `expands like GitHub Actions`(name: String) throws {
    let yaml = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent("\(name).yaml")))
    let expected = try String(
      contentsOf: Self.directory.appendingPathComponent("\(name).jsonl"), encoding: .utf8)
    let (document, _) = try MatrixDocument.load(path: "\(name).yaml", bytes: yaml)
    let expansion = try document.matrix.expand()
    let actual = expansion.combinations.map(\.json).joined(separator: "\n") + "\n"
    #expect(actual == expected)
    var streamed = ""
    expansion.writeJSONLines(chunkSize: 64) { streamed += $0 }
    #expect(streamed == expected)
  }
}

/// Expansion semantics, stated directly.
struct ExpansionTests {
  func matrix(_ yaml: String) throws -> Matrix {
    try MatrixDocument.load(path: "m.yaml", bytes: Array(yaml.utf8)).document.matrix
  }

  func rows(_ yaml: String, limit: Int = Matrix.defaultCombinationLimit) throws -> [String] {
    try matrix(yaml).expand(limit: limit).combinations.map(\.json)
  }

  func errors(_ yaml: String, limit: Int = Matrix.defaultCombinationLimit) -> [String] {
    do {
      _ = try matrix(yaml).expand(limit: limit)
      return []
    } catch {
      return (error as? DiagnosticList)?.diagnostics.map(\.description) ?? ["\(error)"]
    }
  }

  @Test func `first dimension is outermost`() throws {
    #expect(
      try rows("a: [1, 2]\nb: [x, y]\n") == [
        #"{"a":1,"b":"x"}"#, #"{"a":1,"b":"y"}"#, #"{"a":2,"b":"x"}"#, #"{"a":2,"b":"y"}"#,
      ])
  }

  @Test func `an include matching no combination is appended, not merged into later ones`() throws {
    let out = try rows("a: [1]\ninclude:\n  - a: 2\n  - a: 2\n    b: 3\n")
    #expect(out == [#"{"a":1}"#, #"{"a":2}"#, #"{"a":2,"b":3}"#])
  }

  @Test func `values differing only by type never match, and say so`() throws {
    let m = try matrix("v: [\"17\"]\nexclude:\n  - v: 17\n")
    let expansion = try m.expand()
    #expect(expansion.combinations.map(\.json) == [#"{"v":"17"}"#])
    #expect(
      expansion.warnings.map(\.description).contains(
        #"m.yaml:3:8: warning: number 17 and string "17" in 'v' differ only by type, so they never match; quote both or neither"#
      ))
  }

  @Test func `empty matrix, empty dimension and unknown exclude keys are errors`() {
    #expect(
      errors("{}\n") == [
        #"m.yaml:1:1: error: the matrix is empty; give at least one dimension (such as 'os: ["27.x"]') or an 'include' entry"#
      ])
    #expect(
      errors("os: []\n") == [
        "m.yaml:1:1: error: dimension 'os' has no values; give at least one or remove it"
      ])
    #expect(
      errors("os: [a]\ndevice: [b]\nexclude:\n  - devcie: b\n") == [
        "m.yaml:4:5: error: 'exclude' key 'devcie' is not a matrix dimension; did you mean 'device'? (dimensions: 'device', 'os')"
      ])
  }

  @Test func `excluding everything is an error`() {
    #expect(
      errors("os: [a]\nexclude:\n  - os: a\n") == [
        "m.yaml:1:1: error: the 'exclude' entries remove every combination; the matrix would be empty"
      ])
  }

  @Test func `the combination limit is enforced before and after exclusion`() {
    #expect(
      errors("a: [1, 2, 3]\nb: [1, 2, 3]\n", limit: 8) == [
        "m.yaml:1:1: error: the matrix expands to 9 combinations, over the limit of 8; split the matrix, exclude more, or raise the limit with --max-combinations"
      ])
    let huge = (1...40).map { "d\($0): [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]" }.joined(separator: "\n")
    #expect(errors(huge).first?.contains("more than \(Int.max) combinations before exclusion") == true)
    #expect(errors("a: [1, 2, 3]\nb: [1, 2, 3]\nexclude:\n  - a: 1\n", limit: 6) == [])
  }

  @Test func `numbers keep their text and JSON stays valid`() throws {
    #expect(MatrixValue.plain("17.10") == .number("17.10"))
    #expect(MatrixValue.plain("017") == .string("017"))
    #expect(MatrixValue.plain("1e3") == .number("1e3"))
    #expect(MatrixValue.plain("-0.5") == .number("-0.5"))
    #expect(MatrixValue.plain(".5") == .string(".5"))
    #expect(MatrixValue.plain("yes") == .string("yes"))
    #expect(MatrixValue.plain("~") == .null)
    #expect("a\"b\\c\n\u{1}中".jsonQuoted == #""a\"b\\c\n\u0001中""#)
  }

  @Test func `objects compare regardless of key order`() {
    let a = MatrixValue.object([MatrixMember("x", .number("1")), MatrixMember("y", .bool(true))])
    let b = MatrixValue.object([MatrixMember("y", .bool(true)), MatrixMember("x", .number("1"))])
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(a.json == #"{"x":1,"y":true}"#)
  }
}
