import Foundation
import Testing

@testable import QAPassCLI

/// A pack number out of range is said with its place (issue 32, finding 8): Foundation's reader calls
/// the whole file "not valid JSON".
struct PackNumberTests {
  @Test func `a pack number beyond Int is refused at its place, not as 'not valid JSON'`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    let pack = try String(
      contentsOf: repositoryRoot.appendingPathComponent(
        "examples/SignUpCore/Tests/SignUpCoreTests/Resources/default.pack.json"), encoding: .utf8)
    let range = try #require(pack.range(of: #""settleMilliseconds":1000"#))
    let edited = pack.replacingCharacters(in: range, with: #""settleMilliseconds":99999999999999999999"#)
    try ws.write(edited, to: "p.json")
    let line = pack[..<range.lowerBound].count { $0 == "\n" } + 1
    let lineStart =
      pack[..<range.lowerBound].lastIndex(of: "\n").map { pack.index(after: $0) } ?? pack.startIndex
    let column = pack.unicodeScalars[lineStart..<range.lowerBound].count + #""settleMilliseconds":"#.count + 1
    let run = ws.run("run", "matrices/default.yaml", "--pack", "p.json")
    #expect(run.code == .dataError)
    #expect(
      run.err.hasPrefix(
        "p.json:\(line):\(column): error: not a scenario pack: the number 99999999999999999999 is out of range; "
          + "whole numbers go from -9223372036854775808 to 9223372036854775807\n"), "\(run.err.prefix(300))")
  }
}
