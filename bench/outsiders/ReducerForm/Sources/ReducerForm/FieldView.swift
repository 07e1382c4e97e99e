/// The field's view layer: the text-input system edits its ``TextBuffer``; its events become store
/// actions; the store's effects run here (validation on the scheduler, writes into the field, sends).
///
/// Identical consecutive snapshots are reported once (a commit often arrives as two
/// `editingChanged`); a snapshot differs when the text or the composing state does, so a commit
/// that changes no text (hiragana confirmed as is) is still reported.
///
/// ```swift
/// let view = FieldView(spec: .hanName, scheduler: scheduler, sender: api.submit)
/// view.buffer.setMarkedText("wang", selected: UTF16Span(start: 4, count: 0))
/// view.editingChanged()
/// ```
public final class FieldView {
  /// The field's text storage.
  public var buffer = TextBuffer()
  /// The form's store.
  public private(set) var store: Store<NameFormFeature>!
  private let scheduler: any Scheduler
  private var pendingValidation: ScheduledWork?
  private var lastReported: TextBuffer.Snapshot?

  /// Creates the view for a field with `spec`; `sender` receives what the form sends.
  public init(spec: FieldSpec, scheduler: any Scheduler, sender: @escaping (String) -> Void) {
    self.scheduler = scheduler
    store = Store(initial: NameFormFeature.State(spec: spec)) { [unowned self] effect, send in
      switch effect {
      case .validate(let text, let generation, let delay):
        pendingValidation?.cancel()
        let spec = store.state.spec
        pendingValidation = scheduler.schedule(after: delay) {
          send(.validated(spec.validate(text), generation: generation))
        }
      case .cancelValidation:
        pendingValidation?.cancel()
        pendingValidation = nil
      case .writeToField(let text):
        buffer.setText(text)
        lastReported = buffer.snapshot
      case .send(let text):
        sender(text)
      }
    }
  }

  /// `.editingChanged`.
  public func editingChanged() { report() }
  /// `textFieldDidChangeSelection(_:)`.
  public func selectionChanged() { report() }
  /// `textFieldDidEndEditing(_:)`.
  public func editingDidEnd() { report() }
  /// `textFieldDidBeginEditing(_:)`: nothing to report.
  public func editingDidBegin() {}

  /// `textFieldShouldReturn(_:)`: Return submits.
  @discardableResult
  public func returnPressed() -> Bool {
    store.send(.submit(.returnKey, buffer.snapshot))
    return true
  }

  /// The submit button, or app code.
  public func submit(_ trigger: NameFormFeature.Trigger) { store.send(.submit(trigger, buffer.snapshot)) }

  /// App code sets the field's text.
  public func setText(_ text: String) { store.send(.setText(text)) }

  private func report() {
    let snapshot = buffer.snapshot
    guard snapshot != lastReported else { return }
    lastReported = snapshot
    store.send(.fieldChanged(snapshot))
  }
}
