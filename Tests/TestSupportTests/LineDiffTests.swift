import TestSupport
import Testing

struct LineDiffTests {
  @Test func `a changed line shows as one removal and one addition with its line number`() {
    #expect(lineDiff("a\nb\nc", "a\nB\nc") == "- b  (line 2)\n+ B  (line 2)")
  }

  @Test func `an inserted or deleted line is aligned, not a cascade of changes`() {
    #expect(lineDiff("a\nb\nc\nd", "a\nx\nb\nc\nd") == "+ x  (line 2)")
    #expect(lineDiff("a\nb\nc\nd", "a\nc\nd") == "- b  (line 2)")
    #expect(lineDiff("1\n2\n3\n4\n5", "1\n3\n4\nnew\n5") == "- 2  (line 2)\n+ new  (line 4)")
  }

  @Test func `equal texts have no diff and a missing final newline shows`() {
    #expect(lineDiff("same\n", "same\n") == "")
    #expect(lineDiff("end\n", "end") == "-   (line 2)")
  }

  @Test func `long diffs are cut at the limit with a count of the rest`() {
    let expected = (1...50).map(String.init).joined(separator: "\n")
    let actual = (1...50).map { "x\($0)" }.joined(separator: "\n")
    let lines = lineDiff(expected, actual, limit: 10).split(separator: "\n")
    #expect(lines.count == 11)
    #expect(lines.last == "… (90 more lines)")
  }
}
