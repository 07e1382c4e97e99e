/// Test input with position markers `0️⃣` … `9️⃣` taken out, and the 1-based line and column where each
/// stood, as swift-format's tests mark where a finding should point.
///
/// Columns count Unicode scalars, as qapass's diagnostics do, so CJK text needs no hand counting.
///
/// ```swift
/// let marked = MarkedText("os: [1️⃣26]")
/// marked.text        // "os: [26]"
/// marked.place(1)    // "1:6"
/// ```
public struct MarkedText: Sendable {
  /// The input without markers.
  public let text: String
  private let marks: [Int: (line: Int, column: Int)]

  /// Takes the markers out of `marked`.
  public init(_ marked: String) {
    var text = String.UnicodeScalarView()
    var marks: [Int: (line: Int, column: Int)] = [:]
    var line = 1
    var column = 1
    let scalars = Array(marked.unicodeScalars)
    var i = 0
    while i < scalars.count {
      let scalar = scalars[i]
      if i + 2 < scalars.count, ("0"..."9").contains(scalar), scalars[i + 1] == "\u{FE0F}",
        scalars[i + 2] == "\u{20E3}"
      {
        marks[Int(scalar.value) - 0x30] = (line, column)
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

  /// The line and column of marker `number`, or `nil` when the input has no such marker.
  public func mark(_ number: Int) -> (line: Int, column: Int)? { marks[number] }

  /// `line:column` of marker `number`; `0:0` (never a real place) when the input has no such marker.
  public func place(_ number: Int) -> String {
    mark(number).map { "\($0.line):\($0.column)" } ?? "0:0"
  }
}
