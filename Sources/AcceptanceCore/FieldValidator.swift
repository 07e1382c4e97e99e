/// The composition-aware validator: never judges marked text, re-judges when composition ends
/// however that is announced, and re-checks everything on every submission.
///
/// The contract:
/// - While ``TextFieldModel/markedTextRange`` is not `nil`: the old message is cleared, the rule
///   is not evaluated, the button is disabled and every submission is refused.
/// - When composition ends, whichever event arrives first (`editingChanged`,
///   `selectionChanged` or `editingDidEnd`) re-evaluates the committed text, so a commit with no
///   `editingChanged` is still judged; evaluation is idempotent, so a duplicate
///   `editingChanged` changes nothing.
/// - Every submission (button, Return, programmatic) checks composition again and evaluates the
///   text again; the cached button state is never trusted. A Return submits unless text is marked,
///   as the articles' `submit` does, also right after a commit no event announced.
/// - With ``SilentCommitReturn/judges`` (a team's declared policy, README "Matrix file"), a Return
///   that arrives while the validator still believes the field is composing, with no event
///   announcing the commit in between, is taken as the key that confirmed the candidate: the text
///   is judged but not submitted (``SubmitOutcome/refusedComposing``).
/// - The business rule is injected; an ``RuleVerdict/incomplete(_:)`` verdict shows nothing
///   while editing but refuses submission with its message.
/// - Typed text is never logged: ``log`` records events, phases and lengths only.
///
/// ```swift
/// let field = TextFieldModel()
/// let validator = FieldValidator(field: field, rule: AllOfRule([RequiredRule(), HanNameRule()]))
/// try field.setMarkedText("zhong", selectedRange: .caret(at: 5))
/// field.send(.editingChanged)
/// validator.submit(via: .returnKey)   // .refusedComposing, no "Chinese only" error shown
/// ```
///
/// Confine a validator to the thread of its field.
public final class FieldValidator: FieldValidating {
  /// The field the validator watches.
  public let field: TextFieldModel
  /// The business rule applied to committed text.
  public let rule: any ValidationRule
  /// What a Return right after a commit no event announced does.
  public let silentCommitReturn: SilentCommitReturn
  /// This field's message texts.
  public let messages: ValidationMessages
  /// The message under the field, or `nil`.
  public private(set) var message: String?
  /// Whether the submit button is enabled.
  public private(set) var isSubmitEnabled: Bool
  /// What the field shows.
  public private(set) var phase: FieldPhase = .editing
  /// The outcome of the last submission.
  public private(set) var lastSubmitOutcome: SubmitOutcome?
  /// What the validator did, without any typed text.
  public private(set) var log: [ValidatorLogEntry] = []
  /// Called with the new display state whenever message, button state or phase changed.
  public var onDisplayStateChange: ((FieldDisplayState) -> Void)?
  private var lastReportedState: FieldDisplayState?
  private var hasInteracted = false

  /// Creates a validator and registers it as an observer of `field`.
  ///
  /// The initial text is judged silently: no message, the button enabled only when the text
  /// is valid and not being composed.
  ///
  /// - Parameters:
  ///   - field: The field to watch; the validator keeps it alive, the field holds it weakly.
  ///   - rule: The business rule for committed text.
  ///   - messages: The field's message texts.
  ///   - silentCommitReturn: What a Return right after a silent commit does: submit (the default,
  ///     as the articles have it) or only judge.
  public init(
    field: TextFieldModel, rule: any ValidationRule, messages: ValidationMessages = .init(),
    silentCommitReturn: SilentCommitReturn = .submits
  ) {
    self.field = field
    self.rule = rule
    self.messages = messages
    self.silentCommitReturn = silentCommitReturn
    isSubmitEnabled = !field.isComposing && rule.evaluate(field.text) == .valid
    lastReportedState = FieldDisplayState(message: nil, isSubmitEnabled: isSubmitEnabled, phase: .editing)
    field.addObserver(self)
  }

