import Foundation
import QAModel
import Testing

/// The exact-OS check of the HTML checklist (issue 22, point 4): its pattern accepts exactly the concrete
/// releases ingest counts for the planned OS, checked against `OSVersion.observed(_:isWithin:)` over
/// every text of 0, 1, 2, 6 and dots up to six characters.
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

  static let texts = texts(["0", "1", "2", "6", "."], upTo: 6) + ["26.x", "26.1.x", "26 beta", "26.4.1 "]

  @Test(arguments: ["26.x", "26", "26.1", "26.1.2", "2.x", "26.0", "26 beta"])
  func `the pattern admits exactly the concrete releases ingest counts`(planned: String) throws {
    let pattern = try NSRegularExpression(pattern: OSVersion.releasePattern(for: planned))
    var admitted = 0
    for text in Self.texts {
      let range = NSRange(text.startIndex..., in: text)
      let matches = pattern.firstMatch(in: text, range: range) != nil
      let counts = OSVersion.observed(text, isWithin: planned) && OSVersion(text)?.hasWildcard != true
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
