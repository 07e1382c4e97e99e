/// Where a submitted form goes (the app's network layer).
public protocol FormSending: AnyObject {
  /// Sends the field's committed text.
  func send(_ text: String)
}

/// What the last submission attempt did.
public enum SubmitOutcome: Hashable, Sendable {
  /// The text was sent.
  case sent(String)
  /// Refused: text is still being composed.
  case refusedComposing
  /// Refused: the committed text is invalid or unfinished.
  case refusedInvalid
}

/// One field of the form and its Save button, wired the articles' way (an `editingChanged` target and
/// the text field's delegate) with the corrections the articles state.
///
/// - While text is marked (being composed), the old message goes, the rules wait, and the form
///   refuses to submit.
/// - When the composition ends, whichever way it is announced (`editingChanged`, a selection change,
///   the end of editing), the text is judged again.
/// - Every submission path (the button, Return, code) checks again that nothing is marked and
///   judges the text once more before sending it; the button's cached state is never trusted.
/// - Code that assigns the text judges it at once: UIKit sends no event for it.
///
/// ```swift
/// let controller = FieldController(form: .chineseName, sender: api)
/// controller.field.setMarkedText("wang", selectedRange: .caret(4))
/// controller.field.sendActions(for: .editingChanged)   // composing: no message, Save disabled
/// ```
public final class FieldController: TextFieldDelegate {
  /// The text field.
  public let field: TextField
  /// The field's rules and messages.
  public let form: FormField
  /// The message under the field, or `nil`.
  public private(set) var errorMessage: String?
  /// Whether the Save button is enabled.
  public private(set) var isSaveEnabled = false
  /// What the last submission attempt did.
  public private(set) var lastSubmission: SubmitOutcome?
  /// How many submissions were attempted (for the app's analytics).
  public private(set) var submissionCount = 0
  private let sender: any FormSending

  /// Wires a new field for `form`, sending submissions to `sender`.
  public init(form: FormField, sender: any FormSending, field: TextField = TextField()) {
    self.form = form
    self.sender = sender
    self.field = field
    field.delegate = self
    field.addTarget(for: .editingChanged) { [unowned self] in textChanged() }
  }

  /// Code sets the field's text (a restored draft, a suggestion the app fills in).
  public func setText(_ text: String) {
    field.setText(text)
    refresh()
  }

  /// The Save button's action.
  @discardableResult
  public func saveTapped() -> SubmitOutcome { submit() }

  /// `editingChanged`.
  private func textChanged() { refresh() }

  /// Nothing to do when editing begins.
  public func textFieldDidBeginEditing(_ field: TextField) {}

  /// Focus left: a composition the keyboard committed on the way out is judged.
  public func textFieldDidEndEditing(_ field: TextField) { refresh() }

  /// A commit can arrive with no `editingChanged` at all: only the marked range goes.
  public func textFieldDidChangeSelection(_ field: TextField) { refresh() }

  /// Return submits, through the same checks as the button.
  public func textFieldShouldReturn(_ field: TextField) -> Bool {
    submit()
    return true
  }

  private func refresh() {
    guard field.markedTextRange == nil else {
      errorMessage = nil
      isSaveEnabled = false
      return
    }
    show(form.evaluate(field.text))
  }

  private func show(_ result: (verdict: Verdict, message: String?)) {
    errorMessage = result.message
    isSaveEnabled = result.verdict == .valid
  }

  @discardableResult
  private func submit() -> SubmitOutcome {
    let outcome: SubmitOutcome
    if field.markedTextRange != nil {
      outcome = .refusedComposing
    } else {
      let result = form.evaluate(field.text)
      show(result)
      if result.verdict == .valid {
        sender.send(field.text)
        outcome = .sent(field.text)
      } else {
        outcome = .refusedInvalid
      }
    }
    lastSubmission = outcome
    submissionCount += 1
    return outcome
  }
}
