/// What the form did when asked to submit.
public enum SubmitResult: Hashable, Sendable {
  /// The name was submitted.
  case submitted(String)
  /// Nothing was submitted: text is still being composed.
  case blockedComposing
  /// Nothing was submitted: the name is invalid.
  case blockedInvalid
}

/// The name field's validator as the form's view controller uses it.
public protocol NameFieldValidating: AnyObject {
  /// The error label's text, or `nil` when hidden.
  var errorMessage: String? { get }
  /// Whether the Save button is enabled.
  var isSaveEnabled: Bool { get }
  /// `textFieldShouldReturn(_:)`: what Return did (`nil` when it did not submit anything).
  func returnPressed() -> SubmitResult?
  /// The Save button's action.
  func saveTapped() -> SubmitResult
  /// A submission from code (a keyboard shortcut, state restoration).
  func submitFromCode() -> SubmitResult
  /// Code sets the field's text (a restored draft); UIKit sends no event for it.
  func setText(_ text: String)
}
