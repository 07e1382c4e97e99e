import AcceptanceCore
import MatrixFormat

/// A matrix field turned into what the checks need: the combined rule, the message texts, and a
/// valid and an invalid sample text derived from the rules.
public struct FieldSetup: Sendable {
  /// The field's id.
  public var id: String
  /// The field's label.
  public var label: String
  /// The field's rules combined in order.
  public var rule: AllOfRule
  /// The field's message texts (matrix overrides by rule name mapped onto message keys).
  public var messages: ValidationMessages
  /// The first sample text the rule accepts, or `nil` when none of the candidates fits.
  public var validSample: String?
  /// The first sample text the rule rejects, or `nil` when none of the candidates fits.
  public var invalidSample: String?

  /// Builds the setup of `field`.
  ///
  /// Samples are picked from a fixed, ordered list of candidates: first those of each rule in the
  /// field's order (han-name: `刘䶮` / `liu yan`; japanese-name: `佐々木みゆき` / `sasaki`;
  /// korean-name: `김진우` / `kim jinwoo`; email: `mei.li@example.cn` / `mei.li＠example.cn`),
  /// then `extraCandidates` (the input methods' expected texts), then generic texts ending with the
  /// empty text (which breaks `required`). The valid sample is the first the combined rule accepts, the invalid one the
  /// first it rejects as invalid (not incomplete).
  ///
  /// - Throws: ``PatternRuleError`` when a regex rule does not compile.
  public init(field: MatrixFile.Field, extraCandidates: [String] = []) throws(PatternRuleError) {
    id = field.id
    label = field.label
    var rules: [any ValidationRule] = []
    var valid: [String] = []
    var invalid: [String] = []
    for rule in field.rules {
      switch rule {
      case .required:
        rules.append(RequiredRule())
      case .hanName:
        rules.append(HanNameRule())
        valid.append("刘䶮")
        invalid.append("liu yan")
      case .japaneseName:
        rules.append(JapaneseNameRule())
        valid.append("佐々木みゆき")
        invalid.append("sasaki")
      case .koreanName:
        rules.append(KoreanNameRule())
        valid.append("김진우")
        invalid.append("kim jinwoo")
      case .email:
        rules.append(EmailRule())
        valid.append("mei.li@example.cn")
        invalid.append("mei.li＠example.cn")
      case .regex(let pattern):
        rules.append(try PatternRule(pattern))
      }
    }
    let generic = [
      "刘䶮", "中文", "山田", "김진우", "mei.li@example.cn", "abc", "123", "100-0001", "A1", "liu yan", "",
    ]
    let rule = AllOfRule(rules)
    self.rule = rule
    // The blank text breaks `required`; it comes last so a rule-specific invalid text is preferred.
    let candidates = valid + invalid + extraCandidates + generic
    validSample = candidates.first { rule.evaluate($0) == .valid }
    invalidSample = (invalid + candidates).first {
      if case .invalid = rule.evaluate($0) { return true }
      return false
    }
    var overrides: [MessageKey: String] = [:]
    for (name, text) in field.messages {
      for key in Self.messageKeys(forRuleNamed: name) { overrides[key] = text }
    }
    messages = ValidationMessages(overrides: overrides)
  }

  /// The message keys a matrix `messages:` entry overrides, by rule name.
  static func messageKeys(forRuleNamed name: String) -> [MessageKey] {
    switch name {
    case "required": [.required]
    case "han-name": [.hanNameInvalidCharacter, .hanNameMisplacedSeparator]
    case "japanese-name": [.japaneseNameInvalidCharacter]
    case "korean-name": [.koreanNameInvalidCharacter, .koreanNameIncomplete]
    case "email": [.emailInvalid]
    case "regex": [.patternMismatch]
    default: []
    }
  }

  /// What the field should show for `text` after an edit: the message (or `nil`) and whether the
  /// button is enabled; an incomplete text shows nothing and keeps the button disabled.
  public func expectedState(for text: String) -> (message: String?, submitEnabled: Bool) {
    switch rule.evaluate(text) {
    case .valid: (nil, true)
    case .invalid(let key): (messages.text(for: key), false)
    case .incomplete: (nil, false)
    }
  }
}
