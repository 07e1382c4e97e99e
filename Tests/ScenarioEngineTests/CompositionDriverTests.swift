import AcceptanceCore
import InputMethods
import Testing

@testable import ScenarioEngine

struct CompositionDriverTests {
  static let pinyin = InputMethodProfile(keyboard: "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic")
  static let romaji = InputMethodProfile(keyboard: "ja_JP-Romaji@sw=QWERTY-Japanese;hw=Automatic")
  static let korean = InputMethodProfile(keyboard: "ko_KR@sw=Korean;hw=Automatic")
  static let hanName = AllOfRule([RequiredRule(), HanNameRule()])

  static func trace(_ engine: String, _ recipe: String) throws -> Trace {
    try InputMethodEngines.engine(named: engine).trace(KeystrokeRecipe.parse(recipe))
  }

  static func drive(
    _ trace: Trace, _ profile: InputMethodProfile, _ variant: DeliveryVariant,
    rule: any ValidationRule = hanName
  ) -> CompositionDriver {
    let driver = CompositionDriver(
      validator: FieldValidator(field: TextFieldModel(), rule: rule), profile: profile, variant: variant)
    for step in trace.steps {
      let recorded = driver.apply(step)
      #expect(recorded.invariantViolations == [], "after \(recorded.action)")
    }
    driver.finishComposition()
    #expect(driver.invariantViolations == [])
    #expect(driver.refusedEdits == [])
    return driver
  }

  @Test(arguments: DeliveryVariant.allCases)
  func `pinyin zhongwen3 shows the typed letters as marked text and commits 中文`(_ variant: DeliveryVariant)
    throws
  {
    let driver = Self.drive(try Self.trace("m17n:zh-py", "zhongwen3"), Self.pinyin, variant)
    let steps = driver.steps
    #expect(steps.map(\.text) == ["z", "zh", "zho", "zhon", "zhong", "中w", "中we", "中wen", "中文"])
    #expect(steps[4].markedRange == TextRange(location: 0, length: 5))
    #expect(steps[5].markedRange == TextRange(location: 1, length: 1))
    #expect(steps[8].markedRange == nil)
    #expect(steps[0].events == [.selectionChanged, .editingChanged])
    #expect(steps[5].events == variant.commitEvents + [.selectionChanged, .editingChanged])
    #expect(steps[8].events == variant.commitEvents)
    #expect(steps[8].events.count { $0 == .editingChanged } == variant.changeEventsOnCommit)
    #expect(steps.prefix(8).allSatisfy { $0.phase == .composing && $0.message == nil && !$0.isSubmitEnabled })
    #expect(steps[8].phase == .valid && steps[8].isSubmitEnabled)
  }

  @Test(arguments: DeliveryVariant.allCases)
  func `Japanese yamada converts inline and Return only confirms`(_ variant: DeliveryVariant) throws {
    let driver = Self.drive(try Self.trace("anthy", "yamada{space}{Return}"), Self.romaji, variant)
    let steps = driver.steps
    #expect(steps.map(\.text) == ["y", "や", "やm", "やま", "やまd", "やまだ", "山田", "山田"])
    #expect(steps[6].markedRange == TextRange(location: 0, length: 2))
    #expect(steps[7].markedRange == nil)
    #expect(steps[7].events == variant.commitEvents, "the confirming Return is consumed, not delivered")
    #expect(driver.validator.lastSubmitOutcome == nil)
    #expect(steps[7].phase == .valid)
  }

  @Test(arguments: DeliveryVariant.allCases)
  func `Korean rewrites in place with editingChanged on every key whatever the variant`(
    _ variant: DeliveryVariant
  )
    throws
  {
    let driver = Self.drive(
      try Self.trace("hangul:2", "rlawlsdn"), Self.korean, variant,
      rule: AllOfRule([RequiredRule(), KoreanNameRule()]))
    let steps = driver.steps
    #expect(steps.map(\.text) == ["ㄱ", "기", "김", "김ㅈ", "김지", "김진", "김진ㅇ", "김진우", "김진우"])
    #expect(steps.allSatisfy { $0.markedRange == nil })
    #expect(steps.dropLast().allSatisfy { $0.events == [.editingChanged] })
    #expect(steps.last?.action == "commit (focus-out)")
    #expect(steps.last?.events == [.editingDidEnd])
    #expect(steps[3].message == nil, "김ㅈ is incomplete: no message while typing")
    #expect(steps.last?.phase == .valid)
  }

  @Test func `a Return that reaches the app after a pinyin commit is delivered, a Japanese one is not`()
    throws
  {
    let trace = try Self.trace("m17n:zh-py", "zhong{Return}")
    let chinese = Self.drive(trace, Self.pinyin, .everyUpdate)
    #expect(chinese.steps[5].events.last == .returnKey)
    #expect(chinese.steps[5].submitOutcome == .accepted("中"))
    let japanese = Self.drive(trace, Self.romaji, .everyUpdate)
    #expect(!japanese.steps[5].events.contains(.returnKey))
    #expect(japanese.validator.lastSubmitOutcome == nil)
  }

  @Test func `an engine-preedit profile shows the candidate as marked text`() throws {
    let cangjieStyle = InputMethodProfile(keyboard: "zh_Hant-Cangjie@sw=Cangjie")
    let driver = Self.drive(try Self.trace("m17n:zh-py", "zhongwen3"), cangjieStyle, .everyUpdate)
    #expect(driver.steps[4].text == "中")
    #expect(driver.steps[4].markedRange == TextRange(location: 0, length: 1))
  }

  @Test func `focus-out commits leftover marked text as it is`() throws {
    let driver = Self.drive(try Self.trace("m17n:zh-py", "zhong"), Self.pinyin, .noChangeOnCommit)
    let last = try #require(driver.steps.last)
    #expect(last.action == "commit (focus-out)")
    #expect(last.text == "zhong")
    #expect(last.markedRange == nil)
    #expect(last.events == [.selectionChanged, .editingDidEnd])
    #expect(last.message == "Use Chinese characters only.")
  }

  @Test func `direct input paths deliver editingChanged except a programmatic assignment`() {
    for path in DirectInputPath.allCases {
      let driver = CompositionDriver(
        validator: FieldValidator(field: TextFieldModel(), rule: Self.hanName), profile: Self.pinyin,
        variant: .everyUpdate)
      let step = driver.input("liu yan", via: path)
      #expect(step.text == "liu yan")
      #expect(step.events == (path == .programmatic ? [] : [.editingChanged]), "\(path)")
      #expect(step.message == (path == .programmatic ? nil : "Use Chinese characters only."), "\(path)")
      #expect(driver.submit(via: .button).submitOutcome == .refusedInvalid("Use Chinese characters only."))
    }
  }
}
