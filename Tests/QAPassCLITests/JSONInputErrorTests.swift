import Effects
import Testing

/// A JSON input qapass reads (a scenario pack here) that does not decode is reported at the value at
/// fault, with its line and a caret, and exit 65; the place is counted by hand.
struct JSONInputErrorTests {
  static func run(_ pack: String) -> ToolRun {
    let files = InMemoryFileSystem(["/w": .folder, "/w/p.json": .file(Array(pack.utf8))])
    return qapass(["run", "--pack", "p.json"], in: "/w", environment: [:], files: files)
  }

  @Test func `a value of the wrong type is shown where it is`() {
    let result = Self.run("{\"fingerprint\": \"sha256:0\",\n  \"format\": 3}\n")
    #expect(result.code == .dataError)
    #expect(
      result.err
        == "p.json:2:13: error: not a scenario pack: 'format' is not a string\n2 |   \"format\": 3}\n  |             ^\n"
    )
  }

  @Test func `a file cut short is shown where libyaml stops reading it`() {
    let result = Self.run("{\"format\": \"qapass-scenarios/1\",\n \"items\": [\n")
    #expect(result.code == .dataError)
    #expect(result.err.hasPrefix("p.json:3:1: error: not a scenario pack: the text is not valid JSON\n"))
  }
}
