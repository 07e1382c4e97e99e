import Testing

@testable import AcceptanceCore

struct RuleTests {
  @Test func `required rejects blank text including ideographic space`() {
    for blank in ["", " ", "\u{3000}", "\t\n"] {
      #expect(RequiredRule().evaluate(blank) == .invalid(.required))
    }
    #expect(RequiredRule().evaluate(" 王 ") == .valid)
  }

  @Test func `all-of rule returns the first non-valid verdict`() {
    let rule = AllOfRule([RequiredRule(), HanNameRule()])
    #expect(rule.evaluate("") == .invalid(.required))
    #expect(rule.evaluate("liu") == .invalid(.hanNameInvalidCharacter))
    #expect(rule.evaluate("刘") == .valid)
    #expect(AllOfRule([]).evaluate("anything") == .valid)
  }

  @Test func `japanese names: kanji, kana, prolonged mark and iteration marks`() {
    let rule = JapaneseNameRule()
    for name in ["佐々木", "みすゞ", "いすゞ", "ヽヾ", "ゝゞ", "ルーシー", "忍者", "𠮷野", "葛\u{E0100}飾", "ヶ"] {
      #expect(rule.evaluate(name) == .valid, "\(name)")
    }
    for text in ["ninja", "にn", "ｻﾄｳ", "佐藤 花子", "ジョン・スミス", "佐藤1", "한"] {
      #expect(rule.evaluate(text) == .invalid(.japaneseNameInvalidCharacter), "\(text)")
    }
  }

  @Test func `korean names: syllables valid, trailing lone jamo incomplete, others invalid`() {
    let rule = KoreanNameRule()
    #expect(rule.evaluate("한글") == .valid)
    #expect(rule.evaluate("") == .valid)
    for text in ["ㅎ", "한ㄱ", "김민ㅈ", "한\u{1100}", "한\u{1100}\u{1161}", "\u{1112}\u{1161}\u{11AB}"] {
      #expect(rule.evaluate(text) == .incomplete(.koreanNameIncomplete), "\(text)")
    }
    for text in ["ㄱ한", "한ㄱㄱ", "한 글", "han", "韓", "한\u{1100}\u{1161}\u{11A8}\u{1100}", "한1"] {
      #expect(rule.evaluate(text) == .invalid(.koreanNameInvalidCharacter), "\(text)")
    }
    // Every precomposed syllable, and no compatibility jamo standing alone mid-name.
    for value in UInt32(0xAC00)...0xD7A3 where rule.evaluate(String(Unicode.Scalar(value)!)) != .valid {
      Issue.record("U+\(String(value, radix: 16)) rejected")
    }
  }

  @Test(arguments: [
    "mei.li@example.cn", "a@b.co", "first+tag@sub.example.co.jp", "o'brien@example.ie", "x_y-z@a-b.example",
  ])
  func `email accepts everyday addresses`(address: String) {
    #expect(EmailRule().evaluate(address) == .valid)
  }

  @Test(arguments: [
    "plain", "@example.com", "a@", "a@@b.com", "a@b", "a@b.c", ".a@b.com", "a.@b.com", "a..b@c.com",
    "a@-b.com", "a@b-.com", "a@b..com", "a b@c.com", "mei.li＠example.cn", "李@example.cn", "a@b.123",
    "a@[127.0.0.1]", "\"quoted\"@example.com",
  ])
  func `email rejects malformed or non-ASCII addresses`(address: String) {
    #expect(EmailRule().evaluate(address) == .invalid(.emailInvalid))
  }

  @Test func `email length limits`() {
    let local64 = String(repeating: "a", count: 64)
    #expect(EmailRule().evaluate(local64 + "@example.com") == .valid)
    #expect(EmailRule().evaluate(local64 + "a@example.com") == .invalid(.emailInvalid))
    let label = String(repeating: "b", count: 63)
    #expect(EmailRule().evaluate("a@\(label).com") == .valid)
    #expect(EmailRule().evaluate("a@\(label)b.com") == .invalid(.emailInvalid))
    let long = "a@" + Array(repeating: label, count: 4).joined(separator: ".") + ".com"
    #expect(long.count > 254)
    #expect(EmailRule().evaluate(long) == .invalid(.emailInvalid))
    #expect(EmailRule().evaluate("") == .valid)
  }

  @Test func `pattern rule matches the whole text`() throws {
    let postcode = try PatternRule(#"\d{3}-\d{4}"#)
    #expect(postcode.evaluate("100-0001") == .valid)
    #expect(postcode.evaluate("x100-0001") == .invalid(.patternMismatch))
    #expect(postcode.evaluate("") == .valid)
    let custom = try PatternRule("[A-Z]+", messageKey: MessageKey("code.format"))
    #expect(custom.evaluate("abc") == .invalid(MessageKey("code.format")))
    #expect(ValidationMessages().text(for: MessageKey("code.format")) == "code.format")
  }

  @Test func `an invalid pattern is a clear error when the rule is created`() throws {
    let error = try #require(throws: PatternRuleError.self) { try PatternRule("[a-") }
    guard case .invalidPattern(let pattern, let reason) = error else {
      Issue.record("expected .invalidPattern, got \(error)")
      return
    }
    #expect(pattern == "[a-")
    #expect(!reason.isEmpty)
    #expect(error.description.hasPrefix("invalid regular expression '[a-': "))
  }

  @Test func `every built-in key has an English default and overrides win`() {
    let keys: [MessageKey] = [
      .required, .hanNameInvalidCharacter, .hanNameMisplacedSeparator, .japaneseNameInvalidCharacter,
      .koreanNameInvalidCharacter, .koreanNameIncomplete, .emailInvalid, .patternMismatch, .declaredInvalid,
      .declaredIncomplete,
    ]
    #expect(Set(keys) == Set(ValidationMessages.englishDefaults.keys))
    let messages = ValidationMessages(overrides: [.required: "必須項目です"])
    #expect(messages.text(for: .required) == "必須項目です")
    #expect(messages.text(for: .emailInvalid) == "Enter a valid email address.")
    #expect(Set(keys.map(\.rawValue)).count == keys.count, "keys are distinct")
  }

  // Issue 34: a team's declared verdicts bind the core, text by text, scalar by scalar.
  @Test func `declared verdicts come first, and texts differ by their scalars`() throws {
    let nickname = DeclaredVerdictsRule(
      [("ㅂ", .incomplete), ("별", .incomplete), ("별빛", .valid), ("별 빛", .invalid)],
      otherwise: try PatternRule("^[가-힣]{2,16}$"))
    #expect(nickname.evaluate("ㅂ") == .incomplete(.declaredIncomplete))
    #expect(nickname.evaluate("별") == .incomplete(.declaredIncomplete))
    #expect(nickname.evaluate("별 빛") == .invalid(.patternMismatch))
    #expect(nickname.evaluate("하늘") == .valid)
    #expect(nickname.evaluate("ㅎ") == .invalid(.patternMismatch))
    // 별 spelt in conjoining jamo is another text: the pattern judges it.
    #expect(nickname.evaluate("\u{1107}\u{1167}\u{11AF}") == .invalid(.patternMismatch))
    let name = DeclaredVerdictsRule(
      [("阿沛・阿旺晋美", .invalid), ("金\u{F929}", .invalid)], otherwise: HanNameRule())
    #expect(name.evaluate("阿沛・阿旺晋美") == .invalid(.hanNameInvalidCharacter))
    #expect(name.evaluate("金\u{F929}") == .invalid(.declaredInvalid))
    #expect(name.evaluate("金\u{6717}") == .valid)
  }
}
