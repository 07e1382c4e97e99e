import Testing

@testable import TextFormats

/// Where ``JSONProblem/syntaxProblem(in:)`` places a number out of range: lines and columns as
/// diagnostics count them, so the caret lands on the number (the fuzz smoke found places outside the
/// input: line breaks after an unterminated string skipped, `\r` not counted, columns in bytes).
struct JSONSyntaxProblemTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var line: Int
    var column: Int
    var testDescription: String { name }
  }

  static let number = "99999999999999999999"

  @Test(arguments: [
    Case(name: "on the first line", text: "{\"a\": \(number)}", line: 1, column: 7),
    Case(name: "after \\n", text: "{\n  \"a\": \(number)}", line: 2, column: 8),
    Case(name: "after \\r\\n", text: "{\r\n  \"a\": \(number)}", line: 2, column: 8),
    Case(name: "after a lone \\r", text: "{\r  \"a\": \(number)}", line: 2, column: 8),
    Case(name: "after an unterminated string", text: "{\"a\": \"open\n\n  \(number)}", line: 3, column: 3),
    Case(name: "after an escaped break in a string", text: "[\"a\\\n\(number)]", line: 2, column: 1),
    Case(name: "after non-ASCII text", text: "{\"한별\": \(number)}", line: 1, column: 8),
  ])
  func `a number out of range is placed on its line and column`(_ c: Case) throws {
    let problem = try #require(JSONProblem.syntaxProblem(in: Array(c.text.utf8)))
    #expect(problem.line == c.line)
    #expect(problem.column == c.column)
  }

  @Test func `a column counts bad bytes as the diagnostics decode them`() throws {
    let bytes: [UInt8] = Array("[\"".utf8) + [0xFF, 0xFF] + Array("\", \(Self.number)]".utf8)
    let problem = try #require(JSONProblem.syntaxProblem(in: bytes))
    #expect(problem.line == 1)
    #expect(problem.column == 8)
  }
}
