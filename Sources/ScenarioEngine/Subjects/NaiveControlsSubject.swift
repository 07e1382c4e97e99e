import AcceptanceCore
import CoreAdapters
import QAModel
import QAPassHarness

/// The negative controls as a harness subject: ``NaiveFieldValidator`` for every composition item
/// and, per haptic check, the ``NaiveSaveFlow`` built to fail it (``AutomatedRun/negativeControl(for:)``).
package struct NaiveControlsSubject: HarnessSubject {
  /// `naive controls`.
  package var name: String { "naive controls" }
  /// The qapass version.
  package var version: String

  /// Creates the subject.
  package init(version: String) {
    self.version = version
  }

  /// A fresh ``NaiveFieldValidator`` with the field's rules; for `p2` (the rules themselves),
  /// the core's validator with ``NaiveRule``s.
  package func compositionSubject(for item: PackItem, field: PackField) -> (any CompositionSubject)? {
    if CheckID(rawValue: item.check) == .p2 {
      let naive = AllOfRule(field.rules.map { NaiveRule(name: $0) })
      return FieldValidatingAdapter(FieldValidator(field: TextFieldModel(), rule: naive))
    }
    guard let rule = ReferenceCoreSubject.rule(for: field) else { return nil }
    return FieldValidatingAdapter(NaiveFieldValidator(field: TextFieldModel(), rule: rule))
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

  /// `NaiveFieldValidator`, `NaiveRule` for `p2`, or the naive flow's implementation name.
  package func implementation(for item: PackItem) -> String {
    if CheckID(rawValue: item.check) == .p2 { return "NaiveRule" }
    if case .saveFlow = item.replay {
      return (HapticChecks.naiveFlows[CheckID(rawValue: item.check)] ?? .playsOnTap).implementationName
    }
    return "NaiveFieldValidator"
  }
}
