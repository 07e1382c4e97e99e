import AcceptanceCore

/// A deliberately naive validator, the negative control for the composition checks.
///
/// It does what many apps do: validates `text` on every `editingChanged` — marked text
/// included, so pinyin letters get a "Chinese only" error — shows that message, enables the
/// button from that result, ignores `selectionChanged` and `editingDidEnd` (so a commit
/// announced without `editingChanged` is never re-judged), does nothing when code assigns the text
/// (it waits for an `editingChanged` that never comes), treats "incomplete" as an error, and on
/// every submit path trusts the cached button state. Every check qapass runs must fail
/// against it; a check it passes proves nothing.
package final class NaiveFieldValidator: FieldValidating {
  /// The field the validator watches.
  package let field: TextFieldModel
  /// The business rule, applied to whatever the text is.
  package let rule: any ValidationRule
  /// The field's message texts.
  package let messages: ValidationMessages
  /// What the field shows: as after the last `editingChanged`, never ``FieldPhase/composing`` (the
  /// naive validator does not know about marked text).
  private var shown: FieldDisplayState
  /// The outcome of the last submission.
  package private(set) var lastSubmitOutcome: SubmitOutcome?

  /// The message under the field, or `nil`.
  package var message: String? { shown.message }
  /// Whether the submit button is enabled, as computed on the last `editingChanged`.
  package var isSubmitEnabled: Bool { shown.isSubmitEnabled }
  /// Never ``FieldPhase/composing``: the naive validator does not know about marked text.
  package var phase: FieldPhase { shown.phase }

  /// Creates the validator and registers it with `field`.
  package init(field: TextFieldModel, rule: any ValidationRule, messages: ValidationMessages = .init()) {
    self.field = field
    self.rule = rule
    self.messages = messages
    shown = FieldDisplayState(
      message: nil, isSubmitEnabled: rule.evaluate(field.text) == .valid, phase: .editing)
    field.addObserver(self)
  }

  /// Validates on `editingChanged` only, and submits on Return.
  package func textField(_ field: TextFieldModel, didReceive event: TextFieldEvent) {
    switch event {
    case .editingChanged:
      // Every edit is judged as a submission would be: marked text included, and an incomplete
      // text shown as an error.
      shown = FieldDisplayState(rule.evaluate(field.text), messages: messages, submitting: true)
    case .returnKey:
      _ = submit(via: .returnKey)
    case .editingDidBegin, .editingDidEnd, .selectionChanged:
      break
    }
  }

  /// Nothing: the naive validator waits for an `editingChanged`, which code that assigns the text
  /// never sends, so the old verdict stays on screen.
  package func revalidate() {}

  /// Accepts whatever the text is when the cached button state says so.
  @discardableResult
  package func submit(via trigger: SubmitTrigger) -> SubmitOutcome {
    let outcome: SubmitOutcome =
      isSubmitEnabled ? .accepted(field.text) : .refusedInvalid(message ?? messages.text(for: .required))
    lastSubmitOutcome = outcome
    return outcome
  }
}
