import TestSupport
import YAMLDecoding

/// Test input with position markers `0️⃣` … `9️⃣` taken out (TestSupport's `MarkedText`), with the marks
/// as YAMLDecoding's 1-based ``Mark``.
struct MarkedText {
  private let marked: TestSupport.MarkedText

  /// The input without markers.
  var text: String { marked.text }

  init(_ marked: String) {
    self.marked = TestSupport.MarkedText(marked)
  }

  /// The mark where marker `number` stood; `0:0` (never a real mark) if the input has no such marker.
  subscript(number: Int) -> Mark {
    marked.mark(number).map { Mark(line: $0.line, column: $0.column) } ?? Mark(line: 0, column: 0)
  }
}
