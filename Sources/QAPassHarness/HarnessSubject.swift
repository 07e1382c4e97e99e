/// The code under test, as the runner sees it: a name and version for the report, and a fresh
/// composition or save-flow subject per item.
///
/// ```swift
/// import AcceptanceCore
/// import CoreAdapters  // the adapters of AcceptanceCore's validator and save flow
///
/// /// A sign-up form whose name field and Save button are built from AcceptanceCore.
/// struct SignUpForm: HarnessSubject {
///   var name: String { "SignUpForm" }
///   var version: String { "4.12.0 (812)" }
///   func compositionSubject(for item: PackItem, environment: CompositionEnvironment) -> (any CompositionSubject)? {
///     guard environment.field.id == "full-name" else { return nil }
///     let rule = AllOfRule([RequiredRule(), HanNameRule()])
///     let validator = FieldValidator(field: TextFieldModel(), rule: rule)
///     return FieldValidatingAdapter(validator, recorder: environment.recorder)
///   }
///   func saveFlowSubject(for item: PackItem, environment: SaveFlowEnvironment) -> (any SaveFlowSubject)? {
///     SaveFlowingAdapter(environment) { saver, player, capability in
///       SaveFlow(saver: saver, player: player, capability: capability, confirmation: .savedConfirmation())
///     }
///   }
/// }
/// ```
public protocol HarnessSubject {
  /// The subject's name, as the report shows it (`FieldValidator`, `SignUpForm`).
  var name: String { get }
  /// Its version or build.
  var version: String { get }
  /// A fresh subject wired for `environment.field`, scheduling on its clock and sending through its
  /// recorder, or `nil` when the app has no such field (the item is then an error: not run, never a
  /// pass).
  func compositionSubject(for item: PackItem, environment: CompositionEnvironment) -> (
    any CompositionSubject
  )?
  /// A fresh save flow built with `environment`, or `nil` when the app has none.
  func saveFlowSubject(for item: PackItem, environment: SaveFlowEnvironment) -> (any SaveFlowSubject)?
  /// The implementation that ran `item`, for the results (defaults to ``name``: a name, not a handler).
  func implementation(for item: PackItem) -> String
}

extension HarnessSubject {
  /// The subject's name.
  public func implementation(for item: PackItem) -> String { name }
}
