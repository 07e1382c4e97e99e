import Testing

@testable import AcceptanceCore

/// The composition contract on the sequences of DOMAIN 1.2–1.4, with invariants after each step.
struct FieldValidatorTests {
  static let hanName = AllOfRule([RequiredRule(), HanNameRule()])

  /// A fresh field, its validator and a driver.
  func make(
    _ rule: any ValidationRule = hanName, text: String = "", messages: ValidationMessages = .init()
  ) -> (TextFieldModel, FieldValidator, KeyboardDriver) {
    let field = TextFieldModel(text: text)
    let validator = FieldValidator(field: field, rule: rule, messages: messages)
    return (field, validator, KeyboardDriver(field: field))
  }

  /// Expects the composing state: no message, button off, every submit path refused.
  func expectComposing(_ validator: FieldValidator, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(validator.phase == .composing, sourceLocation: sourceLocation)
    #expect(validator.message == nil, sourceLocation: sourceLocation)
    #expect(!validator.isSubmitEnabled, sourceLocation: sourceLocation)
    for trigger in SubmitTrigger.allCases {
      #expect(validator.submit(via: trigger) == .refusedComposing, sourceLocation: sourceLocation)
    }
  }

  @Test func `pinyin z zh zhong then 中: no false error, no submit while composing`() throws {
    let (field, validator, keyboard) = make()
    keyboard.send([.editingDidBegin])
    for marked in ["z", "zh", "zho", "zhon", "zhong"] {
      try keyboard.mark(marked)
      #expect(field.text == marked, "text includes the marked pinyin")
      expectComposing(validator)
    }
    try keyboard.commit("中", events: [.selectionChanged, .editingChanged])
    #expect(validator.phase == .valid)
    #expect(validator.message == nil)
    #expect(validator.isSubmitEnabled)
    #expect(validator.submit(via: .button) == .accepted("中"))
  }

  @Test func `marked zhong cannot be submitted; 中文 after unmarkText can`() throws {
    let (field, validator, _) = make()
    try field.setMarkedText("zhong", selectedRange: .caret(at: 5))
    #expect(validator.submit(via: .programmatic) == .refusedComposing)
    try field.setMarkedText("中文", selectedRange: .caret(at: 2))
    field.unmarkText()
    #expect(field.text == "中文")
    #expect(field.markedTextRange == nil)
    #expect(field.checkInvariants() == [])
    #expect(validator.submit(via: .programmatic) == .accepted("中文"))
  }

  @Test func `japanese n に にn にんj 忍者`() throws {
    let (field, validator, keyboard) = make(AllOfRule([RequiredRule(), JapaneseNameRule()]))
    for marked in ["n", "に", "にn", "にんj"] {
      try keyboard.mark(marked)
      expectComposing(validator)
    }
    try keyboard.commit("忍者", events: [.editingChanged])
    #expect(field.text == "忍者")
    #expect(validator.phase == .valid)
    #expect(validator.submit(via: .returnKey) == .accepted("忍者"))
  }

  /// The commit of a candidate announced by zero, one or two events (DOMAIN 1.3).
  struct CommitCase: Sendable, CustomTestStringConvertible {
    var events: [TextFieldEvent]
    var testDescription: String {
      events.isEmpty ? "no event" : events.map(\.rawValue).joined(separator: "+")
    }
  }

  static let commitCases: [CommitCase] = [
    .init(events: [.editingChanged]),
    .init(events: [.editingChanged, .editingChanged]),
    .init(events: [.selectionChanged]),
    .init(events: [.selectionChanged, .editingChanged]),
    .init(events: [.selectionChanged, .editingChanged, .editingChanged]),
    .init(events: [.editingDidEnd]),
  ]

  @Test(arguments: commitCases)
  func `composition end is noticed whatever announces it`(commit: CommitCase) throws {
    let (_, validator, keyboard) = make()
    try keyboard.mark("zhongwen")
    try keyboard.commit("中文", events: commit.events)
    #expect(validator.phase == .valid)
    #expect(validator.message == nil)
    #expect(validator.isSubmitEnabled)
    #expect(validator.submit(via: .button) == .accepted("中文"))
  }

