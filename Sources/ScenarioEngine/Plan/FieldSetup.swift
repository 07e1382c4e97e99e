import AcceptanceCore
import MatrixFormat
import Oracle

/// A matrix field turned into what the checks need: the combined rule, the message texts, and a
/// valid and an invalid sample text derived from the rules.
package struct FieldSetup: Sendable {
  /// The field's id.
  package var id: String
  /// The field's label.
  package var label: String
  /// The field's rules combined in order.
  package var rule: AllOfRule
  /// The field's message texts (matrix overrides by rule name mapped onto message keys).
  package var messages: ValidationMessages
  /// The first sample text the rule accepts, or `nil` when none of the candidates fits.
  package var validSample: String?
  /// The first sample text the rule rejects, or `nil` when none of the candidates fits.
  package var invalidSample: String?

  /// The field's rules as the matrix declares them (what ``VerdictOracle`` judges by).
  package var rules: [MatrixFile.Rule]
  /// The team's own verdicts (`samples:`), which the oracle takes before computing any.
  package var samples: [MatrixFile.Field.Sample]
  /// The computed oracle of ``rules`` and ``samples``.
  package var oracle: FieldOracle
  /// The first sample text the oracle says the field's rules leave incomplete, if any.
  package var incompleteSample: String?
  /// The first invalid text no sample sets against the rules' definitions
  /// (``VerdictOracle/recompositionSample(for:samples:)``): what `r4` pastes before typing.
  package var recompositionSample: String?

  /// Builds the setup of `field`.
  ///
  /// Samples come from ``VerdictOracle``, never from the rules under test: the first of the field's
  /// own `samples:`, then of the rules' probes (each rule's own samples first, in field order:
  /// han-name `刘䶮` / `liu yan`, japanese-name `佐々木みゆき` / `sasaki`, korean-name `김진우` /
  /// `kim jinwoo` / `김진ㅇ`, email `mei.li@example.cn` / `mei.li＠example.cn`) whose verdict is
  /// valid, invalid or incomplete, the empty text last (it breaks `required`). A regex field has the
  /// samples its matrix lists.
  ///
  /// - Throws: ``PatternRuleError`` when a regex rule does not compile.
  /// - Parameter names: The team's separator choices (`policies:`), which the oracle and the core follow.
  package init(field: MatrixFile.Field, names: NamePolicies = NamePolicies()) throws(PatternRuleError) {
    id = field.id
    label = field.label
    rules = field.rules
    samples = field.samples
    oracle = VerdictOracle.oracle(rules: field.rules, samples: field.samples, policies: names)
    var built: [any ValidationRule] = []
    for rule in field.rules {
      switch rule {
      case .required: built.append(RequiredRule())
      case .hanName: built.append(HanNameRule(separators: names.separators(for: .hanName)))
      case .japaneseName: built.append(JapaneseNameRule(separators: names.separators(for: .japaneseName)))
      case .koreanName: built.append(KoreanNameRule())
      case .email: built.append(EmailRule())
      case .regex(let pattern): built.append(try PatternRule(pattern))
      }
    }
    rule = AllOfRule(built)
    let chosen = VerdictOracle.samples(for: field.rules, samples: field.samples, policies: names)
    validSample = chosen.valid
    invalidSample = chosen.invalid
    incompleteSample = chosen.incomplete
    recompositionSample = VerdictOracle.recompositionSample(
      for: field.rules, samples: field.samples, policies: names)
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
  package func expectedState(for text: String) -> (message: String?, submitEnabled: Bool) {
    switch rule.evaluate(text) {
    case .valid: (nil, true)
    case .invalid(let key): (messages.text(for: key), false)
    case .incomplete: (nil, false)
    }
  }
}
