import QAPassHarness
import ReducerForm

/// The checkout form as QAPassHarness sees it: pack fields map to the form's fields by the matrices'
/// ids; the save button is built over the harness's saver and player.
///
/// Only this adapter knows qapass: the app's types never import it.
struct ReducerFormApp: HarnessSubject {
  var name: String { "ReducerForm" }
  var version: String { "2.3.0" }

  /// The form's fields under the ids qapass's default matrix and the two teams' matrices give them.
  static let fields: [String: FieldSpec] = [
    "full-name": .hanName, "japanese-name": .japaneseName, "korean-name": .hangulName,
    "guest-name-zh": .hanName, "guest-name-ja": .japaneseName, "guest-name-kana": .reading,
    "guest-name-ko": .hangulName, "guest-email": .email,
    "payer-han": .hanName, "payer-kanji": .japaneseName, "payer-yomi": .reading,
    "payer-hangul": .hangulName, "payer-email": .email,
  ]

  func compositionSubject(for item: PackItem, environment: CompositionEnvironment) -> (any CompositionSubject)? {
    Self.fields[environment.field.id].map { FieldSubject(spec: $0, environment: environment) }
  }

  func saveFlowSubject(for item: PackItem, environment: SaveFlowEnvironment) -> (any SaveFlowSubject)? {
    SaveSubject(environment)
  }
}

/// The app's scheduler on the replay's virtual clock: the debounce runs when the pack's time passes.
final class VirtualClockScheduler: Scheduler {
  let clock: VirtualClock
  init(_ clock: VirtualClock) { self.clock = clock }

  func schedule(after delay: Milliseconds, _ work: @escaping () -> Void) -> ScheduledWork {
    let token = ScheduledWork()
    clock.schedule(afterMilliseconds: delay) { if !token.isCancelled { work() } }
    return token
  }
}

/// One field driven as UIKit would drive it, its debounce on the replay's virtual clock and what it
/// sends going to the harness's recorder.
final class FieldSubject: CompositionSubject {
  let recorder: SubmissionRecorder
  private var view: FieldView!
  private var sent: [String] { recorder.sent }

  init(spec: FieldSpec, environment: CompositionEnvironment) {
    recorder = environment.recorder
    view = FieldView(spec: spec, scheduler: VirtualClockScheduler(environment.clock)) {
      [recorder] text in recorder.send(text)
    }
  }

  private func edit(_ change: (inout TextBuffer) -> Void) {
    change(&view.buffer)
    precondition(view.buffer.isConsistent, "the field's ranges left its text")
  }

  func setMarkedText(_ text: String, selectedRange: PackRange) {
    edit { $0.setMarkedText(text, selected: UTF16Span(selectedRange)) }
  }
  func unmarkText() { edit { $0.unmarkText() } }
  func insertText(_ text: String) { edit { $0.insertText(text) } }
  func deleteBackward() { edit { $0.deleteBackward() } }
  func replace(_ range: PackRange, with text: String) { edit { $0.replace(UTF16Span(range), with: text) } }
  func select(_ range: PackRange) { edit { $0.select(UTF16Span(range)) } }
  func assignText(_ text: String) { view.setText(text) }

  func receive(_ event: FieldEvent) -> Submission? {
    switch event {
    case .editingDidBegin: view.editingDidBegin()
    case .editingChanged: view.editingChanged()
    case .editingDidEnd: view.editingDidEnd()
    case .selectionChanged: view.selectionChanged()
    case .returnKey: return observe { view.returnPressed() }
    }
    return nil
  }

  func submit(via path: SubmitPath) -> Submission {
    observe { view.submit(path == .button ? .button : .code) } ?? .refusedInvalid
  }

  /// What the form did: the text it sent, or its refusal; `nil` when it made no submission.
  private func observe(_ action: () -> Void) -> Submission? {
    let before = view.store.state
    let sentBefore = sent.count
    action()
    if sent.count > sentBefore { return .accepted(sent[sent.count - 1]) }
    let after = view.store.state
    guard after.lastSubmission != nil, after != before || after.lastSubmission != before.lastSubmission
    else { return nil }
    switch after.lastSubmission {
    case .refusedComposing: return .refusedComposing
    default: return .refusedInvalid
    }
  }

  var text: String { view.buffer.text }
  var isMessageShown: Bool { view.store.state.message != nil }
  var isSubmitEnabled: Bool { view.store.state.canSubmit }
  var messageText: String? { view.store.state.message }
}

extension UTF16Span {
  init(_ range: PackRange) { self.init(start: range.location, count: range.length) }
}

/// The harness's saver as the app's API client.
final class ScriptedOrderSaver: OrderSaving {
  let saver: ScriptedSaver
  init(_ saver: ScriptedSaver) { self.saver = saver }
  func save(completion: @escaping (String?) -> Void) {
    saver.save { outcome in
      switch outcome {
      case .success: completion(nil)
      case .failure(let message): completion(message)
      }
    }
  }
}

/// The save screen over the harness's player; the harness's resets and stops reach only the
/// handlers the app installed.
final class SaveSubject: SaveFlowSubject {
  private var handlers: [EngineNotice: () -> Void] = [:]
  private var screen: SaveScreen!

  init(_ environment: SaveFlowEnvironment) {
    let player = environment.player
    let client = HapticsClient(
      supportsHaptics: environment.supportsHaptics,
      start: { try player.prepare() },
      play: { events in try player.play(events.map(PackHapticEvent.init)) },
      onNotice: { [unowned self] notice, handler in handlers[notice] = handler })
    screen = SaveScreen(saver: ScriptedOrderSaver(environment.saver), haptics: client)
  }

  /// The app's one shared confirmation function, the pattern the screen plays.
  var confirmationPattern: [PackHapticEvent] { confirmationEvents().map(PackHapticEvent.init) }
  func tap() { screen.store.send(.saveTapped) }
  func engineDidReset() { handlers[.reset]?() }
  func engineDidStop() { handlers[.stopped]?() }
  func didEnterBackground() { screen.store.send(.didEnterBackground) }
  func willEnterForeground() { screen.store.send(.willEnterForeground) }

  var visibleResult: VisibleSaveResult {
    switch screen.store.state.status {
    case .idle: .idle
    case .saving: .saving
    case .saved: .saved
    case .failed: .failed
    }
  }
  var diagnosticCount: Int? { nil }
}

extension PackHapticEvent {
  init(_ event: HapticEvent) {
    self.init(
      type: event.kind.rawValue, time: event.relativeTime, intensity: event.intensity,
      sharpness: event.sharpness, duration: event.duration)
  }
}
