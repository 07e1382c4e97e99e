import AcceptanceCore

extension SignUpForm {
  /// A name field of the form, in the order the screen shows them.
  public enum Field: CaseIterable, Sendable {
    /// 姓名: the name in Chinese characters.
    case fullName
    /// 氏名: the name in kanji and kana.
    case japaneseName
    /// 이름: the name in Hangul.
    case koreanName

    /// What the field accepts, in AcceptanceCore's rules: a name is required, in the field's script.
    public var rule: any ValidationRule {
      switch self {
      case .fullName: AllOfRule([RequiredRule(), HanNameRule()])
      case .japaneseName: AllOfRule([RequiredRule(), JapaneseNameRule()])
      case .koreanName: AllOfRule([RequiredRule(), KoreanNameRule()])
      }
    }

    /// The error for a name in the wrong script: the one message the articles' code shows.
    public var message: String {
      switch self {
      case .fullName: "请输入中文姓名"
      case .japaneseName: "氏名は漢字・ひらがな・カタカナで入力してください"
      case .koreanName: "이름은 한글로 입력해 주세요"
      }
    }

    /// The field's messages by AcceptanceCore's message keys, in the field's language (an app's
    /// string catalog would hold them).
    public var messages: ValidationMessages {
      switch self {
      case .fullName:
        ValidationMessages(overrides: [
          .required: "请输入姓名", .hanNameInvalidCharacter: message,
          .hanNameMisplacedSeparator: "间隔号“·”只能用在姓名的两部分之间",
        ])
      case .japaneseName:
        ValidationMessages(overrides: [.required: "氏名を入力してください", .japaneseNameInvalidCharacter: message])
      case .koreanName:
        ValidationMessages(overrides: [
          .required: "이름을 입력해 주세요", .koreanNameInvalidCharacter: message,
          .koreanNameIncomplete: "이름의 마지막 글자를 완성해 주세요",
        ])
      }
    }
  }
}
