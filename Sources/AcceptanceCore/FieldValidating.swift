/// What a form field shows, as a value an app binds to.
public enum FieldPhase: String, Hashable, Sendable, CaseIterable {
  /// Not judged yet, or unfinished (a trailing lone Korean jamo): no message.
  case editing
  /// Marked text is present: validation is paused and submission refused.
  case composing
  /// The committed text satisfies the rule.
  case valid
  /// The committed text breaks the rule; a message is shown.
  case invalid
}

/// Everything a form shows for one field, as one value to bind a view to.
public struct FieldDisplayState: Hashable, Sendable {
  /// The message under the field, or `nil`.
  public var message: String?
  /// Whether the submit button is enabled.
  public var isSubmitEnabled: Bool
  /// What the field shows.
  public var phase: FieldPhase

  /// Creates a display state.
  public init(message: String?, isSubmitEnabled: Bool, phase: FieldPhase) {
    self.message = message
    self.isSubmitEnabled = isSubmitEnabled
    self.phase = phase
  }
}

/// How the user (or the app) asked to submit the form.
public enum SubmitTrigger: String, Hashable, Sendable, CaseIterable {
  /// The submit button was tapped (even one whose cached enabled state is stale).
  case button
  /// `textFieldShouldReturn(_:)` was called.
  case returnKey
  /// Code submitted the form (a shortcut, a test, a state restoration).
  case programmatic
}

/// The answer to a submission.
public enum SubmitOutcome: Hashable, Sendable {
  /// Composition had ended and the text is valid; carries the text to submit.
  case accepted(String)
  /// Marked text is present: nothing is submitted.
  case refusedComposing
  /// The committed text is invalid or incomplete; carries the message now shown.
  case refusedInvalid(String)

  /// Whether the form was submitted.
  public var isAccepted: Bool {
    if case .accepted = self { return true }
    return false
  }
}

/// A validator for one text field, driven by the field's events; the seam where qapass swaps
/// the composition-aware ``FieldValidator`` for a deliberately naive test subject.
public protocol FieldValidating: TextFieldObserver {
  /// The field the validator watches.
  var field: TextFieldModel { get }
  /// The message under the field, or `nil`.
  var message: String? { get }
  /// Whether the submit button is enabled.
  var isSubmitEnabled: Bool { get }
  /// What the field shows.
  var phase: FieldPhase { get }
  /// Handles a submission from any path and says what happened.
  func submit(via trigger: SubmitTrigger) -> SubmitOutcome
  /// Judges the text now, as after an edit: app code calls it after assigning
  /// ``TextFieldModel/text``, which (like `UITextField.text = …`) sends no event.
  func revalidate()
  /// The outcome of the last submission, including those made through ``TextFieldEvent/returnKey``.
  var lastSubmitOutcome: SubmitOutcome? { get }
}

extension FieldValidating {
  /// The message, button state and phase together.
  public var displayState: FieldDisplayState {
    FieldDisplayState(message: message, isSubmitEnabled: isSubmitEnabled, phase: phase)
  }
}
