// Compiled on Apple platforms only (UIKit); on Linux this module is empty.
#if canImport(UIKit)
  import QAPassHarness
  import UIKit

  /// A real `UITextField` of the app, with its own targets and delegate, as a harness
  /// ``CompositionSubject``: the app's view-controller wiring is what runs (in the Simulator or on
  /// a device, in the app's test target).
  ///
  /// Operations go through `UITextInput` (`setMarkedText(_:selectedRange:)`, `unmarkText()`,
  /// `insertText(_:)`, `deleteBackward()`, `replace(_:withText:)`, `selectedTextRange`); events
  /// through `sendActions(for:)` and the delegate (`textFieldDidChangeSelection`,
  /// `textFieldDidEndEditing`, `textFieldShouldReturn`). What the form shows and does is read
  /// through the closures, since only the app knows its error label and Save button, and a code
  /// assignment of the text runs the app's own code for it (which must refresh the form: UIKit sends
  /// no event). Build the form with the item's ``CompositionEnvironment``: its API client sends
  /// through `environment.recorder`, its delayed work runs on `environment.clock`.
  ///
  /// UIKit may itself send `editingChanged` after a `UITextInput` edit while the field is first
  /// responder; the pack's events arrive in addition. A repeated `editingChanged` is what the
  /// `duplicate-change-on-commit` items already expect a correct form to survive, but confirm on a
  /// device which events UIKit adds [unverified].
  ///
  /// ```swift
  /// /// The name field of the app's sign-up screen, with its error label and Save button, wired by the
  /// /// screen's view controller. `restoreDraft` is the screen's own code that sets the field's text and
  /// /// refreshes the form. What Return and Save did is read from what the app sent (its API client sends
  /// /// through `environment.recorder`), so the app keeps no record for the tests.
  /// @MainActor func nameFieldSubject(
  ///   field: UITextField, errorLabel: UILabel, saveButton: UIButton, submitFromCode: @escaping @MainActor () -> Void,
  ///   restoreDraft: @escaping @MainActor (String) -> Void
  /// ) -> UITextFieldSubject {
  ///   UITextFieldSubject(
  ///     field: field, isMessageShown: { MainActor.assumeIsolated { !errorLabel.isHidden } },
  ///     isSubmitEnabled: { MainActor.assumeIsolated { saveButton.isEnabled } },
  ///     submit: { path in
  ///       MainActor.assumeIsolated {
  ///         switch path {
  ///         case .button:
  ///           // A disabled UIButton ignores the tap: say so rather than send its action.
  ///           guard saveButton.isEnabled else { return .ignoredDisabled }
  ///           saveButton.sendActions(for: .touchUpInside)
  ///         case .programmatic:
  ///           submitFromCode()
  ///         }
  ///         return .unreported
  ///       }
  ///     },
  ///     assignText: { text in MainActor.assumeIsolated { restoreDraft(text) } })
  /// }
  /// ```
  public final class UITextFieldSubject: CompositionSubject {
    private let field: UITextField
    private let messageShown: () -> Bool
    private let submitEnabled: () -> Bool
    private let submitAction: (SubmitPath) -> Submission
    private let lastSubmission: (() -> Submission?)?
    private let assign: (String) -> Void
    private let message: () -> String?

    /// Wraps the app's field.
    ///
    /// - Parameters:
    ///   - field: The app's text field, with its targets and delegate wired.
    ///   - isMessageShown: Whether the form's validation message is visible.
    ///   - isSubmitEnabled: Whether the Save button is enabled.
    ///   - submit: Taps the Save button (or submits from code) and says what happened:
    ///     ``Submission/ignoredDisabled`` for a tap on a disabled button, ``Submission/unreported`` to
    ///     let the runner judge by what the app sent.
    ///   - lastSubmission: What the last Return submitted, if the app tells it, consumed on reading;
    ///     without it (the default) the runner judges a Return by what the app sent.
    ///   - assignText: The app's own code that sets the field's text (a restored draft), refresh included.
    ///   - messageText: The message's text, for traces of failures.
    public init(
      field: UITextField, isMessageShown: @escaping () -> Bool, isSubmitEnabled: @escaping () -> Bool,
      submit: @escaping (SubmitPath) -> Submission, lastSubmission: (() -> Submission?)? = nil,
      assignText: @escaping (String) -> Void, messageText: @escaping () -> String? = { nil }
    ) {
      self.field = field
      self.messageShown = isMessageShown
      self.submitEnabled = isSubmitEnabled
      self.submitAction = submit
      self.lastSubmission = lastSubmission
      self.assign = assignText
      self.message = messageText
    }

    /// Runs `body` with the field on the main actor, where the runner calls the subject. The field is
    /// handed in, so `body` captures no `self`: a closure that did could not go to the main actor in
    /// Swift 6 (`sending 'self' risks causing data races`).
    private func onMain<T: Sendable>(_ body: @MainActor @Sendable (UITextField) -> T) -> T {
      let field = self.field
      return MainActor.assumeIsolated { body(field) }
    }

    /// `setMarkedText(_:selectedRange:)`.
    public func setMarkedText(_ text: String, selectedRange: PackRange) {
      onMain { field in
        field.setMarkedText(
          text, selectedRange: NSRange(location: selectedRange.location, length: selectedRange.length))
      }
    }

    /// `unmarkText()`.
    public func unmarkText() { onMain { field in field.unmarkText() } }

    /// `insertText(_:)`.
    public func insertText(_ text: String) { onMain { field in field.insertText(text) } }

    /// `deleteBackward()`.
    public func deleteBackward() { onMain { field in field.deleteBackward() } }

    /// `replace(_:withText:)` over the UTF-16 range.
    public func replace(_ range: PackRange, with text: String) {
      onMain { field in
        guard let start = field.position(from: field.beginningOfDocument, offset: range.location),
          let end = field.position(from: start, offset: range.length),
          let textRange = field.textRange(from: start, to: end)
        else { return }
        field.replace(textRange, withText: text)
      }
    }

    /// The selection becomes the UTF-16 range (`selectedTextRange`).
    public func select(_ range: PackRange) {
      onMain { field in
        guard let start = field.position(from: field.beginningOfDocument, offset: range.location),
          let end = field.position(from: start, offset: range.length)
        else { return }
        field.selectedTextRange = field.textRange(from: start, to: end)
      }
    }

    /// The app's own code assigns `text` (UIKit sends no event; the app refreshes the form).
    public func assignText(_ text: String) { assign(text) }

    /// Sends the event to the field's targets and delegate; for Return, what the app says it submitted,
    /// or ``Submission/unreported`` (judged by what it sent) when it does not say.
    public func receive(_ event: FieldEvent) -> Submission? {
      onMain { field in
        switch event {
        case .editingDidBegin:
          field.sendActions(for: .editingDidBegin)
          field.delegate?.textFieldDidBeginEditing?(field)
        case .editingChanged:
          field.sendActions(for: .editingChanged)
        case .editingDidEnd:
          field.sendActions(for: .editingDidEnd)
          field.delegate?.textFieldDidEndEditing?(field)
        case .selectionChanged:
          field.delegate?.textFieldDidChangeSelection?(field)
        case .returnKey:
          _ = field.delegate?.textFieldShouldReturn?(field)
          field.sendActions(for: .editingDidEndOnExit)
        }
      }
      guard event == .returnKey else { return nil }
      return lastSubmission.map { $0() } ?? .unreported
    }

    /// Taps Save (or submits from code) through the app.
    public func submit(via path: SubmitPath) -> Submission { submitAction(path) }

    /// The field's text, marked text included.
    public var text: String { onMain { field in field.text ?? "" } }
    /// Whether the form shows its validation message.
    public var isMessageShown: Bool { messageShown() }
    /// Whether the Save button is enabled.
    public var isSubmitEnabled: Bool { submitEnabled() }
    /// The message's text, when the app tells it.
    public var messageText: String? { message() }
  }
#endif
