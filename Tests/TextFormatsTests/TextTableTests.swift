import Testing
import TextFormats

struct TextTableTests {
  /// A stand-in for Diagnostics' `displayWidth`: CJK ideographs count two columns.
  static func width(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + ((0x4E00...0x9FFF).contains($1.value) ? 2 : 1) }
  }

  @Test func `columns are aligned by the given width and separated by two spaces`() {
    #expect(TextTable.render([["中", "x"], ["ab", "y"]], width: Self.width) == "中  x\nab  y\n")
    #expect(TextTable.render([["中", "x"], ["ab", "y"]], width: \.count) == "中   x\nab  y\n")
    #expect(
      TextTable.render([["id", "title"], ["c1", "No false error"]], width: \.count)
        == "id  title\nc1  No false error\n")
  }

  @Test func `the last cell is never padded and trailing spaces are trimmed`() {
    #expect(
      TextTable.render([["a", "b", "c"], ["long", ""], ["x"]], width: \.count) == "a     b  c\nlong\nx\n")
    #expect(TextTable.render([], width: \.count) == "")
  }

  @Test func `line breaks in cells never break a row`() {
    #expect(TextTable.render([["a\nb", "c"]], width: \.count) == "a b  c\n")
    #expect(TextTable.render([["x", "one\r\ntwo"]], width: \.count) == "x  one two\n")
  }
}
