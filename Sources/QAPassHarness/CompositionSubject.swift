/// A team's text field wiring under test: it receives operations and events as a `UITextField`'s
/// text-input system, targets and delegate would, and shows what the form shows.
///
/// Implement it over the app's own validator (or, on Apple platforms, over a real `UITextField`),
/// built with the item's ``CompositionEnvironment``: the app schedules delayed work on its clock and
/// sends submitted text through its recorder. The runner calls the operations in order; each mutates
/// the field as UIKit would (an operation alone sends no event: events arrive separately through
/// ``receive(_:)``). Every requirement is one the app answers itself: there are no defaults.
///
/// `FieldValidatingAdapter` (CoreAdapters) is one over AcceptanceCore's validator and `UITextFieldSubject`
/// (QAPassHarnessUIKit) one over a real `UITextField`; ``HarnessSubject``'s example hands one out.
public protocol CompositionSubject: AnyObject {
  /// `setMarkedText(_:selectedRange:)`, with `selectedRange` relative to the marked text.
  func setMarkedText(_ text: String, selectedRange: PackRange)
  /// `unmarkText()`.
  func unmarkText()
  /// `insertText(_:)`.
  func insertText(_ text: String)
  /// `deleteBackward()`.
  func deleteBackward()
  /// `replace(_:withText:)`, `range` in UTF-16 code units.
  func replace(_ range: PackRange, with text: String)
  /// The selection becomes `range` (`selectedTextRange`, in UTF-16 code units); a selection outside
  /// the marked text ends the composition, the marked text staying as it is. Its event, if any,
  /// arrives separately (`selectionChanged`).
  func select(_ range: PackRange)
  /// The app's own code assigns the field's text (a restored draft, a suggestion): UIKit sends no
  /// event, so whatever the app does to refresh the form after such an assignment must run here.
  func assignText(_ text: String)
  /// The field delivers `event`; for ``FieldEvent/returnKey`` (`textFieldShouldReturn`) return
  /// what the app did: a ``Submission``, or `nil` when it did not treat the Return as one.
  func receive(_ event: FieldEvent) -> Submission?
  /// The submit button (or code) asks the form to submit.
  func submit(via path: SubmitPath) -> Submission

  /// The field's whole text, marked text included.
  var text: String { get }
  /// Whether a validation message is visible.
  var isMessageShown: Bool { get }
  /// Whether the submit button is enabled.
  var isSubmitEnabled: Bool { get }
  /// The message's text, for traces of failures (never checked: messages are the app's own), or
  /// `nil` when none shows or the app does not tell.
  var messageText: String? { get }
}

extension CompositionSubject {
  /// Applies one action and returns the submission it made, if any.
  public func perform(_ action: FieldAction) -> Submission? {
    switch action {
    case .setMarkedText(let text, let selection): setMarkedText(text, selectedRange: selection)
    case .unmarkText: unmarkText()
    case .insertText(let text): insertText(text)
    case .deleteBackward: deleteBackward()
    case .replace(let range, let text): replace(range, with: text)
    case .select(let range): select(range)
    case .assignText(let text): assignText(text)
    case .event(let event): return receive(event)
    case .submit(let path): return submit(via: path)
    }
    return nil
  }
}
