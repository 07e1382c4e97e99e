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
