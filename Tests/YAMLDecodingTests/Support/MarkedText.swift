import YAMLDecoding

/// Test input with position markers `1️⃣` … `9️⃣` taken out, and the 1-based marks where they stood
/// (swift-format's tests mark findings the same way).
///
/// Columns count Unicode scalars, like ``Mark``, so CJK text needs no hand counting.
struct MarkedText {
  /// The input without markers.
  let text: String
  private let marks: [Int: Mark]

  init(_ marked: String) {
    var text = String.UnicodeScalarView()
    var marks: [Int: Mark] = [:]
    var line = 1
    var column = 1
    let scalars = Array(marked.unicodeScalars)
    var i = 0
    while i < scalars.count {
      let scalar = scalars[i]
      if i + 2 < scalars.count, ("0"..."9").contains(scalar), scalars[i + 1] == "\u{FE0F}",
        scalars[i + 2] == "\u{20E3}"
      {
        marks[Int(scalar.value) - 0x30] = Mark(line: line, column: column)
        i += 3
        continue
      }
      text.append(scalar)
      if scalar == "\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
      i += 1
    }
    self.text = String(text)
    self.marks = marks
  }

  /// The mark where marker `number` stood; `0:0` (never a real mark) if the input has no such marker.
  subscript(number: Int) -> Mark {
    marks[number] ?? Mark(line: 0, column: 0)
  }
}
