import QAModel
import Testing

struct OSVersionTests {
  @Test(arguments: [
    ("26.x", [26], true), ("26.X", [26], true), ("26.*", [26], true), ("26.1", [26, 1], false),
    ("18.7.2", [18, 7, 2], false), ("26", [26], false), ("26.4.x", [26, 4], true),
  ])
  func `versions parse into their numeric parts and wildcard`(text: String, parts: [Int], wildcard: Bool)
    throws
  {
    let version = try #require(OSVersion(text))
    #expect(version.parts == parts)
    #expect(version.hasWildcard == wildcard)
    #expect(version.description == text)
  }

  @Test(arguments: ["", "x", "26.", ".1", "26.x.1", "26..1", "1.2.3.4", "26.4beta", "-1", "２６", "26 .1"])
  func `what is not a version does not parse`(text: String) {
    #expect(OSVersion(text) == nil)
  }

  @Test(arguments: [
    ("26.x", "26.x", true), ("26.4", "26.x", true), ("26.4.1", "26.x", true), ("27.1", "27", true),
    ("26.1", "26.1", true), ("26.1.2", "26.1", true), ("26.0", "26.x", true),
    ("2.6", "26.x", false), ("26", "26.x", false), ("26.4beta", "26.x", false), ("18.7", "26.x", false),
    ("26.4", "26.3", false), ("26.1.x", "26.x", false), ("27.0", "26.x", false), ("26", "26.1", false),
    ("beta", "26.x", false), ("beta", "beta", true),
  ])
  func `an observed release counts for its planned version`(observed: String, planned: String, counts: Bool) {
    #expect(OSVersion.observed(observed, isWithin: planned) == counts)
  }

  @Test func `versions order by the releases they stand for`() throws {
    let texts = ["27", "26.1", "18.7.2", "26.x", "26.0", "26.1.1"]
    let sorted = try texts.map { try #require(OSVersion($0)) }.sorted().map(\.text)
    #expect(sorted == ["18.7.2", "26.0", "26.x", "26.1", "26.1.1", "27"])
  }

  @Test func `a wildcard overlaps the bounds that hold one of its releases`() throws {
    let planned = try #require(OSVersion("26.x"))
    #expect(planned.overlaps(min: OSVersion("26.4"), max: nil))
    #expect(!planned.overlaps(min: OSVersion("27.0"), max: nil))
    #expect(!planned.overlaps(min: nil, max: OSVersion("18.7")))
  }
}
