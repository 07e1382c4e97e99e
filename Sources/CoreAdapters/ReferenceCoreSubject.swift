import AcceptanceCore
import QAPassHarness

/// AcceptanceCore's ``FieldValidator`` and ``SaveFlow`` as a harness subject: what `qapass run`
/// checks by default, built per item from the pack field's rule names.
///
/// ```swift
/// import Foundation
///
/// let url = URL(fileURLWithPath: "examples/SignUpCore/Tests/SignUpCoreTests/Resources/default.pack.json")
/// let pack = try ScenarioPack.load(contentsOf: url)
/// let run = PackRunner.run(pack, subject: ReferenceCoreSubject(version: "0.1.0"))
/// run.summary.failures   // 0: the core passes every item of the default matrix
/// ```
public struct ReferenceCoreSubject: HarnessSubject, Sendable {
  /// `AcceptanceCore`.
  public var name: String { "AcceptanceCore" }
  /// The qapass version the core ships with.
  public var version: String

  /// Creates the subject.
  public init(version: String) {
    self.version = version
  }

  /// A fresh ``FieldValidator`` with the field's rules, configured as the matrix's app would be (the
  /// team's samples, the separators its names take and what a Return after a silent commit does are
  /// its declared decisions), or `nil` for a rule the core lacks.
  public func compositionSubject(for item: PackItem, environment: CompositionEnvironment)
    -> (any CompositionSubject)?
  {
    var policies = CompositionPolicies.defaults
    if case .composition(let script) = item.replay { policies = script.policies }
    guard let rule = Self.rule(for: environment.field, policies: policies) else { return nil }
    let silentCommitReturn: SilentCommitReturn = policies.silentCommitReturn == .judges ? .judges : .submits
    let validator = FieldValidator(
      field: TextFieldModel(), rule: rule, silentCommitReturn: silentCommitReturn)
    return FieldValidatingAdapter(validator, recorder: environment.recorder)
  }

  /// A fresh ``SaveFlow`` configured as the matrix's app would be: its confirmation is the item's
  /// contract, as an app adopting AcceptanceCore passes its declared pattern to `SaveFlow`. (An
  /// app's own subject reports the app's pattern instead; that is what `haptic.contract` checks.)
  public func saveFlowSubject(for item: PackItem, environment: SaveFlowEnvironment) -> (any SaveFlowSubject)?
  {
    guard case .saveFlow(let script) = item.replay else { return nil }
    let confirmation = HapticPattern(packEvents: script.contract)
    return SaveFlowingAdapter(environment) { saver, player, capability in
      SaveFlow(saver: saver, player: player, capability: capability, confirmation: confirmation)
    }
  }

  /// `FieldValidator` or `SaveFlow`.
  public func implementation(for item: PackItem) -> String {
    if case .saveFlow = item.replay { return "SaveFlow" }
    return "FieldValidator"
  }

  /// The core's rules for `field`'s rule names (`required`, `han-name`, `japanese-name`,
  /// `korean-name`, `email`, `regex:<pattern>`), combined in order, behind the team's own verdicts
  /// (the field's samples, which bind the core as they bind the app); `nil` for an unknown name or
  /// verdict, or a pattern that does not compile.
  public static func rule(for field: PackField, policies: CompositionPolicies = .defaults)
    -> (any ValidationRule)?
  {
    guard let rules = rules(for: field, policies: policies) else { return nil }
    if field.samples.isEmpty { return rules }
    var declared: [(text: String, verdict: DeclaredVerdictsRule.Declared)] = []
    for sample in field.samples {
      guard let verdict = DeclaredVerdictsRule.Declared(rawValue: sample.verdict) else { return nil }
      declared.append((sample.text, verdict))
    }
    return DeclaredVerdictsRule(declared, otherwise: rules)
  }

  /// The core's rules for `field`'s rule names alone, combined in order, the name rules taking the
  /// separators `policies` declare; `nil` for an unknown name or a pattern that does not compile.
  static func rules(for field: PackField, policies: CompositionPolicies) -> AllOfRule? {
    let hanSeparators = CompositionPolicies.scalars(policies.hanNameSeparators ?? []).union([
      HanNameRule.middleDot
    ])
    let japaneseSeparators = CompositionPolicies.scalars(policies.japaneseNameSeparators ?? [])
    var rules: [any ValidationRule] = []
    for name in field.rules {
      switch name {
      case "required": rules.append(RequiredRule())
      case "han-name": rules.append(HanNameRule(separators: hanSeparators))
      case "japanese-name": rules.append(JapaneseNameRule(separators: japaneseSeparators))
      case "korean-name": rules.append(KoreanNameRule())
      case "email": rules.append(EmailRule())
      default:
        guard name.hasPrefix("regex:"), let rule = try? PatternRule(String(name.dropFirst(6))) else {
          return nil
        }
        rules.append(rule)
      }
    }
    return AllOfRule(rules)
  }
}
