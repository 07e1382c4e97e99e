import InputMethods
import Testing

@testable import ScenarioEngine

/// Manual steps speak each keyboard's own terms (issue 13, part 2). The expected syllables, jamo and
/// bopomofo are written here from Hangul and Zhuyin spelling, not read back from qapass.
struct KeyboardWordingTests {
  static func manual(_ plan: Plan, method: String) -> [PlanItem] {
    plan.items.filter { $0.kind == .manual && $0.configuration.inputMethod?.rawValue == method }
  }

  static func texts(_ item: PlanItem) -> [String] { item.steps + item.expected }

  @Test(.needsEngines)
  func `Korean steps name the syllables and jamo and never mention candidates or marked text`() throws {
    let plan = try Fixtures.defaultPlan.get()
    let korean = Self.manual(plan, method: "ko-2set")
    #expect(!korean.isEmpty)
    let m1 = try #require(korean.first { $0.scenario == "m1" })
    #expect(m1.steps.contains { $0.contains("박 (ㅂ ㅏ ㄱ), 서 (ㅅ ㅓ), 연 (ㅇ ㅕ ㄴ)") })
    for item in korean {
      for line in Self.texts(item) {
        #expect(!line.contains("choose a candidate") && !line.contains("Choose a candidate"), "\(line)")
        #expect(!line.contains("underlined") && !line.contains("being composed"), "\(line)")
        #expect(!line.contains("qkrtjdus") && !line.contains("keys q"), "\(line)")
      }
    }
    let m3 = try #require(korean.first { $0.scenario == "m3" })
    #expect(m3.steps.contains("Type only ㅂ, so that the last syllable is unfinished, and press Return."))
    #expect(m3.expected.first == "The form is not submitted with the unfinished syllable ㅂ.")
  }

  @Test func `the 김진우 recipe reads 김 진 우 with its jamo, and 김ㅈ is the first unfinished text`() throws {
    let trace = try InputMethodEngines.engine(named: "hangul:2").trace(.parse("rlawlsdn"))
    var symbols: [String: String] = [:]
    for (key, jamo) in zip("rlawlsdn", "ㄱㅣㅁㅈㅣㄴㅇㅜ") { symbols[String(key)] = String(jamo) }
    let syllables = KeyboardWording.syllables(trace, symbols: symbols)
    #expect(syllables.map(\.syllable) == ["김", "진", "우"])
    #expect(syllables.map { $0.jamo.joined() } == ["ㄱㅣㅁ", "ㅈㅣㄴ", "ㅇㅜ"])
    let incomplete = KeyboardWording.firstIncompleteText(trace) {
      $0.last.map { "ㄱㅇㅈ".contains($0) } ?? false
    }
    #expect(incomplete == "김ㅈ")
  }

  @Test(.needsEngines) func `Zhuyin steps show bopomofo and the candidates chosen, never the recipe's keys`()
    throws
  {
    let plan = try Plan.make(file: Fixtures.loadMatrix(FieldScopeTests.newUser))
    let zhuyin = Self.manual(plan, method: "zh-zhuyin")
    let m2 = try #require(zhuyin.first { $0.scenario == "m2" })
    #expect(
      m2.steps[1].hasPrefix(
        "Tap ㄓ ㄤ then space (first tone) and choose 張 in the candidate bar, then tap ㄨ ㄟ ˇ and choose 偉 in the "
          + "candidate bar."))
    for line in zhuyin.flatMap(Self.texts) {
      #expect(!line.contains("\";\"") && !line.contains("5;"), "\(line)")
    }
  }

  @Test func `10-key steps give the kana and how to enter a voiced one`() throws {
    let plan = try Plan.make(file: Fixtures.loadMatrix(FieldScopeTests.newUser))
    let m1 = try #require(Self.manual(plan, method: "ja-10key").first { $0.scenario == "m1" })
    #expect(m1.steps[1].hasPrefix("Enter や ま だ slowly on the kana pad"))
    #expect(m1.steps[1].contains("だ is た, then the ゛゜ key"))
  }

  @Test func `without an engine the steps fall back to the recipe's letters and the plan says why`() throws {
    let plan = try Plan.make(file: Fixtures.loadMatrix()) { name throws(EngineError) in
      throw .engineFailure(name, reason: "not installed here")
    }
    let m1 = try #require(Self.manual(plan, method: "ko-2set").first { $0.scenario == "m1" })
    #expect(
      m1.steps[1].hasPrefix("Type 박서연 slowly, the letters q k r t j d u s; do not press space or Return."))
    #expect(plan.notes.contains { $0.hasPrefix("input method 'ko-2set': its steps show the recipe's keys") })
  }
}
