/// Helpers for finding lines and columns in source text.
package enum SourceText {
  /// The text of 1-based line `number` without its line break, or `nil` past the end.
  ///
  /// Lines end at `\n`, `\r\n` or a lone `\r`, as YAML defines line breaks.
  package static func line(_ number: Int, in source: String) -> Substring? {
    guard number >= 1 else { return nil }
    var current = 1
    var start = source.unicodeScalars.startIndex
    var index = start
    let scalars = source.unicodeScalars
    while index < scalars.endIndex {
      let s = scalars[index]
      if s == "\n" || s == "\r" {
        if current == number { return Substring(scalars[start..<index]) }
        var next = scalars.index(after: index)
        if s == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
        current += 1
        start = next
        index = next
        continue
      }
      index = scalars.index(after: index)
    }
    return current == number ? Substring(scalars[start..<scalars.endIndex]) : nil
  }

  /// The location of the `offset`-th Unicode scalar (0-based) in `source`.
  package static func location(ofScalarOffset offset: Int, in source: String) -> TextPosition {
    var line = 1
    var column = 1
    var previousWasCR = false
    for (i, s) in source.unicodeScalars.enumerated() {
      if i == offset { break }
      if s == "\n" {
        if !previousWasCR { line += 1 }
        column = 1
        previousWasCR = false
      } else if s == "\r" {
        line += 1
        column = 1
        previousWasCR = true
      } else {
        column += 1
        previousWasCR = false
      }
    }
    return TextPosition(line: line, column: column)
  }
}