  /// Reacts to an event the field delivered.
  public func textField(_ field: TextFieldModel, didReceive event: TextFieldEvent) {
    switch event {
    case .returnKey:
      if silentCommitReturn == .judges && phase == .composing && !field.isComposing {
        // The last thing this validator saw was marked text and no event has announced the
        // commit since: the team takes this Return as the key that confirmed the candidate (確定).
        // Confirming is not submitting.
        revalidateAfterConfirmingReturn()
      } else {
        _ = submit(via: .returnKey)
      }
      return
    case .editingDidBegin:
      if field.isComposing { enterComposing() }
    case .editingChanged, .selectionChanged, .editingDidEnd:
      if field.isComposing {
        enterComposing()
      } else if event != .selectionChanged || hasInteracted {
        hasInteracted = true
        apply(rule.evaluate(field.text), submitting: false)
      }
    }
    record(.event(event))
  }

  /// Judges the committed text now, as after an edit; call it after assigning
  /// ``TextFieldModel/text`` in code, which (like UIKit) sends no event.
  public func revalidate() {
    if field.isComposing {
      enterComposing()
    } else {
      hasInteracted = true
      apply(rule.evaluate(field.text), submitting: false)
    }
    record(.revalidate)
  }

  /// Checks composition, judges the text again, and submits only valid committed text.
  ///
  /// - Parameter trigger: The path the submission came from; all paths are checked alike.
  /// - Returns: ``SubmitOutcome/accepted(_:)`` with the text, or why it was refused.
  @discardableResult
  public func submit(via trigger: SubmitTrigger) -> SubmitOutcome {
    let outcome: SubmitOutcome
    if field.isComposing {
      enterComposing()
      outcome = .refusedComposing
    } else {
      hasInteracted = true
      let verdict = rule.evaluate(field.text)
      apply(verdict, submitting: true)
      if let key = verdict.messageKey {
        outcome = .refusedInvalid(messages.text(for: key))
      } else {
        outcome = .accepted(field.text)
      }
    }
    lastSubmitOutcome = outcome
    record(.submit(trigger, accepted: outcome.isAccepted))
    return outcome
  }

  private func revalidateAfterConfirmingReturn() {
    apply(rule.evaluate(field.text), submitting: false)
    lastSubmitOutcome = .refusedComposing
    record(.submit(.returnKey, accepted: false))
  }

  private func enterComposing() {
    hasInteracted = true
    phase = .composing
    message = nil
    isSubmitEnabled = false
  }

  private func apply(_ verdict: RuleVerdict, submitting: Bool) {
    let shown = FieldDisplayState(verdict, messages: messages, submitting: submitting)
    phase = shown.phase
    message = shown.message
    isSubmitEnabled = shown.isSubmitEnabled
  }

  private func record(_ action: ValidatorLogEntry.Action) {
    let state = displayState
    if state != lastReportedState {
      lastReportedState = state
      onDisplayStateChange?(state)
    }
    log.append(
      ValidatorLogEntry(
        action: action, phase: phase, utf16Length: field.utf16.count,
        markedLength: field.markedTextRange?.length))
  }
}

/// What a Return that reaches the app right after a commit no event announced does.
public enum SilentCommitReturn: String, Hashable, Sendable, CaseIterable {
  /// An ordinary submission: refused only while text is marked (the articles' `submit`).
  case submits
  /// The key that confirmed the candidate: the text is judged, not submitted; the next Return submits.
  case judges
}

/// One thing a validator did, recorded without the typed text (lengths only).
public struct ValidatorLogEntry: Hashable, Sendable, CustomStringConvertible {
  /// What triggered the entry.
  public enum Action: Hashable, Sendable {
    /// An event from the field.
    case event(TextFieldEvent)
    /// An explicit ``FieldValidator/revalidate()``.
    case revalidate
    /// A submission and whether it was accepted.
    case submit(SubmitTrigger, accepted: Bool)
  }

  /// What triggered the entry.
  public var action: Action
  /// The phase afterwards.
  public var phase: FieldPhase
  /// The text's length in UTF-16 code units.
  public var utf16Length: Int
  /// The marked text's length, or `nil` when not composing.
  public var markedLength: Int?

  /// `event=editingChanged phase=composing utf16=5 marked=5`.
  public var description: String {
    let what: String
    switch action {
    case .event(let event): what = "event=\(event.rawValue)"
    case .revalidate: what = "revalidate"
    case .submit(let trigger, let accepted): what = "submit=\(trigger.rawValue) accepted=\(accepted)"
    }
    let marked = markedLength.map(String.init) ?? "none"
    return "\(what) phase=\(phase.rawValue) utf16=\(utf16Length) marked=\(marked)"
  }
}
