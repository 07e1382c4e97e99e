import ArticleForm
import QAPassHarness

/// The sign-up form as QAPassHarness sees it: each pack field is one of the form's fields, found by
/// the matrix's id for it, and the Save button is built over the harness's saver and player.
///
/// Only this adapter knows qapass: the app's types never import it.
struct ArticleFormApp: HarnessSubject {
  var name: String { "ArticleForm" }
  var version: String { "1.0.0" }

  /// The form's fields under the ids the matrices give them: qapass's default matrix and the two
  /// teams' matrices in bench/outsiders/matrices.
  static let fields: [String: FormField] = [
    "full-name": .chineseName, "japanese-name": .japaneseName, "korean-name": .koreanName,
    "guest-name-zh": .chineseName, "guest-name-ja": .japaneseName, "guest-name-kana": .furigana,
    "guest-name-ko": .koreanName, "guest-email": .email,
    "payer-han": .chineseName, "payer-kanji": .japaneseName, "payer-yomi": .furigana,
    "payer-hangul": .koreanName, "payer-email": .email,
  ]

  func compositionSubject(for item: PackItem, environment: CompositionEnvironment) -> (any CompositionSubject)? {
    Self.fields[environment.field.id].map { FieldSubject(form: $0, recorder: environment.recorder) }
  }

  func saveFlowSubject(for item: PackItem, environment: SaveFlowEnvironment) -> (any SaveFlowSubject)? {
    SaveSubject(environment)
  }
}

/// The app's network layer, sending to the harness's recorder of what the app sent.
final class Outbox: FormSending {
  let recorder: SubmissionRecorder
  init(_ recorder: SubmissionRecorder) { self.recorder = recorder }
  var sent: [String] { recorder.sent }
  func send(_ text: String) { recorder.send(text) }
}

/// One field of the form driven as UIKit would drive it.
final class FieldSubject: CompositionSubject {
  let outbox: Outbox
  let controller: FieldController
  var field: TextField { controller.field }

  init(form: FormField, recorder: SubmissionRecorder) {
    outbox = Outbox(recorder)
    controller = FieldController(form: form, sender: outbox)
  }

  func setMarkedText(_ text: String, selectedRange: PackRange) {
    field.setMarkedText(text, selectedRange: TextRange(selectedRange))
    field.checkInvariants()
  }
  func unmarkText() {
    field.unmarkText()
    field.checkInvariants()
  }
  func insertText(_ text: String) {
    field.insertText(text)
    field.checkInvariants()
  }
  func deleteBackward() {
    field.deleteBackward()
    field.checkInvariants()
  }
  func replace(_ range: PackRange, with text: String) {
    field.replace(TextRange(range), withText: text)
    field.checkInvariants()
  }
  func select(_ range: PackRange) {
    field.select(TextRange(range))
    field.checkInvariants()
  }
  func assignText(_ text: String) {
    controller.setText(text)
    field.checkInvariants()
  }

  func receive(_ event: FieldEvent) -> Submission? {
    switch event {
    case .editingDidBegin: field.sendActions(for: .editingDidBegin)
    case .editingChanged: field.sendActions(for: .editingChanged)
    case .editingDidEnd: field.sendActions(for: .editingDidEnd)
    case .selectionChanged: field.sendSelectionChanged()
    case .returnKey: return observeSubmission { field.sendReturn() }
    }
    return nil
  }

  func submit(via path: SubmitPath) -> Submission {
    // The button and code both call the Save action.
    observeSubmission { controller.saveTapped() }
      ?? .refusedInvalid
  }

  /// What `action` made the form do: the text it sent, or why it refused; `nil` when it attempted
  /// no submission.
  private func observeSubmission(_ action: () -> Void) -> Submission? {
    let attempts = controller.submissionCount
    let sent = outbox.sent.count
    action()
    if outbox.sent.count > sent { return .accepted(outbox.sent[outbox.sent.count - 1]) }
    guard controller.submissionCount > attempts else { return nil }
    switch controller.lastSubmission {
    case .refusedComposing: return .refusedComposing
    case .refusedInvalid, .sent, nil: return .refusedInvalid
    }
  }

  var text: String { field.text }
  var isMessageShown: Bool { controller.errorMessage != nil }
  var isSubmitEnabled: Bool { controller.isSaveEnabled }
  var messageText: String? { controller.errorMessage }
}

extension TextRange {
  init(_ range: PackRange) { self.init(location: range.location, length: range.length) }
}

/// The harness's saver as the app's network layer.
final class ScriptedProfileSaver: ProfileSaving {
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

/// The harness's recording player as the app's haptic engine; the harness's resets and stops reach
/// the handlers the app installed, and only those.
final class RecordingEngine: HapticEngine {
  let player: RecordingPlayer
  let supportsHaptics: Bool
  var resetHandler: (() -> Void)?
  var stoppedHandler: ((HapticEngineStopReason) -> Void)?

  init(player: RecordingPlayer, supportsHaptics: Bool) {
    self.player = player
    self.supportsHaptics = supportsHaptics
  }

  func start() throws { try player.prepare() }
  func play(_ events: [HapticEvent]) throws { try player.play(events.map(PackHapticEvent.init)) }
}

extension PackHapticEvent {
  init(_ event: HapticEvent) {
    switch event.kind {
    case .transient:
      self.init(type: "transient", time: event.time, intensity: event.intensity, sharpness: event.sharpness)
    case .continuous(let duration):
      self.init(
        type: "continuous", time: event.time, intensity: event.intensity, sharpness: event.sharpness,
        duration: duration)
    }
  }
}

/// The Save button, playing the app's own confirmation pattern (``confirmationEvents()``), which
/// ``confirmationPattern`` reports for `haptic.contract`.
final class SaveSubject: SaveFlowSubject {
  let engine: RecordingEngine
  let controller: SaveController

  init(_ environment: SaveFlowEnvironment) {
    engine = RecordingEngine(player: environment.player, supportsHaptics: environment.supportsHaptics)
    controller = SaveController(saver: ScriptedProfileSaver(environment.saver), engine: engine)
  }

  /// The app's one shared confirmation function, the pattern the controller plays.
  var confirmationPattern: [PackHapticEvent] { confirmationEvents().map(PackHapticEvent.init) }
  func tap() { controller.saveTapped() }
  func engineDidReset() { engine.resetHandler?() }
  func engineDidStop() { engine.stoppedHandler?(.audioSessionInterrupt) }
  func didEnterBackground() { controller.didEnterBackground() }
  func willEnterForeground() { controller.willEnterForeground() }

  var visibleResult: VisibleSaveResult {
    switch controller.status {
    case .idle: .idle
    case .saving: .saving
    case .saved: .saved
    case .failed: .failed
    }
  }
  var diagnosticCount: Int? { controller.diagnostics.count }
}
