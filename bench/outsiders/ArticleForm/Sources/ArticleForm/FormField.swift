/// One field of the sign-up form: its rules in order and the message each shows.
public struct FormField: Hashable, Sendable {
  /// What the field asks for.
  public var label: String
  /// The rules, checked in order; the first that is not satisfied speaks.
  public var rules: [FieldRule]
  /// The message shown when `rules[i]` finds the text invalid.
  public var messages: [String]

  /// Creates a field; `rules` and `messages` pair up.
  public init(label: String, rules: [(FieldRule, String)]) {
    self.label = label
    self.rules = rules.map(\.0)
    self.messages = rules.map(\.1)
  }

  /// The first verdict that is not `valid`, with the message of an invalid one.
  public func evaluate(_ text: String) -> (verdict: Verdict, message: String?) {
    for (rule, message) in zip(rules, messages) {
      switch rule.verdict(for: text) {
      case .valid: continue
      case .invalid: return (.invalid, message)
      case .incomplete: return (.incomplete, nil)
      }
    }
    return (.valid, nil)
  }

  /// 姓名 (Chinese characters).
  public static let chineseName = FormField(
    label: "姓名", rules: [(.required, "请输入姓名"), (.hanName, "请输入中文姓名")])
  /// 氏名 (kanji or kana).
  public static let japaneseName = FormField(
    label: "氏名", rules: [(.required, "氏名を入力してください"), (.japaneseName, "氏名は漢字・かなで入力してください")])
  /// ふりがな (hiragana).
  public static let furigana = FormField(
    label: "ふりがな",
    rules: [(.required, "ふりがなを入力してください"), (.pattern(furiganaPattern), "ふりがなはひらがなで入力してください")])
  /// 이름 (Hangul).
  public static let koreanName = FormField(
    label: "이름", rules: [(.required, "이름을 입력하세요"), (.koreanName, "이름은 한글로 입력하세요")])
  /// E-mail.
  public static let email = FormField(
    label: "E-mail",
    rules: [(.required, "Enter your e-mail address"), (.email, "Enter a valid e-mail address")])

  /// The furigana field's pattern: hiragana and the prolonged sound mark.
  public static let furiganaPattern = "^[ぁ-ゖー]+$"
}
