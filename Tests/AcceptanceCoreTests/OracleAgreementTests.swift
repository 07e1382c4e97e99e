import Oracle
import Testing

@testable import AcceptanceCore

/// The core's rules against the computed oracle, which shares no code or table with them: every
/// scalar of planes 0 to 3 and the variation selectors, alone and in the place each definition treats
/// differently (after a blank, between two ideographs, after a kanji, after a syllable, inside an
/// address). A disagreement is a bug in one of the two, settled from the definitions (DOMAIN 8).
///
/// Settled so far (issue 21), both from the definitions against the core: the Korean rule took HANGUL
/// FILLER U+3164 and the unassigned code points of the jamo blocks (A97D–A97F, D7C7–D7CA, D7FC–D7FF)
/// for jamo, calling a name ending in one incomplete (they are not jamo: now invalid); `required` read
/// only each character's first scalar, so a space carrying a combining accent was blank (it is visible:
/// now valid).
struct OracleAgreementTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var rule: BuiltInRule
    var core: any ValidationRule
    var contexts: [(before: String, after: String)]
    var scalars: [ClosedRange<UInt32>] = [0...0x3FFFF, 0xE0000...0xE01EF]
    var testDescription: String { rule.rawValue }
  }

  static let cases = [
    // White_Space, jamo and syllables all live in the BMP; ideographs in planes 2 and 3 too.
    Case(rule: .required, core: RequiredRule(), contexts: [("", ""), (" ", "")], scalars: [0...0xFFFF]),
    Case(rule: .hanName, core: HanNameRule(), contexts: [("", ""), ("山", "田")]),
    Case(rule: .japaneseName, core: JapaneseNameRule(), contexts: [("", ""), ("山", "")]),
    Case(rule: .koreanName, core: KoreanNameRule(), contexts: [("", ""), ("김", "")], scalars: [0...0x1FFFF]),
    // Anything outside ASCII is invalid in both at any place; ASCII and its neighbours in three places.
    Case(
      rule: .email, core: EmailRule(), contexts: [("", ""), ("a@b", ".cd"), ("", "a@b.cd"), ("a", "@b.cd")],
      scalars: [0...0x2FF, 0xFF00...0xFF5F]),
  ]

  static func verdict(_ rule: any ValidationRule, _ text: String) -> Verdict {
    switch rule.evaluate(text) {
    case .valid: .valid
    case .invalid: .invalid
    case .incomplete: .incomplete
    }
  }

  @Test(arguments: cases) func `the core and the oracle agree on every scalar`(_ c: Case) throws {
    var disagreements: [String] = []
    for range in c.scalars {
      for value in range {
        guard let scalar = Unicode.Scalar(value) else { continue }
        for (before, after) in c.contexts {
          let text = before + String(scalar) + after
          let oracle = try c.rule.verdict(of: text)
          let core = Self.verdict(c.core, text)
          if oracle != core {
            disagreements.append(
              "\(before)U+\(String(value, radix: 16, uppercase: true))\(after): oracle \(oracle), core \(core)"
            )
          }
        }
      }
    }
    #expect(disagreements.prefix(10) == [], "\(disagreements.count) disagreements")
  }

  @Test func `the comparison finds a planted difference (negative control)`() throws {
    // A Korean rule that takes the whole compatibility jamo block, filler included.
    struct BlockRange: ValidationRule {
      func evaluate(_ text: String) -> RuleVerdict {
        text.unicodeScalars.last.map { (0x3131...0x318E).contains($0.value) } == true
          ? .incomplete(.koreanNameIncomplete) : KoreanNameRule().evaluate(text)
      }
    }
    #expect(try BuiltInRule.koreanName.verdict(of: "김\u{3164}") != Self.verdict(BlockRange(), "김\u{3164}"))
  }
}
