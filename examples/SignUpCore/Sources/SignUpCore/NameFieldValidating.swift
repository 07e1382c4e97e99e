import AcceptanceCore

/// A name field's validator as the form's view controller uses it: the text field it watches,
/// what the field shows, and what each way of submitting does.
///
/// AcceptanceCore's `FieldValidator` is one (``SignUpForm``); the articles' code as written is
/// another (``ArticleNameFieldValidator``).
///
/// ```swift
/// func textFieldShouldReturn(_ textField: UITextField) -> Bool {
///   if case .accepted(let name) = form.japaneseName.returnPressed() { api.register(name) }
///   return true
/// }
/// ```
public protocol NameFieldValidating: AnyObject {
  /// The text field the validator watches (the `UITextField`'s text, marked range and events).
  var field: TextFieldModel { get }
  /// The error label's text, or `nil` when hidden.
  var message: String? { get }
  /// Whether the Save button is enabled.
  var isSubmitEnabled: Bool { get }
  /// `textFieldShouldReturn(_:)`: what the Return did, or `nil` when it did not submit.
  func returnPressed() -> SubmitOutcome?
  /// The Save button's action (`.button`) or a submission from code (`.programmatic`: a keyboard
  /// shortcut, state restoration).
  func submit(via trigger: SubmitTrigger) -> SubmitOutcome
  /// Judges the text after the app's code assigned ``field``'s text (a restored draft): UIKit sends
  /// no event for an assignment.
  func revalidate()
}