  @Test func `a commit with no event at all is still submitted by re-checking`() throws {
    let (_, validator, keyboard) = make()
    try keyboard.mark("zhongwen")
    try keyboard.commit("中文", events: [])
    #expect(validator.phase == .composing, "nothing told the validator yet")
    #expect(
      validator.submit(via: .button) == .accepted("中文"), "submit re-checks instead of trusting the cache")
  }

  @Test func `a committed invalid value shows its message once composition ends`() throws {
    // Focus-out with an m17n zh-py preedit commits the raw pinyin (DOMAIN 6.6).
    let (_, validator, keyboard) = make()
    try keyboard.mark("liuyan")
    try keyboard.commit("liuyan", events: [.editingDidEnd])
    #expect(validator.phase == .invalid)
    #expect(validator.message == "Use Chinese characters only.")
    #expect(!validator.isSubmitEnabled)
    #expect(validator.submit(via: .returnKey) == .refusedInvalid("Use Chinese characters only."))
  }

  @Test func `starting a composition clears the old message`() throws {
    let (_, validator, keyboard) = make()
    keyboard.insert("x")
    #expect(validator.message != nil)
    try keyboard.mark("liu")
    #expect(validator.message == nil)
    #expect(validator.phase == .composing)
  }

  @Test func `return during composition does not submit`() throws {
    let (field, validator, keyboard) = make()
    try keyboard.mark("zhong")
    keyboard.send([.returnKey])
    #expect(validator.lastSubmitOutcome == .refusedComposing)
    #expect(field.markedText == "zhong")
    expectComposing(validator)
  }

  /// Issue 21: the articles' `submit` refuses only while text is marked, so by default a Return
  /// right after a commit no event announced is an ordinary submission.
  @Test func `a Return after a silent commit submits by default`() throws {
    let (field, validator, keyboard) = make()
    try keyboard.mark("zhongwen")
    try field.setMarkedText("中文", selectedRange: .caret(at: 2))
    field.unmarkText()
    keyboard.send([.returnKey])
    #expect(validator.lastSubmitOutcome == .accepted("中文"))
    #expect(validator.silentCommitReturn == .submits)
  }

  @Test func `with the judges policy a Return that confirms the candidate does not also submit`() throws {
    // Web views and some keyboards deliver the confirming Return after the commit
    // (DOMAIN 1.7: chatterm#1, assistant-ui#4513; DOMAIN 1.8 point 5): a team may declare it so.
    let field = TextFieldModel()
    let validator = FieldValidator(
      field: field, rule: AllOfRule([RequiredRule(), HanNameRule()]), silentCommitReturn: .judges)
    let keyboard = KeyboardDriver(field: field)
    try keyboard.mark("zhongwen")
    try field.setMarkedText("中文", selectedRange: .caret(at: 2))
    field.unmarkText()
    keyboard.send([.returnKey])
    #expect(validator.lastSubmitOutcome == .refusedComposing)
    #expect(validator.phase == .valid, "the committed text is judged")
    #expect(validator.isSubmitEnabled)
    keyboard.send([.returnKey])
    #expect(validator.lastSubmitOutcome == .accepted("中文"), "a second Return submits")
  }

  @Test func `submission never trusts the cached button state`() throws {
    let (field, validator, keyboard) = make()
    keyboard.insert("刘䶮")
    #expect(validator.isSubmitEnabled)
    field.text = "liu yan"  // programmatic: UIKit sends no event, the button stays enabled
    #expect(validator.isSubmitEnabled)
    #expect(validator.submit(via: .button) == .refusedInvalid("Use Chinese characters only."))
    field.text = "刘䶮"
    keyboard.send([.editingChanged])
    try field.setMarkedText("yan", selectedRange: .caret(at: 3))  // no event delivered yet
    #expect(validator.isSubmitEnabled)
    #expect(validator.submit(via: .button) == .refusedComposing)
  }

  @Test func `paste autofill dictation and programmatic changes are validated like commits`() throws {
    let (field, validator, keyboard) = make()
    keyboard.insert("阿沛·阿旺晋美")  // paste
    #expect(validator.phase == .valid)
    try field.replace(TextRange(location: 0, length: field.utf16.count), with: "𠮷")  // autofill
    keyboard.send([.editingChanged])
    #expect(validator.phase == .valid)
    keyboard.insert(" liu")  // dictation appends
    #expect(validator.phase == .invalid)
    field.text = "刘䶮"
    validator.revalidate()
    #expect(validator.phase == .valid)
    #expect(validator.submit(via: .programmatic) == .accepted("刘䶮"))
  }

  @Test func `korean in-place rewrites: lone jamo is incomplete, never an error while editing`() throws {
    let (field, validator, keyboard) = make(AllOfRule([RequiredRule(), KoreanNameRule()]))
    keyboard.insert("ㅎ")
    #expect(validator.phase == .editing)
    #expect(validator.message == nil)
    #expect(!validator.isSubmitEnabled)
    let steps: [(rewrite: String?, append: String?, phase: FieldPhase)] = [
      ("하", nil, .valid), ("한", nil, .valid), (nil, "ㄱ", .editing), ("그", nil, .valid), ("글", nil, .valid),
    ]
    for step in steps {
      if let rewrite = step.rewrite { try keyboard.rewriteLast(with: rewrite) }
      if let append = step.append { keyboard.insert(append) }
      #expect(field.markedTextRange == nil, "the Korean keyboard shows no marked text")
      #expect(validator.phase == step.phase, "\(field.text)")
      #expect(validator.message == nil, "\(field.text)")
    }
    #expect(field.text == "한글")
    #expect(validator.submit(via: .returnKey) == .accepted("한글"))
  }

  @Test func `korean submission with a trailing lone jamo is refused with a message`() throws {
    let (field, validator, keyboard) = make(AllOfRule([RequiredRule(), KoreanNameRule()]))
    keyboard.insert("한")
    // deleteBackward + insert variant of the in-place rewrite (Runestone#90, SwiftTerm#409).
    keyboard.insert("ㄱ")
    #expect(validator.phase == .editing && validator.message == nil)
    #expect(validator.submit(via: .returnKey) == .refusedInvalid("Finish typing the last syllable."))
    #expect(validator.phase == .invalid)
    #expect(validator.message == "Finish typing the last syllable.")
    field.deleteBackward()
    field.insertText("그")
    keyboard.send([.editingChanged])
    #expect(validator.phase == .valid && validator.message == nil)
  }

  @Test func `the rule never sees marked text`() throws {
    final class SpyRule: ValidationRule, @unchecked Sendable {
      var seen: [String] = []
      func evaluate(_ text: String) -> RuleVerdict {
        seen.append(text)
        return .valid
      }
    }
    let spy = SpyRule()
    let (_, validator, keyboard) = make(spy)
    spy.seen.removeAll()
    for marked in ["z", "zh", "zhong"] { try keyboard.mark(marked) }
    _ = validator.submit(via: .button)
    try keyboard.commit("中", events: [.editingChanged, .editingChanged])
    #expect(spy.seen.allSatisfy { $0 == "中" })
    #expect(!spy.seen.isEmpty)
  }

  @Test func `selection changes before any edit show no required error`() {
    let (_, validator, keyboard) = make()
    keyboard.send([.editingDidBegin, .selectionChanged])
    #expect(validator.message == nil)
    #expect(validator.phase == .editing)
    #expect(!validator.isSubmitEnabled)
    keyboard.send([.editingDidEnd])
    #expect(validator.message == "This field is required.")
  }

  @Test func `messages are overridable per field`() throws {
    let localized = ValidationMessages(overrides: [.hanNameInvalidCharacter: "请只输入汉字"])
    let (_, chinese, chineseKeyboard) = make(messages: localized)
    let (_, english, englishKeyboard) = make()
    chineseKeyboard.insert("liu")
    englishKeyboard.insert("liu")
    #expect(chinese.message == "请只输入汉字")
    #expect(english.message == "Use Chinese characters only.")
  }

  @Test func `typed text never reaches the log`() throws {
    let (_, validator, keyboard) = make()
    try keyboard.mark("liuyan")
    try keyboard.commit("刘䶮", events: [.editingChanged])
    keyboard.insert("secret")
    _ = validator.submit(via: .button)
    #expect(validator.log.count == 5)
    for entry in validator.log {
      for typed in ["liu", "yan", "刘", "䶮", "secret"] {
        #expect(!entry.description.contains(typed))
      }
    }
    #expect(
      validator.log.last?.description == "submit=button accepted=false phase=invalid utf16=8 marked=none")
  }

  @Test func `display state changes are reported once each`() throws {
    let (_, validator, keyboard) = make()
    var states: [FieldDisplayState] = []
    validator.onDisplayStateChange = { states.append($0) }
    try keyboard.mark("zh")
    try keyboard.mark("zhong")
    try keyboard.commit("中", events: [.editingChanged, .editingChanged])
    keyboard.insert("x")
    #expect(
      states == [
        FieldDisplayState(message: nil, isSubmitEnabled: false, phase: .composing),
        FieldDisplayState(message: nil, isSubmitEnabled: true, phase: .valid),
        FieldDisplayState(message: "Use Chinese characters only.", isSubmitEnabled: false, phase: .invalid),
      ])
    #expect(validator.displayState == states.last)
  }

  @Test func `the initial text is judged silently`() {
    let (_, prefilled, _) = make(text: "刘䶮")
    #expect(prefilled.isSubmitEnabled)
    #expect(prefilled.phase == .editing)
    let (_, empty, _) = make()
    #expect(!empty.isSubmitEnabled)
    #expect(empty.message == nil)
  }
}
