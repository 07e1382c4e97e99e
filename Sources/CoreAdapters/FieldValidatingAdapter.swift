import AcceptanceCore
import QAPassHarness

/// A ``FieldValidating`` validator and its ``TextFieldModel`` as a harness ``CompositionSubject``.
///
/// Operations go to the field as UIKit's text-input system would call them; events go through
/// ``TextFieldModel/send(_:)`` to the validator; Return answers with the validator's
/// ``FieldValidating/lastSubmitOutcome`` when the Return made a submission. It stands for the app
/// around the validator: code that assigns the text then calls ``FieldValidating/revalidate()``, as
/// AcceptanceCore asks, and every accepted submission sends its text through the recorder.
///
/// ```swift
/// let field = TextFieldModel()
/// let validator = FieldValidator(field: field, rule: HanNameRule())
/// let subject = FieldValidatingAdapter(validator, recorder: SubmissionRecorder())
/// ```
public final class FieldValidatingAdapter: CompositionSubject {
  /// The validator under test.
  public let validator: any FieldValidating
  /// Where accepted submissions are sent.
  public let recorder: SubmissionRecorder
  /// Edits the field refused (a range outside the text or inside a surrogate pair), described.
  public private(set) var refusedEdits: [String] = []

  /// Wraps `validator`, which watches its own field; accepted submissions go to `recorder`.
  public init(_ validator: any FieldValidating, recorder: SubmissionRecorder) {
    self.validator = validator
    self.recorder = recorder
  }

  private var field: TextFieldModel { validator.field }

  private func edit(_ body: () throws(TextFieldError) -> Void) {
    do { try body() } catch { refusedEdits.append(error.description) }
  }

  /// `setMarkedText(_:selectedRange:)`.
  public func setMarkedText(_ text: String, selectedRange: PackRange) {
    edit { () throws(TextFieldError) in
      try field.setMarkedText(
        text, selectedRange: TextRange(location: selectedRange.location, length: selectedRange.length))
    }
  }

  /// `unmarkText()`.
  public func unmarkText() { field.unmarkText() }
  /// `insertText(_:)`.
  public func insertText(_ text: String) { field.insertText(text) }
  /// `deleteBackward()`.
  public func deleteBackward() { field.deleteBackward() }

  /// `replace(_:withText:)`.
  public func replace(_ range: PackRange, with text: String) {
    edit { () throws(TextFieldError) in
      try field.replace(TextRange(location: range.location, length: range.length), with: text)
    }
  }

  /// `select(_:)`.
  public func select(_ range: PackRange) {
    edit { () throws(TextFieldError) in
      try field.select(TextRange(location: range.location, length: range.length))
    }
  }

  /// Code assigns `text` (no event), then asks the validator to judge it, as an app adopting
  /// AcceptanceCore does.
  public func assignText(_ text: String) {
    field.text = text
    validator.revalidate()
  }

  /// Delivers `event`; for Return, what the validator did with it.
  public func receive(_ event: FieldEvent) -> Submission? {
    let before = validator.submissionCount
    field.send(TextFieldEvent(event))
    guard event == .returnKey, validator.submissionCount != before || before == nil else { return nil }
    return validator.lastSubmitOutcome.map(sent)
  }

  /// `submit(via:)` on the validator.
  public func submit(via path: SubmitPath) -> Submission {
    sent(validator.submit(via: path == .button ? .button : .programmatic))
  }

  /// The outcome as the harness sees it, its text sent when accepted.
  private func sent(_ outcome: SubmitOutcome) -> Submission {
    if case .accepted(let text) = outcome { recorder.send(text) }
    return Submission(outcome)
  }

  /// The field's text, marked text included.
  public var text: String { field.text }
  /// Whether the validator shows a message.
  public var isMessageShown: Bool { validator.message != nil }
  /// The validator's message.
  public var messageText: String? { validator.message }
  /// Whether the validator enables the button.
  public var isSubmitEnabled: Bool { validator.isSubmitEnabled }
}

extension FieldValidating {
  /// The number of submissions a ``FieldValidator`` logged, or `nil` for validators that keep no log.
  fileprivate var submissionCount: Int? {
    guard let core = self as? FieldValidator else { return nil }
    return core.log.count {
      if case .submit = $0.action { true } else { false }
    }
  }
}

extension Submission {
  /// The harness's view of an AcceptanceCore outcome.
  public init(_ outcome: SubmitOutcome) {
    switch outcome {
    case .accepted(let text): self = .accepted(text)
    case .refusedComposing: self = .refusedComposing
    case .refusedInvalid: self = .refusedInvalid
    }
  }
}

/// ``FieldValidatingAdapter``'s name before it said that it adapts AcceptanceCore's `FieldValidating`.
@available(*, deprecated, renamed: "FieldValidatingAdapter")
public typealias ValidatorSubject = FieldValidatingAdapter
