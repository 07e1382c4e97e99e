import AcceptanceCore
import Foundation
import QAPassHarness
import SignUpCore

/// The form as a harness subject: the articles' code as written, or the corrected version.
struct SignUpSubject: HarnessSubject {
  enum Version: String, Sendable {
    case asWritten = "as written"
    case corrected
  }

  /// The form's field for each field id of the matrix (matrices/default.yaml).
  static let fields: [String: SignUpForm.Field] = [
    "full-name": .fullName, "japanese-name": .japaneseName, "korean-name": .koreanName,
  ]

  var code: Version
  /// The app's confirmation: its shared `confirmationEvents()` (another value stands for an app
  /// whose function drifted from the matrix's contract).
  var confirmation: [HapticEvent] = confirmationEvents()
  /// `SignUpCore`, or what `QAPASS_SUBJECT` says: CI names each simulator session's replay as a subject of
  /// its own (`SignUpCore on sim-iphone-16e.26.x`, from `TEST_RUNNER_QAPASS_SUBJECT`).
  var name: String {
    code == .corrected
      ? ProcessInfo.processInfo.environment["QAPASS_SUBJECT"] ?? "SignUpCore"
      : "SignUpCore (articles' code as written)"
  }
  var version: String { "1.0.0" }

  /// A new form for every item; the item's field of it, sending through the harness's recorder.
  func compositionSubject(for item: PackItem, environment: CompositionEnvironment) -> (any CompositionSubject)? {
    guard let field = Self.fields[environment.field.id] else { return nil }
    let form = code == .corrected ? SignUpForm() : SignUpForm.asWritten()
    return NameFieldSubject(form[field], recorder: environment.recorder)
  }

  func saveFlowSubject(for item: PackItem, environment: SaveFlowEnvironment) -> (any SaveFlowSubject)? {
    SaveButtonSubject(environment, corrected: code == .corrected, confirmation: confirmation)
  }

  func implementation(for item: PackItem) -> String {
    let corrected = code == .corrected
    if case .saveFlow = item.replay { return corrected ? "SaveController" : "ArticleSaveController" }
    return corrected ? "FieldValidator" : "ArticleNameFieldValidator"
  }
}

/// A name field: operations go to its text field as UIKit's text system would call them, events
/// go to the targets, Return to the delegate (`textFieldShouldReturn`); a name the form submits is
/// sent, as its view controller sends it, through the harness's recorder.
final class NameFieldSubject: CompositionSubject {
  let validator: any NameFieldValidating
  let recorder: SubmissionRecorder
  var field: TextFieldModel { validator.field }

  init(_ validator: any NameFieldValidating, recorder: SubmissionRecorder) {
    self.validator = validator
    self.recorder = recorder
  }

  func setMarkedText(_ text: String, selectedRange: PackRange) {
    try? field.setMarkedText(
      text, selectedRange: TextRange(location: selectedRange.location, length: selectedRange.length))
  }
  func unmarkText() { field.unmarkText() }
  func insertText(_ text: String) { field.insertText(text) }
  func deleteBackward() { field.deleteBackward() }
  func replace(_ range: PackRange, with text: String) {
    try? field.replace(TextRange(location: range.location, length: range.length), with: text)
  }
  func select(_ range: PackRange) {
    try? field.select(TextRange(location: range.location, length: range.length))
  }
  /// The app's code that restores a draft: it assigns the text, then has the validator judge it.
  func assignText(_ text: String) {
    field.text = text
    validator.revalidate()
  }

  func receive(_ event: FieldEvent) -> Submission? {
    let events: [FieldEvent: TextFieldEvent] = [
      .editingDidBegin: .editingDidBegin, .editingChanged: .editingChanged, .editingDidEnd: .editingDidEnd,
      .selectionChanged: .selectionChanged,
    ]
    if let event = events[event] {
      field.send(event)
      return nil
    }
    return validator.returnPressed().map(sent)
  }

  func submit(via path: SubmitPath) -> Submission {
    sent(validator.submit(via: path == .button ? .button : .programmatic))
  }

  /// What the form did; a submitted name is sent.
  func sent(_ outcome: SubmitOutcome) -> Submission {
    switch outcome {
    case .accepted(let text):
      recorder.send(text)
      return .accepted(text)
    case .refusedComposing: return .refusedComposing
    case .refusedInvalid: return .refusedInvalid
    }
  }

  var text: String { field.text }
  var isMessageShown: Bool { validator.message != nil }
  var messageText: String? { validator.message }
  var isSubmitEnabled: Bool { validator.isSubmitEnabled }
}

/// The Save button, saving through the harness's saver and playing through its player.
final class SaveButtonSubject: SaveFlowSubject {
  final class Saver: ProfileSaving {
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

  final class Player: ConfirmationPlaying {
    let player: RecordingPlayer
    init(_ player: RecordingPlayer) { self.player = player }
    func start() throws { try player.prepare() }
    func play(_ events: [HapticEvent]) throws { try player.play(events.map(Self.packEvent)) }
    static func packEvent(_ event: HapticEvent) -> PackHapticEvent {
      PackHapticEvent(
        type: event.kind.rawValue, time: event.relativeTime, intensity: event.intensity,
        sharpness: event.sharpness, duration: event.duration)
    }
  }

  let corrected: SaveController?
  let asWritten: ArticleSaveController?
  let confirmation: [HapticEvent]

  /// Each controller plays the app's own confirmation (`confirmationEvents()`, its default), and
  /// ``confirmationPattern`` reports the same events to the harness, which holds them against the
  /// matrix's contract; the harness never hands the app a pattern.
  init(_ environment: SaveFlowEnvironment, corrected: Bool, confirmation: [HapticEvent]) {
    let saver = Saver(environment.saver)
    let player = Player(environment.player)
    self.confirmation = confirmation
    let supportsHaptics = environment.supportsHaptics
    if corrected {
      self.corrected = SaveController(
        saver: saver, player: player, supportsHaptics: supportsHaptics, events: confirmation)
      asWritten = nil
    } else {
      self.corrected = nil
      asWritten = ArticleSaveController(
        saver: saver, player: player, supportsHaptics: supportsHaptics, events: confirmation)
    }
  }

  var confirmationPattern: [PackHapticEvent] { confirmation.map(Player.packEvent) }

  func tap() {
    corrected?.saveTapped()
    asWritten?.saveTapped()
  }
  func engineDidReset() {
    corrected?.engineDidReset()
    asWritten?.engineDidReset()
  }
  func engineDidStop() {
    corrected?.engineDidStop()
    asWritten?.engineDidStop()
  }
  func didEnterBackground() {
    corrected?.didEnterBackground()
    asWritten?.didEnterBackground()
  }
  func willEnterForeground() {
    corrected?.willEnterForeground()
    asWritten?.willEnterForeground()
  }

  var visibleResult: VisibleSaveResult {
    switch corrected?.status ?? asWritten?.status ?? .idle {
    case .idle: .idle
    case .saving: .saving
    case .saved: .saved
    case .failed: .failed
    }
  }

  var diagnosticCount: Int? { corrected.map { $0.hapticErrors.count } }
}
