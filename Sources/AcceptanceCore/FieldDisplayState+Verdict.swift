extension FieldDisplayState {
  /// What a field shows once its committed text has been judged: a valid text enables the button,
  /// an invalid one shows its message; an incomplete one refuses submission and shows its message
  /// only when the text is being submitted.
  ///
  /// The one mapping from ``RuleVerdict`` to display, used by ``FieldValidator`` and by qapass's
  /// naive negative control (which judges every edit as if it were a submission).
  ///
  /// ```swift
  /// FieldDisplayState(.incomplete(.koreanNameIncomplete), messages: .init(), submitting: false)
  /// // message nil, button disabled, phase .editing
  /// ```
  ///
  /// - Parameters:
  ///   - verdict: The rule's verdict on the committed text.
  ///   - messages: The field's message texts.
  ///   - submitting: Whether the text is judged for a submission.
  package init(_ verdict: RuleVerdict, messages: ValidationMessages, submitting: Bool) {
    switch verdict {
    case .valid:
      self.init(message: nil, isSubmitEnabled: true, phase: .valid)
    case .invalid(let key):
      self.init(message: messages.text(for: key), isSubmitEnabled: false, phase: .invalid)
    case .incomplete(let key):
      self.init(
        message: submitting ? messages.text(for: key) : nil, isSubmitEnabled: false,
        phase: submitting ? .invalid : .editing)
    }
  }
}
