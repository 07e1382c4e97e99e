/// One field of the checkout form and its submit button, as a reducer.
///
/// The view reports snapshots of the field (its text, and whether some of it is marked); the reducer
/// never reads the field itself. Validation is an effect: after a change the store validates once
/// typing pauses (``debounce``), and the result comes back as ``Action/validated(_:generation:)``;
/// a result for an older text is dropped. While composing, the message goes, the rules wait and
/// nothing can be submitted. A submission (button, Return, code) carries the field's own snapshot,
/// so it never trusts a stale one: it refuses while anything is marked, and otherwise validates the
/// text at once before sending it. Code that sets the text validates it at once, since the field
/// announces nothing.
public enum NameFormFeature: Reducer {
  /// How long validation waits after the last change.
  public static let debounce: Milliseconds = 300

  /// What the form shows.
  public struct State: Hashable, Sendable {
    /// The field's rules.
    public var spec: FieldSpec
    /// The field as last reported.
    public var field = TextBuffer.Snapshot(text: "", isComposing: false)
    /// The message under the field.
    public var message: String?
    /// Whether the submit button is enabled.
    public var canSubmit = false
    /// Counts reported changes, so a late validation of an older text is ignored.
    public var generation = 0
    /// What the last submission did.
    public var lastSubmission: Submission?
    /// Every text the form sent, in order.
    public var sent: [String] = []

    /// A blank form for `spec`.
    public init(spec: FieldSpec) { self.spec = spec }
  }

  /// What a submission did.
  public enum Submission: Hashable, Sendable {
    /// The text was sent.
    case sent(String)
    /// Refused while composing.
    case refusedComposing
    /// Refused: invalid or unfinished.
    case refusedInvalid
  }

  /// How a submission was asked for.
  public enum Trigger: Hashable, Sendable {
    /// The submit button.
    case button
    /// The Return key.
    case returnKey
    /// App code (a shortcut, state restoration).
    case code
  }

  /// What can happen.
  public enum Action: Hashable, Sendable {
    /// The view reports the field after a change, a selection change or the end of editing.
    case fieldChanged(TextBuffer.Snapshot)
    /// App code sets the text.
    case setText(String)
    /// A submission, with the field as it is now.
    case submit(Trigger, TextBuffer.Snapshot)
    /// Validation finished for the text of `generation`.
    case validated(Verdict, generation: Int)
  }

  /// What the reducer asks for.
  public enum Effect: Hashable, Sendable {
    /// Validate `text` after `delay`, replacing any pending validation.
    case validate(String, generation: Int, delay: Milliseconds)
    /// Drop any pending validation.
    case cancelValidation
    /// Write `text` into the field (the view's binding).
    case writeToField(String)
    /// Send the form.
    case send(String)
  }

  public static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch action {
    case .fieldChanged(let snapshot):
      state.field = snapshot
      state.generation += 1
      guard !snapshot.isComposing else {
        state.message = nil
        state.canSubmit = false
        return [.cancelValidation]
      }
      return [.validate(snapshot.text, generation: state.generation, delay: debounce)]

    case .setText(let text):
      state.field = TextBuffer.Snapshot(text: text, isComposing: false)
      state.generation += 1
      return [.writeToField(text), .validate(text, generation: state.generation, delay: 0)]

    case .validated(let verdict, let generation):
      guard generation == state.generation else { return [] }
      show(verdict, in: &state)
      return []

    case .submit(_, let snapshot):
      state.field = snapshot
      state.generation += 1
      guard !snapshot.isComposing else {
        state.lastSubmission = .refusedComposing
        return [.cancelValidation]
      }
      let verdict = state.spec.validate(snapshot.text)
      show(verdict, in: &state)
      guard verdict == .valid else {
        state.lastSubmission = .refusedInvalid
        return [.cancelValidation]
      }
      state.sent.append(snapshot.text)
      state.lastSubmission = .sent(snapshot.text)
      return [.cancelValidation, .send(snapshot.text)]
    }
  }

  private static func show(_ verdict: Verdict, in state: inout State) {
    switch verdict {
    case .valid:
      state.message = nil
      state.canSubmit = true
    case .invalid(let message):
      state.message = message
      state.canSubmit = false
    case .unfinished:
      state.message = nil
      state.canSubmit = false
    }
  }
}
