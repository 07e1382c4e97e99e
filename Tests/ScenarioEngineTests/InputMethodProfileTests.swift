import InputMethods
import Testing

@testable import ScenarioEngine

struct InputMethodProfileTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var keyboard: String
    var presentation: InputMethodProfile.Presentation
    var content: InputMethodProfile.MarkedTextContent
    var returnReachesApp: Bool
    var warns: Bool
    var testDescription: String { keyboard }
  }

  static let cases: [Case] = [
    Case(
      keyboard: "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic", presentation: .markedText,
      content: .typedKeys,
      returnReachesApp: true, warns: false),
    Case(
      keyboard: "zh_Hans-Pinyin@sw=Pinyin10-Simplified;hw=Automatic", presentation: .markedText,
      content: .typedKeys, returnReachesApp: true, warns: false),
    Case(
      keyboard: "zh_Hans-Shuangpin@sw=Pinyin-Simplified", presentation: .markedText, content: .typedKeys,
      returnReachesApp: true, warns: false),
    Case(
      keyboard: "zh_Hant-Cangjie@sw=Cangjie", presentation: .markedText, content: .enginePreedit,
      returnReachesApp: true, warns: false),
    Case(
      keyboard: "zh_Hant-Zhuyin@sw=Zhuyin", presentation: .markedText, content: .enginePreedit,
      returnReachesApp: true, warns: false),
    Case(
      keyboard: "ja_JP-Romaji@sw=QWERTY-Japanese;hw=Automatic", presentation: .markedText,
      content: .enginePreedit, returnReachesApp: false, warns: false),
    Case(
      keyboard: "ja_JP-Kana@sw=Kana;hw=Automatic", presentation: .markedText, content: .enginePreedit,
      returnReachesApp: false, warns: false),
    Case(
      keyboard: "ko_KR@sw=Korean;hw=Automatic", presentation: .inPlace, content: .enginePreedit,
      returnReachesApp: true, warns: false),
    Case(
      keyboard: "ko_KR@sw=Korean10Key;hw=Automatic", presentation: .inPlace, content: .enginePreedit,
      returnReachesApp: true, warns: false),
    Case(
      keyboard: "vi_VN@sw=Vietnamese;hw=Automatic", presentation: .markedText, content: .enginePreedit,
      returnReachesApp: true, warns: true),
  ]

  @Test(arguments: cases)
  func `profile follows the keyboard language`(_ c: Case) {
    let profile = InputMethodProfile(keyboard: c.keyboard)
    #expect(profile.presentation == c.presentation)
    #expect(profile.markedTextContent == c.content)
    #expect(profile.returnAfterCommitReachesApp == c.returnReachesApp)
    #expect((profile.warning != nil) == c.warns)
  }

  @Test func `an unknown language's warning names the language and the keyboard`() {
    let profile = InputMethodProfile(keyboard: "vi_VN@sw=Vietnamese;hw=Automatic")
    #expect(profile.language == "vi_VN")
    #expect(profile.warning?.contains("'vi_VN'") == true)
    #expect(profile.warning?.contains("'vi_VN@sw=Vietnamese;hw=Automatic'") == true)
  }
}

/// Manual expectations from the engines' own traces (issue: manual steps agree with the engines).
struct EngineFactsTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var engine: String
    var recipe: String
    var afterOneDelete: String
    var returnCommits: String?
    var returnReachesApp: Bool?
    var testDescription: String { engine }
  }

  static let cases: [Case] = [
    // libhangul deletes a jamo of the syllable being composed: 김진우 → 김진ㅇ, not 김진.
    Case(
      engine: "hangul:2", recipe: "rlawlsdn", afterOneDelete: "김진ㅇ", returnCommits: "우",
      returnReachesApp: true),
    // Nothing composes after zhang3wei7: the delete reaches the app and removes 伟. A Return while
    // "wei" composes commits the highlighted candidate 为, and reaches the app too.
    Case(
      engine: "m17n:zh-py", recipe: "zhang3wei7", afterOneDelete: "张", returnCommits: "为",
      returnReachesApp: true),
    // Anthy consumes the Return that confirms 山田.
    Case(
      engine: "anthy", recipe: "yamada{space}{Return}", afterOneDelete: "山", returnCommits: "山田",
      returnReachesApp: false),
  ]

  @Test(arguments: cases)
  func `facts come from the engine trace`(_ c: Case) throws {
    let facts = try EngineFacts(
      recipe: KeystrokeRecipe.parse(c.recipe), engine: InputMethodEngines.engine(named: c.engine))
    #expect(facts.afterOneDelete == c.afterOneDelete)
    #expect(facts.returnWhileComposing?.commits == c.returnCommits)
    #expect(facts.returnWhileComposing?.reachesApp == c.returnReachesApp)
  }
}
