import Testing

@testable import Diagnostics

struct DiagnosticRendererTests {
  @Test func `renders path line column, the source line and a caret`() {
    let source = "version: 1\nname: Demo\nmatrix:\n  os: [27.x]\n"
    let diagnostic = Diagnostic(
      path: "m.yaml", location: TextPosition(line: 4, column: 9), message: "unknown thing 'x'")
    #expect(
      DiagnosticRenderer().render(diagnostic, source: source) == """
        m.yaml:4:9: error: unknown thing 'x'
        4 |   os: [27.x]
          |         ^

        """)
  }

  @Test func `caret accounts for wide CJK characters and keeps tabs`() {
    let source = "name: 中文\tx\n"
    let d = Diagnostic(path: "f", location: TextPosition(line: 1, column: 10), message: "m")
    let lines = DiagnosticRenderer().render(d, source: source).split(separator: "\n")
    #expect(lines[1] == "1 | name: 中文\tx")
    #expect(lines[2] == "  |       \(String(repeating: " ", count: 4))\t^")
  }

  @Test func `control characters and NUL are escaped in the excerpt`() {
    let source = "name: a\u{0}b\u{1B}c\n"
    let d = Diagnostic(path: "f", location: TextPosition(line: 1, column: 8), message: "m")
    let lines = DiagnosticRenderer().render(d, source: source).split(separator: "\n")
    #expect(lines[1] == "1 | name: a\\u{0}b\\u{1B}c")
  }

  @Test func `notes follow their diagnostic`() {
    let source = "a: 1\na: 2\n"
    let d = Diagnostic(
      path: "f", location: TextPosition(line: 2, column: 1), message: "duplicate key 'a'",
      notes: [
        Diagnostic(
          .note, path: "f", location: TextPosition(line: 1, column: 1), message: "first defined here")
      ])
    #expect(
      DiagnosticRenderer().render(d, source: source) == """
        f:2:1: error: duplicate key 'a'
        2 | a: 2
          | ^
        f:1:1: note: first defined here
        1 | a: 1
          | ^

        """)
  }

  @Test func `no location renders the header alone`() {
    let d = Diagnostic(path: "f", location: nil, message: "cannot be read")
    #expect(DiagnosticRenderer().render(d, source: "x") == "f: error: cannot be read\n")
  }

  @Test func `colour wraps only the severity word`() {
    let d = Diagnostic(path: "f", location: nil, message: "m")
    #expect(DiagnosticRenderer(colored: true).render(d, source: nil) == "f: \u{1B}[1;31merror\u{1B}[0m: m\n")
  }

  /// Issue 32: a message quoting a value, and a path, printed their control characters raw.
  @Test func `control characters in the path and the message are shown as in the excerpt, colour kept`() {
    let d = Diagnostic(
      path: "m\u{1B}]0;x\u{07}.yaml", location: nil, message: "unknown 'a\u{1B}[8mb\u{9B}'\nsecond line")
    #expect(
      DiagnosticRenderer(colored: true).render(d, source: nil)
        == "m\\u{1B}]0;x\\u{7}.yaml: \u{1B}[1;31merror\u{1B}[0m: unknown 'a\\u{1B}[8mb\\u{9B}'\nsecond line\n"
    )
  }

  @Test func `lines split at LF, CRLF and CR`() {
    #expect(SourceText.line(2, in: "a\r\nb\rc\nd") == "b")
    #expect(SourceText.line(3, in: "a\r\nb\rc\nd") == "c")
    #expect(SourceText.line(4, in: "a\r\nb\rc\nd") == "d")
    #expect(SourceText.line(5, in: "a\r\nb\rc\nd") == nil)
    #expect(SourceText.line(0, in: "a") == nil)
  }

  @Test func `scalar offsets map to line and column`() {
    let text = "ab\n中c\r\nd"
    #expect(SourceText.location(ofScalarOffset: 0, in: text) == TextPosition(line: 1, column: 1))
    #expect(SourceText.location(ofScalarOffset: 4, in: text) == TextPosition(line: 2, column: 2))
    #expect(SourceText.location(ofScalarOffset: 7, in: text) == TextPosition(line: 3, column: 1))
  }
}

struct SuggestionTests {
  @Test(
    arguments: [
      ("nmae", ["name", "version", "matrix"], "name"),
      ("zh-pinyn", ["zh-pinyin", "ja-romaji"], "zh-pinyin"),
      ("simulatr", ["device", "simulator"], "simulator"),
      ("ture", ["true", "false"], "true"),
      ("zzzzzz", ["name", "version"], nil),
    ] as [(String, [String], String?)])
  func `suggests close words only`(word: String, candidates: [String], expected: String?) {
    #expect(Suggestion.closest(to: word, among: candidates) == expected)
  }

  @Test func `did-you-mean text and quoted lists are sorted`() {
    #expect(Suggestion.didYouMean("devcie", among: ["os", "device"]) == "; did you mean 'device'?")
    #expect(Suggestion.didYouMean("q", among: ["os"]) == "")
    #expect(["b", "a"].quotedList == "'a', 'b'")
  }
}
