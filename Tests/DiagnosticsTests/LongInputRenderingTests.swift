import Testing

@testable import Diagnostics

/// Regression tests from issue "Hardening" (bench/hostile/run.sh): a caret at column 10,485,767 of a
/// 10 MB line was padded with ten million spaces, and rendering 20,000 errors of a 490 KB file searched
/// the file from the top for each one (110 s).
struct LongInputRenderingTests {
  @Test func `a caret far along a long line shows a window around it, not the whole line`() throws {
    let source = "os: [" + String(repeating: "a", count: 1_000_000) + "]]\n"
    let d = Diagnostic(path: "f", location: TextPosition(line: 1, column: 1_000_007), message: "m")
    let rendered = DiagnosticRenderer().render(d, source: source)
    let lines = rendered.split(separator: "\n")
    try #require(lines.count == 3)
    #expect(lines[1] == "1 | …" + String(repeating: "a", count: 99) + "]]")
    #expect(lines[2] == "  | " + String(repeating: " ", count: 101) + "^")
    #expect(rendered.utf8.count < 400)
  }

  @Test func `a window in the middle of a long line is clipped on both sides`() {
    let source = String(repeating: "x", count: 1000) + "中" + String(repeating: "y", count: 1000)
    let d = Diagnostic(path: "f", location: TextPosition(line: 1, column: 1001), message: "m")
    let lines = DiagnosticRenderer().render(d, source: source).split(separator: "\n")
    #expect(
      lines[1] == "1 | …" + String(repeating: "x", count: 100) + "中" + String(repeating: "y", count: 99) + "…"
    )
    #expect(lines[2] == "  | " + String(repeating: " ", count: 101) + "^")
  }

  @Test func `a column far past the end of a short line pads a bounded caret`() {
    let d = Diagnostic(path: "f", location: TextPosition(line: 1, column: 5_000_000), message: "m")
    let lines = DiagnosticRenderer().render(d, source: "ab\n").split(separator: "\n")
    #expect(lines[1] == "1 | ab")
    #expect(lines[2] == "  |   " + String(repeating: " ", count: DiagnosticRenderer.maxExcerptScalars) + "^")
  }

  @Test func `rendering a batch equals rendering each diagnostic alone`() {
    let source = "a: 1\r\nb: [x,\ty]\rc: 中文\n\nlast"
    let locations = [
      (1, 1), (2, 8), (3, 4), (2, 1), (5, 5), (4, 1), (9, 1), (1, 1), (3, 6),
    ]
    let diagnostics = locations.map { line, column in
      Diagnostic(
        path: "f", location: TextPosition(line: line, column: column), message: "at \(line):\(column)",
        notes: [Diagnostic(.note, path: "f", location: TextPosition(line: 1, column: 2), message: "n")])
    }
    let renderer = DiagnosticRenderer()
    let batch = renderer.render(diagnostics) { $0 == "f" ? source : nil }
    #expect(batch == diagnostics.map { renderer.render($0, source: source) }.joined())
    #expect(batch.contains("5 | last\n  |     ^\n"))
    #expect(batch.contains("f:9:1: error: at 9:1\nf:1:2: note: n\n"))
  }

  @Test func `twenty thousand errors in one file render in order, each with its line`() {
    let count = 20_000
    let source = (0..<count).map { "  - {id: d\($0), nam: x}\n" }.joined()
    let diagnostics = (0..<count).reversed().map {
      Diagnostic(path: "m.yaml", location: TextPosition(line: $0 + 1, column: 5), message: "e\($0)")
    }
    let rendered = DiagnosticRenderer().render(diagnostics) { _ in source }
    let lines = rendered.split(separator: "\n")
    #expect(lines.count == 3 * count)
    #expect(lines[0] == "m.yaml:20000:5: error: e19999")
    #expect(lines[1] == "20000 |   - {id: d19999, nam: x}")
    #expect(lines[3 * count - 2] == "1 |   - {id: d0, nam: x}")
  }

  @Test func `paths without a source render headers only`() {
    let d = Diagnostic(path: "g", location: TextPosition(line: 1, column: 1), message: "m")
    #expect(DiagnosticRenderer().render([d]) { _ in nil } == "g:1:1: error: m\n")
  }
}
