/// The code under test, as the runner sees it: a name and version for the report, and a fresh
/// composition or save-flow subject per item.
///
/// ```swift
/// struct MyApp: HarnessSubject {
///   var name: String { "SignUpForm" }
///   var version: String { "4.12.0 (812)" }
///   func compositionSubject(for item: PackItem, environment: CompositionEnvironment) -> (any CompositionSubject)? {
///     environment.field.id == "full-name" ? NameFieldSubject(environment) : nil
///   }
///   func saveFlowSubject(for item: PackItem, environment: SaveFlowEnvironment) -> (any SaveFlowSubject)? {
///     SaveButtonSubject(environment)
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
