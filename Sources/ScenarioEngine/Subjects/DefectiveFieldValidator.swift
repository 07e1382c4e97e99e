import AcceptanceCore
import QAPassHarness

/// A composition-aware validator with at most one documented ``Defect``: the negative control of an
/// expectation the naive validator does not pin down on its own.
///
/// Without a defect it is a plain, correct validator (never judges marked text, judges committed
/// text on `editingChanged`, `selectionChanged` and `editingDidEnd`, judges again when code assigns
/// the text and on every submission) and passes every composition item of a pack; each defect
/// changes one habit, so an item it fails pins down one flaw, as ``NaiveSaveFlow`` does for the
/// save flow.
///
/// | defect | fails | the flaw (as planted in bench/outsiders' apps) |
/// | --- | --- | --- |
/// | ``Defect/firstEditAfterCommitOnly`` | `c2` | judges only the first `editingChanged` after a commit |
/// | ``Defect/selectionCommitOnlyWhenValid`` | `r4` | a commit announced by a selection change is judged only when valid |
/// | ``Defect/staleDebouncedVerdict`` | `t1` | judges 300 ms after the last change and submits on that verdict |
/// | ``Defect/messageOnRefusalWhileComposing`` | `c3` | a submission refused while composing shows a message |
/// | ``Defect/noRefreshAfterAssignment`` | `p1` | code that assigns the text leaves the old verdict shown |
/// | ``Defect/debouncedKeepsSubmitWhileComposing`` | `c1`, `c3` | judges 300 ms after a change; a new composition leaves Save as it was |
/// | ``Defect/submitTrustsEventState`` | `r2` by button and code | Save and code check a composing flag mirrored from the last event |
/// | ``Defect/sameLengthTakenAsDuplicate`` | `r6` | an `editingChanged` that leaves the length as it was is skipped as a doubled event |
///
/// ```swift
/// let validator = DefectiveFieldValidator(
///   defect: .staleDebouncedVerdict, field: TextFieldModel(), rule: HanNameRule(), clock: VirtualClock())
/// ```
package final class DefectiveFieldValidator: FieldValidating {
  /// One flaw, each built to fail one check.
  package enum Defect: String, Hashable, Sendable, CaseIterable {
    /// Judges only the first `editingChanged` after a commit (to absorb a doubled event), so later
    /// edits, such as deleting until the verdict changes, are never judged.
    case firstEditAfterCommitOnly
    /// Judges a commit announced only by `selectionChanged` when it makes the text valid, so an
    /// invalid commit announced that way shows no message.
    case selectionCommitOnlyWhenValid
    /// Judges ``debounceMilliseconds`` after the last change (on the replay's clock) and submits on
    /// that verdict, so a submission right after an edit reads the previous text's.
    case staleDebouncedVerdict
    /// Refuses a submission while text is marked, but shows a message as if the text were invalid.
    case messageOnRefusalWhileComposing
    /// Does nothing when code assigns the text, waiting for an `editingChanged` that never comes.
    case noRefreshAfterAssignment
    /// Judges ``debounceMilliseconds`` after the last change, and a new composition clears the
    /// message but leaves Save as the last verdict set it: after a pause on a valid candidate, Save
    /// stays enabled while the next text is marked.
    case debouncedKeepsSubmitWhileComposing
    /// The Save button and code check a composing flag mirrored from the last event instead of the
    /// field itself, so after a commit no event announced they refuse the committed text as still
    /// composing (Return asks the field).
    case submitTrustsEventState
    /// Takes an `editingChanged` that leaves the text's UTF-16 length as the last one left it (with no
    /// other event between) for the doubled event of a commit and skips it, so the Korean keyboard's
    /// in-place rewrite of the last syllable (ㅂ to 바 to 박) is never judged while typing goes on.
    case sameLengthTakenAsDuplicate

    /// The implementation name reported for a validator with this defect.
    package var implementationName: String {
      "DefectiveFieldValidator(\(rawValue))"
    }
  }

  /// How long ``Defect/staleDebouncedVerdict`` waits after the last change.
  package static let debounceMilliseconds = 300

  /// The field the validator watches.
  package let field: TextFieldModel
  /// The business rule.
  package let rule: any ValidationRule
  /// The field's message texts.
  package let messages: ValidationMessages
  /// The flaw, or `nil` for none.
  package let defect: Defect?
  /// The message under the field, or `nil`.
  package private(set) var message: String?
  /// Whether the submit button is enabled.
  package private(set) var isSubmitEnabled = false
  /// What the field shows.
  package private(set) var phase = FieldPhase.editing
  /// The outcome of the last submission.
  package private(set) var lastSubmitOutcome: SubmitOutcome?
  private let clock: VirtualClock?
  private var pending: VirtualClock.Task?
  private var interacted = false
  private var composedSinceJudging = false
  private var judgedAfterCommit = false
  /// What the last event said of composition (``Defect/submitTrustsEventState``).
  private var mirroredComposing = false
  /// The UTF-16 length the last `editingChanged` left (``Defect/sameLengthTakenAsDuplicate``).
  private var lengthAfterLastChange: Int?

  /// Creates the validator and registers it with `field`; `clock` runs the debounce of
  /// ``Defect/staleDebouncedVerdict`` (without one it judges at once).
  package init(
    defect: Defect?, field: TextFieldModel, rule: any ValidationRule, messages: ValidationMessages = .init(),
    clock: VirtualClock? = nil
  ) {
    self.defect = defect
    self.field = field
    self.rule = rule
    self.messages = messages
    self.clock = clock
    field.addObserver(self)
  }

  /// Composition first, then the rule, with the defect's one change.
  package func textField(_ field: TextFieldModel, didReceive event: TextFieldEvent) {
    switch event {
    case .returnKey:
      _ = submit(via: .returnKey)
    case .editingDidBegin:
      if field.isComposing { composing() }
    case .editingChanged, .selectionChanged, .editingDidEnd:
      if field.isComposing {
        composing()
        return
      }
      if event == .selectionChanged && !interacted { return }
      if defect == .sameLengthTakenAsDuplicate {
        let length = event == .editingChanged ? field.utf16.count : nil
        defer { lengthAfterLastChange = length }
        if let length, length == lengthAfterLastChange { return }
      }
      if defect == .firstEditAfterCommitOnly, event == .editingChanged {
        guard !judgedAfterCommit else { return }
        judgedAfterCommit = true
      }
      if defect == .selectionCommitOnlyWhenValid, event == .selectionChanged {
        guard composedSinceJudging, rule.evaluate(field.text) == .valid else { return }
      }
      judge()
    }
  }

  /// Judges the text after code assigned it (not with ``Defect/noRefreshAfterAssignment``).
  package func revalidate() {
    guard defect != .noRefreshAfterAssignment else { return }
    if field.isComposing { composing() } else { judge() }
  }

  /// Refuses while composing; otherwise judges and submits (on the debounced verdict with
  /// ``Defect/staleDebouncedVerdict``).
  @discardableResult
  package func submit(via trigger: SubmitTrigger) -> SubmitOutcome {
    let outcome: SubmitOutcome
    let trustsEvents = defect == .submitTrustsEventState && trigger != .returnKey
    if trustsEvents ? mirroredComposing : field.isComposing {
      composing()
      if defect == .messageOnRefusalWhileComposing { message = messages.text(for: .required) }
      outcome = .refusedComposing
    } else if defect == .staleDebouncedVerdict {
      outcome = isSubmitEnabled ? .accepted(field.text) : .refusedInvalid(message ?? "")
    } else {
      interacted = true
      let verdict = rule.evaluate(field.text)
      show(FieldDisplayState(verdict, messages: messages, submitting: true))
      outcome = verdict.messageKey.map { .refusedInvalid(messages.text(for: $0)) } ?? .accepted(field.text)
    }
    lastSubmitOutcome = outcome
    return outcome
  }

  private func composing() {
    interacted = true
    mirroredComposing = true
    lengthAfterLastChange = nil
    composedSinceJudging = true
    judgedAfterCommit = false
    pending?.cancel()
    let keeps = defect == .debouncedKeepsSubmitWhileComposing && isSubmitEnabled
    show(FieldDisplayState(message: nil, isSubmitEnabled: keeps, phase: .composing))
  }

  private func judge() {
    interacted = true
    mirroredComposing = false
    composedSinceJudging = false
    let text = field.text
    let apply = { [weak self] in
      guard let self else { return }
      show(FieldDisplayState(rule.evaluate(text), messages: messages, submitting: false))
    }
    let debounced = defect == .staleDebouncedVerdict || defect == .debouncedKeepsSubmitWhileComposing
    guard debounced, let clock else { return apply() }
    pending?.cancel()
    pending = clock.schedule(afterMilliseconds: Self.debounceMilliseconds, apply)
  }

  private func show(_ state: FieldDisplayState) {
    message = state.message
    isSubmitEnabled = state.isSubmitEnabled
    phase = state.phase
  }
}
