import AcceptanceCore
import CoreAdapters
import Keystrokes
import QAPassHarness

/// Applies input-method engine traces to a ``TextFieldModel`` the way iOS would, delivering the
/// events of a ``DeliveryVariant`` to a validator, and records every step.
///
/// Marked-text methods (DOMAIN 6.6): a preedit becomes `setMarkedText` (showing the typed keys or
/// the engine's preedit, per the ``InputMethodProfile``) followed by `selectionChanged` and
/// `editingChanged`; a commit replaces the marked text by the committed text and unmarks it, then
/// delivers the variant's commit events; a new preedit follows if any. Keys that reach the app:
/// Return calls the app's Return handler (unless it committed text and the profile says iOS
/// consumes it), space inserts `" "`, BackSpace deletes backward, a character is inserted; other
/// named keys move nothing in the field.
///
/// In-place methods (Korean, DOMAIN 1.4): each step rewrites the trailing syllable with
/// `replace(_:with:)`, never marks text, and delivers `editingChanged`; the variant does not apply
/// because nothing is ever committed from marked text.
///
/// ``finishComposition()`` commits what is left as focus-out does. ``invariantViolations`` gathers
/// every ``TextFieldModel/checkInvariants()`` result, checked after every event. Nothing is
/// logged: typed text only appears in ``steps``, for traces of test recipes.
///
/// ```swift
/// let trace = try InputMethodEngines.engine(named: "m17n:zh-py").trace(.parse("zhongwen3"))
/// let profile = InputMethodProfile(keyboard: "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic")
/// let field = TextFieldModel()
/// let validator = FieldValidator(field: field, rule: HanNameRule())
/// let driver = CompositionDriver(validator: validator, profile: profile, variant: .noChangeOnCommit)
/// let steps = trace.steps.map { driver.apply($0) } + [driver.finishComposition()].compactMap { $0 }
/// field.text                          // "中文"
/// steps.first?.traceCells(number: 1)  // the first row of the trace table: typing "z"
/// ```
package final class CompositionDriver {
  /// The field being typed into.
  package let field: TextFieldModel
  /// The validator watching the field.
  package let validator: any FieldValidating
  /// How iOS presents the input method.
  package let profile: InputMethodProfile
  /// How commits are announced.
  package let variant: DeliveryVariant
  /// Every recorded action, in order.
  package private(set) var steps: [DriverStep] = []
  /// Every invariant violation seen after any event, in order.
  package private(set) var invariantViolations: [TextFieldModel.InvariantViolation] = []

  /// The keys typed since the last commit (what iOS pinyin shows as marked text).
  private var typedKeys = ""
  /// For in-place methods: the UTF-16 length of the syllable being rewritten at the end of the text.
  private var inPlaceTailLength = 0
  /// Whether the engine still holds an uncommitted preedit (in place, it is already in the text).
  private var engineComposing = false
  /// Whether editing ended (focus-out) and has not begun again.
  private var editingEnded = false
  private var pendingEvents: [TextFieldEvent] = []
  private var pendingActions: [FieldAction] = []
  private var pendingOutcome: SubmitOutcome?

  /// Creates a driver for the field `validator` watches.
  ///
  /// - Parameters:
  ///   - validator: The validator under test; its field must be empty and not composing.
  ///   - profile: How iOS presents the input method.
  ///   - variant: How commits are announced.
  package init(validator: any FieldValidating, profile: InputMethodProfile, variant: DeliveryVariant) {
    self.field = validator.field
    self.validator = validator
    self.profile = profile
    self.variant = variant
  }

  /// Commits deliver these events instead of the variant's when set; `[]` makes commits silent (no
  /// event at all, the case scenario `r2` and `r3` replay).
  package var commitEventsOverride: [TextFieldEvent]?

  private var commitEvents: [TextFieldEvent] { commitEventsOverride ?? variant.commitEvents }

  /// Whether the user is still composing: marked text is present, or (in place) the engine holds a
  /// syllable in progress.
  package var isEngineComposing: Bool { engineComposing }

  // MARK: Engine steps

  /// Applies one engine step and records it.
  @discardableResult
  package func apply(_ step: TraceStep) -> DriverStep {
    switch profile.presentation {
    case .markedText: applyMarked(step)
    case .inPlace: applyInPlace(step)
    }
    if step.reachesApp {
      deliverToApp(step.key, committedText: !step.committed.isEmpty)
    }
    return record(step.key.recipeSpelling)
  }

  private func applyMarked(_ step: TraceStep) {
    if !step.committed.isEmpty {
      if field.isComposing {
        let units = step.committed.utf16.count
        perform(.setMarkedText(step.committed, selection: .caret(at: units)))
        perform(.unmarkText)
      } else {
        perform(.insertText(step.committed))
      }
      typedKeys = ""
      deliver(commitEvents)
    }
    guard !step.preedit.isEmpty else {
      typedKeys = ""
      engineComposing = false
      if field.isComposing {
        perform(.setMarkedText("", selection: .caret(at: 0)))
        deliver([.selectionChanged, .editingChanged])
      }
      return
    }
    engineComposing = true
    if let character = step.key.character, !step.reachesApp {
      typedKeys.append(character)
    } else if step.key.name == .backSpace, !typedKeys.isEmpty {
      typedKeys.removeLast()
    }
    let shown: String
    let caret: Int
    if profile.markedTextContent == .typedKeys, !typedKeys.isEmpty {
      shown = typedKeys
      caret = shown.utf16.count
    } else {
      shown = step.preedit
      caret = Self.utf16Offset(ofScalar: step.cursor ?? step.preedit.unicodeScalars.count, in: step.preedit)
    }
    let selected = TextRange.caret(at: caret)
    let textChanged = field.markedText != shown
    let selectionChanged =
      field.markedTextRange.map {
        TextRange(location: field.selectedTextRange.location - $0.location, length: 0)
      }
      != selected
    guard textChanged || selectionChanged else { return }
    perform(.setMarkedText(shown, selection: PackRange(location: selected.location, length: selected.length)))
    deliver(textChanged ? [.selectionChanged, .editingChanged] : [.selectionChanged])
  }

  private func applyInPlace(_ step: TraceStep) {
    let newTail = step.committed + step.preedit
    let end = field.utf16.count
    let tail = TextRange(location: max(0, end - inPlaceTailLength), length: min(inPlaceTailLength, end))
    let oldTail = (try? field.text(in: tail)) ?? ""
    if newTail != oldTail {
      perform(.replace(PackRange(location: tail.location, length: tail.length), with: newTail))
      deliver([.editingChanged])
    }
    inPlaceTailLength = step.preedit.utf16.count
    engineComposing = !step.preedit.isEmpty
  }

  private func deliverToApp(_ key: Key, committedText: Bool) {
    switch key.value {
    case .named(.returnKey):
      guard !committedText || profile.returnAfterCommitReachesApp else { return }
      refocusIfNeeded()
      deliver([.returnKey])
      pendingOutcome = validator.lastSubmitOutcome
    case .named(.space):
      perform(.insertText(" "))
      deliver([.editingChanged])
    case .named(.backSpace), .named(.delete):
      perform(.deleteBackward)
      deliver([.editingChanged])
    case .character(let character):
      perform(.insertText(String(character)))
      deliver([.editingChanged])
    case .named:
      break
    }
    inPlaceTailLength = 0
  }

  /// Commits whatever is still composed, as focus-out does, and ends editing.
  ///
  /// Marked text is committed as it is (`unmarkText`, so raw pinyin letters for a pinyin
  /// keyboard), with the variant's commit events, then `editingDidEnd`. In place, the syllable is
  /// already in the text: only `editingDidEnd` is sent. Nothing happens when nothing is composed.
  @discardableResult
  package func finishComposition() -> DriverStep? {
    guard engineComposing || field.isComposing else { return nil }
    if field.isComposing {
      perform(.unmarkText)
      deliver(commitEvents)
    }
    deliver([.editingDidEnd])
    editingEnded = true
    engineComposing = false
    inPlaceTailLength = 0
    typedKeys = ""
    return record("commit (focus-out)")
  }

  /// Commits whatever is still marked with no event at all (a keyboard that announces nothing),
  /// leaving focus where it is. Nothing happens when nothing is marked.
  @discardableResult
  package func commitWithoutEvents() -> DriverStep? {
    guard field.isComposing else { return nil }
    perform(.unmarkText)
    engineComposing = false
    inPlaceTailLength = 0
    typedKeys = ""
    return record("commit (no event)")
  }

  // MARK: Other actions

  /// Deletes one character as the user would: `deleteBackward`, then `editingChanged`.
  @discardableResult
  package func deleteBackward() -> DriverStep {
    refocusIfNeeded()
    perform(.deleteBackward)
    deliver([.editingChanged])
    return record("deleteBackward")
  }

  /// Puts `text` into the field through a path without marked text.
  ///
  /// Paste, autofill and dictation insert the whole text and deliver `editingChanged`; a
  /// programmatic assignment sets `text` and delivers nothing, as UIKit does.
  @discardableResult
  package func input(_ text: String, via path: DirectInputPath) -> DriverStep {
    switch path {
    case .paste, .autofill, .dictation:
      refocusIfNeeded()
      perform(.insertText(text))
      deliver([.editingChanged])
    case .programmatic:
      perform(.assignText(text))
    }
    return record(path.rawValue)
  }

  /// Replaces the whole text with `text` as a paste over a selection does: the user selects the
  /// whole text (`select`, then `selectionChanged`), then pastes (`insertText`, then
  /// `editingChanged`); pasting nothing is deleting the selection (`deleteBackward`). An empty field
  /// needs no selection.
  @discardableResult
  package func pasteOverAll(_ text: String) -> DriverStep {
    refocusIfNeeded()
    if !field.utf16.isEmpty {
      perform(.select(PackRange(location: 0, length: field.utf16.count)))
      deliver([.selectionChanged])
    }
    if !text.isEmpty {
      perform(.insertText(text))
      deliver([.editingChanged])
    } else if !field.utf16.isEmpty {
      perform(.deleteBackward)
      deliver([.editingChanged])
    }
    return record("paste \"\(text)\" over the whole text")
  }

  /// Submits through `trigger`: Return is delivered as the `returnKey` event (the app's Return
  /// handler); the button and code call the validator's `submit(via:)`.
  @discardableResult
  package func submit(via trigger: SubmitTrigger) -> DriverStep {
    switch trigger {
    case .returnKey:
      refocusIfNeeded()
      deliver([.returnKey])
      pendingOutcome = validator.lastSubmitOutcome
    case .button, .programmatic:
      pendingActions.append(.submit(trigger == .button ? .button : .programmatic))
      pendingOutcome = validator.submit(via: trigger)
    }
    return record("submit via \(trigger.rawValue)")
  }

  // MARK: Plumbing

  private func refocusIfNeeded() {
    guard editingEnded else { return }
    editingEnded = false
    deliver([.editingDidBegin])
  }

  private func deliver(_ events: [TextFieldEvent]) {
    for event in events {
      field.send(event)
      pendingEvents.append(event)
      pendingActions.append(.event(FieldEvent(event)))
      check()
    }
  }

  private func check() {
    invariantViolations += field.checkInvariants()
  }

  /// Applies a field operation whose ranges the driver computed and records it; a refusal is
  /// recorded in ``refusedEdits`` and leaves the field unchanged (and the action unrecorded).
  private func perform(_ action: FieldAction) {
    do {
      try Self.apply(action, to: field)
      pendingActions.append(action)
    } catch {
      refusedEdits.append(String(describing: error))
    }
    check()
  }

  /// Applies a field operation (not an event or a submission) to `field`, as UIKit would.
  ///
  /// - Throws: `TextFieldError` for a range outside the text or inside a surrogate pair.
  package static func apply(_ action: FieldAction, to field: TextFieldModel) throws(TextFieldError) {
    switch action {
    case .setMarkedText(let text, let selection):
      try field.setMarkedText(
        text, selectedRange: TextRange(location: selection.location, length: selection.length))
    case .unmarkText: field.unmarkText()
    case .insertText(let text): field.insertText(text)
    case .deleteBackward: field.deleteBackward()
    case .replace(let range, let text):
      try field.replace(TextRange(location: range.location, length: range.length), with: text)
    case .select(let range): try field.select(TextRange(location: range.location, length: range.length))
    case .assignText(let text): field.text = text
    case .event, .submit: break
    }
  }

  /// Edits the field refused (a driver bug or an engine reporting a caret inside a surrogate
  /// pair), described.
  package private(set) var refusedEdits: [String] = []

  private func record(_ action: String) -> DriverStep {
    let step = DriverStep(
      action: action, text: field.text, markedRange: field.markedTextRange,
      selection: field.selectedTextRange,
      events: pendingEvents, message: validator.message, isSubmitEnabled: validator.isSubmitEnabled,
      phase: validator.phase, submitOutcome: pendingOutcome, invariantViolations: field.checkInvariants(),
      actions: pendingActions)
    pendingEvents = []
    pendingActions = []
    pendingOutcome = nil
    steps.append(step)
    return step
  }

  /// The UTF-16 offset of the `scalarOffset`-th Unicode scalar of `text` (clamped to its end).
  static func utf16Offset(ofScalar scalarOffset: Int, in text: String) -> Int {
    var units = 0
    for (index, scalar) in text.unicodeScalars.enumerated() {
      if index >= scalarOffset { break }
      units += scalar.utf16.count
    }
    return units
  }
}
