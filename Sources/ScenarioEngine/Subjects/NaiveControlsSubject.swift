import AcceptanceCore
import CoreAdapters
import QAModel
import QAPassHarness

/// The negative controls as a harness subject: ``NaiveFieldValidator`` for the composition items,
/// the control built for a check where the naive validator would pass it for another reason
/// (``compositionControls``), and, per haptic check, the ``NaiveSaveFlow`` built to fail it
/// (``AutomatedRun/negativeControl(for:)``).
package struct NaiveControlsSubject: HarnessSubject, Sendable {
  /// `naive controls`.
  package var name: String { "naive controls" }
  /// The qapass version.
  package var version: String

  /// Creates the subject.
  package init(version: String) {
    self.version = version
  }

  /// The composition checks whose control is not the naive validator: `p2` (the rules themselves)
  /// runs the core's validator with ``NaiveRule``s, `t1` a validator whose submissions read a
  /// debounced verdict (``DefectiveFieldValidator/Defect/staleDebouncedVerdict``), `r5` a field that
  /// takes UTF-16 ranges as character offsets (``CharacterOffsetField``), and `r2` the core's
  /// validator giving the other answer than the team's `silent_commit_return` (a naive validator
  /// passes it wherever the marked text it last judged was the committed text; `r2` by the button and
  /// by code, a validator whose Save and code trust the composing state of the last event,
  /// ``r2SubmitControl``), and `r6` a validator that skips a change leaving the length as it was
  /// (``DefectiveFieldValidator/Defect/sameLengthTakenAsDuplicate``).
  package static let compositionControls: [CheckID: String] = [
    .p2: "NaiveRule", .t1: DefectiveFieldValidator.Defect.staleDebouncedVerdict.implementationName,
    .r5: "CharacterOffsetField", .r2: "FieldValidator (the other silent_commit_return)",
    .r6: DefectiveFieldValidator.Defect.sameLengthTakenAsDuplicate.implementationName,
  ]

  /// The control of `r2` by the button and by code: the other `silent_commit_return` changes nothing
  /// there.
  package static let r2SubmitControl = DefectiveFieldValidator.Defect.submitTrustsEventState

  /// Whether `item` is `r2` submitted by the button or code.
  static func submitsByButtonOrCode(_ item: PackItem) -> Bool {
    CheckID(rawValue: item.check) == .r2 && item.configuration["submit_path"] != nil
      && item.configuration["submit_path"] != SubmitTrigger.returnKey.segment
  }

  /// A fresh naive (or check-specific) composition control for the environment's field.
  package func compositionSubject(for item: PackItem, environment: CompositionEnvironment)
    -> (any CompositionSubject)?
  {
    let field = environment.field
    switch CheckID(rawValue: item.check) {
    case .p2:
      let naive = AllOfRule(field.rules.map { NaiveRule(name: $0) })
      return FieldValidatingAdapter(
        FieldValidator(field: TextFieldModel(), rule: naive), recorder: environment.recorder)
    case .r5:
      return CharacterOffsetField(countsCharacters: true)
    default:
      break
    }
    var policies = CompositionPolicies.defaults
    if case .composition(let script) = item.replay { policies = script.policies }
    guard let rule = ReferenceCoreSubject.rule(for: field, policies: policies) else { return nil }
    let defect: DefectiveFieldValidator.Defect? =
      switch CheckID(rawValue: item.check) {
      case .t1: .staleDebouncedVerdict
      case .r6: .sameLengthTakenAsDuplicate
      case .r2 where Self.submitsByButtonOrCode(item): Self.r2SubmitControl
      default: nil
      }
    if let defect {
      let validator = DefectiveFieldValidator(
        defect: defect, field: TextFieldModel(), rule: rule, clock: environment.clock)
      return FieldValidatingAdapter(validator, recorder: environment.recorder)
    }
    if CheckID(rawValue: item.check) == .r2, case .composition(let script) = item.replay {
      let other: SilentCommitReturn = script.policies.silentCommitReturn == .submits ? .judges : .submits
      let validator = FieldValidator(field: TextFieldModel(), rule: rule, silentCommitReturn: other)
      return FieldValidatingAdapter(validator, recorder: environment.recorder)
    }
    return FieldValidatingAdapter(
      NaiveFieldValidator(field: TextFieldModel(), rule: rule), recorder: environment.recorder)
  }

  /// A fresh naive flow with the check's defect, its own confirmation the item's contract (as
  /// ``ReferenceCoreSubject`` configures the core), so only the defect fails the item.
  package func saveFlowSubject(for item: PackItem, environment: SaveFlowEnvironment) -> (any SaveFlowSubject)?
  {
    guard case .saveFlow(let script) = item.replay else { return nil }
    let defect = HapticChecks.naiveFlows[CheckID(rawValue: item.check)] ?? .playsOnTap
    let confirmation = HapticPattern(packEvents: script.contract)
    return SaveFlowingAdapter(environment) { saver, player, _ in
      NaiveSaveFlow(defect: defect, saver: saver, player: player, confirmation: confirmation)
    }
  }

  /// `NaiveFieldValidator`, the check's own control (``compositionControls``), or the naive flow's
  /// implementation name.
  package func implementation(for item: PackItem) -> String {
    if Self.submitsByButtonOrCode(item) { return Self.r2SubmitControl.implementationName }
    if let control = Self.compositionControls[CheckID(rawValue: item.check)] { return control }
    if case .saveFlow = item.replay {
      return (HapticChecks.naiveFlows[CheckID(rawValue: item.check)] ?? .playsOnTap).implementationName
    }
    return "NaiveFieldValidator"
  }
}
