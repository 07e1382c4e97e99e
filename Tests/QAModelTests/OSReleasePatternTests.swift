import Foundation
import QAModel
import Testing

/// The exact-OS check of the HTML checklist (issue 22, point 4): its pattern accepts exactly the concrete
/// releases `OSVersion.isRelease(_:of:)` accepts (the rule of `record`, its walk and the served API,
/// issue 34), over every text of 0, 1, 2, 6 and dots up to six characters and the texts below.
struct OSReleasePatternTests {
  /// Every string of `alphabet` up to `length` characters.
  static func texts(_ alphabet: [Character], upTo length: Int) -> [String] {
    var all: [String] = [""]
    var level: [String] = [""]
    for _ in 0..<length {
      level = level.flatMap { prefix in alphabet.map { prefix + String($0) } }
      all += level
    }
    return all
  }

  /// Texts the alphabet leaves out: wildcards, words, signs `Int` would read (`+4`, `-0`), parts of
  /// more digits than an `Int` holds, digits that are not ASCII.
  static let unusual = [
    "26.x", "26.1.x", "26 beta", "26.4.1 ", "26.+4", "26.-0", "+26.4", "26.4.+1", "26.1.-0",
    "26.123456789012345678", "26.1234567890123456789", "26.0000000000000000001234", "26.99999999999999999999",
    "26.1.123456789012345678", "26.1.1234567890123456789", "26.٤", "２６.4", "26,4",
  ]

  static let texts = texts(["0", "1", "2", "6", "."], upTo: 6) + unusual

  @Test(arguments: ["26.x", "26", "26.1", "26.1.2", "2.x", "26.0", "26 beta"])
  func `the pattern admits exactly the concrete releases ingest counts`(planned: String) throws {
    let pattern = try NSRegularExpression(pattern: OSVersion.releasePattern(for: planned))
    var admitted = 0
    for text in Self.texts {
      let range = NSRange(text.startIndex..., in: text)
      let matches = pattern.firstMatch(in: text, range: range) != nil
      let counts = OSVersion.isRelease(text, of: planned)
      #expect(counts == (OSVersion.observed(text, isWithin: planned) && OSVersion(text)?.hasWildcard != true))
      #expect(matches == counts, "'\(text)' for \(planned)")
      if counts { admitted += 1 }
    }
    // Not vacuous: every planned version admits some of the texts, and refuses its wildcard.
    #expect(admitted > 0)
  }

  @Test func `a wildcard is never an exact release, and a text that is no version admits itself`() throws {
    for (planned, text, matches) in [
      ("26.x", "26.x", false), ("26.x", "26.4.1", true), ("26.x", "27.1", false),
      ("26 beta", "26 beta", true),
      ("26 beta", "26 betas", false), ("26.x", "26", false),
    ] {
      let pattern = try NSRegularExpression(pattern: OSVersion.releasePattern(for: planned))
      let found = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
      #expect(found == matches, "'\(text)' for \(planned)")
    }
  }
}

/// The one rule for the OS a tester records (issue 34): which planned OS needs the release given, and
/// the example every message shows.
struct ExactReleaseTests {
  @Test(arguments: [
    ("26.4.1", "26.x", true), ("26.1", "26.x", true), ("26.0", "26.x", true), ("26.x", "26.x", false),
    ("27.0", "26.x", false), ("26", "26.x", false), ("26.1", "26.1", true), ("26.1.2", "26.1", true),
    ("26.2", "26.1", false), ("26.+4", "26.x", false), ("26.-0", "26.x", false), ("", "26.x", false),
  ])
  func `a release of the planned OS is recorded, a series or another release is not`(
    text: String, planned: String, accepted: Bool
  ) {
    #expect(OSVersion.isRelease(text, of: planned) == accepted)
  }

  @Test func `a series needs the release given; one release does not`() {
    #expect(!OSVersion.isExact("26.x"))
    #expect(!OSVersion.isExact("18.x"))
    #expect(OSVersion.isExact("26.1"))
    #expect(OSVersion.isExact("26.1.2"))
    #expect(OSVersion.isExact("26"), "a major alone is a release as written, as the page takes it")
  }

  @Test(arguments: ["26.x", "18.x", "26", "26.1", "26.1.2", "26 beta"])
  func `the example release is a release of the planned OS`(planned: String) {
    #expect(OSVersion.isRelease(OSVersion.exampleRelease(of: planned), of: planned))
  }

  @Test func `the example of a series is the page's placeholder`() {
    #expect(OSVersion.exampleRelease(of: "26.x") == "26.4.1")
  }
}
