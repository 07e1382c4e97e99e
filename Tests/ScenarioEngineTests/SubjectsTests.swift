import AcceptanceCore
import AcceptanceCoreTesting
import Testing

@testable import ScenarioEngine

/// Every property the core passes fails against the matching naive subject (negative controls).
struct SubjectsTests {
  typealias ValidatorFactory = @Sendable (TextFieldModel, any ValidationRule) -> any FieldValidating

  static let core: ValidatorFactory = { FieldValidator(field: $0, rule: $1) }
  static let naive: ValidatorFactory = { NaiveFieldValidator(field: $0, rule: $1) }
  static let hanName = AllOfRule([RequiredRule(), HanNameRule()])

  // MARK: - The three composition checks, as properties of a validator

  /// No error is shown while pinyin is marked (z → zh → zhong).
  static func showsNoErrorWhileComposing(_ make: ValidatorFactory) throws -> Bool {
    let field = TextFieldModel()
    let validator = make(field, hanName)
    for marked in ["z", "zh", "zhong"] {
      try field.setMarkedText(marked, selectedRange: .caret(at: marked.utf16.count))
      field.send(.selectionChanged)
      field.send(.editingChanged)
      if validator.message != nil { return false }
    }
    return true
  }

  /// Nothing can be submitted while composing, on any path, even when the marked text would be
  /// valid (中文 converted but not yet confirmed).
  static func refusesSubmissionWhileComposing(_ make: ValidatorFactory) throws -> Bool {
    let field = TextFieldModel()
    let validator = make(field, hanName)
    try field.setMarkedText("中文", selectedRange: .caret(at: 2))
    field.send(.selectionChanged)
    field.send(.editingChanged)
    field.send(.returnKey)
    guard validator.lastSubmitOutcome == .refusedComposing else { return false }
    return SubmitTrigger.allCases.allSatisfy { validator.submit(via: $0) == .refusedComposing }
  }

  /// A commit announced only by `selectionChanged` (zero `editingChanged`) is re-judged, and a
  /// stale button state is never trusted.
  static func revalidatesWhenCompositionEnds(_ make: ValidatorFactory) throws -> Bool {
    let field = TextFieldModel()
    let validator = make(field, hanName)
    try field.setMarkedText("liuyan", selectedRange: .caret(at: 6))
    field.send(.editingChanged)
    try field.setMarkedText("刘䶮", selectedRange: .caret(at: 2))
    field.unmarkText()
    field.send(.selectionChanged)
    guard validator.message == nil, validator.isSubmitEnabled else { return false }
    guard validator.submit(via: .button) == .accepted("刘䶮") else { return false }
    field.text = "liu yan"  // programmatic, no event: the cached state is now stale
    return validator.submit(via: .button) != .accepted("liu yan")
  }

  /// Korean in-place typing shows no error for a trailing lone jamo (한ㄱ).
  static func toleratesKoreanSyllableInProgress(_ make: ValidatorFactory) -> Bool {
    let field = TextFieldModel(text: "한")
    let validator = make(field, AllOfRule([RequiredRule(), KoreanNameRule()]))
    field.insertText("ㄱ")
    field.send(.editingChanged)
    return validator.message == nil && validator.submit(via: .returnKey) != .accepted("한ㄱ")
  }

  @Test func `core passes every composition check`() throws {
    #expect(try Self.showsNoErrorWhileComposing(Self.core))
    #expect(try Self.refusesSubmissionWhileComposing(Self.core))
    #expect(try Self.revalidatesWhenCompositionEnds(Self.core))
    #expect(Self.toleratesKoreanSyllableInProgress(Self.core))
  }

  @Test func `naive validator fails every composition check`() throws {
    #expect(try !Self.showsNoErrorWhileComposing(Self.naive))
    #expect(try !Self.refusesSubmissionWhileComposing(Self.naive))
    #expect(try !Self.revalidatesWhenCompositionEnds(Self.naive))
    #expect(!Self.toleratesKoreanSyllableInProgress(Self.naive))
  }

  // MARK: - Save flows

  typealias FlowFactory = @Sendable (any Saver, any HapticPlayer) -> any SaveFlowing

  static let coreFlow: FlowFactory = {
    SaveFlow(saver: $0, player: $1, capability: FixedHapticCapability(supportsHaptics: true))
  }

  /// Nothing plays before the save succeeds.
  static func playsNothingAtTapTime(_ make: FlowFactory) -> Bool {
    let saver = ControlledSaver()
    let player = RecordingHapticPlayer()
    let flow = make(saver, player)
    flow.tap()
    let quietAtTap = player.playRequestCount == 0
    saver.complete(.success)
    return quietAtTap && player.deliveredPatterns == [.savedConfirmation()]
  }

  /// Nothing plays after a failed save.
  static func playsNothingAfterFailure(_ make: FlowFactory) -> Bool {
    let saver = ControlledSaver()
    let player = RecordingHapticPlayer()
    let flow = make(saver, player)
    flow.tap()
    saver.complete(.failure("offline"))
    return flow.state == .failed("offline") && player.playRequestCount == 0
  }

  /// The confirmation is felt after an engine reset and after a background trip.
  static func feelsConfirmationAfterResetAndBackground(_ make: FlowFactory) -> Bool {
    let saver = ControlledSaver()
    let player = RecordingHapticPlayer()
    let flow = make(saver, player)
    flow.tap()
    saver.complete(.success)
    player.invalidatePreparation()
    flow.engineDidReset()
    flow.tap()
    saver.complete(.success)
    flow.didEnterBackground()
    player.invalidatePreparation()
    flow.willEnterForeground()
    flow.tap()
    saver.complete(.success)
    return player.deliveredPatterns.count == 3
  }

  @Test func `core save flow passes every haptic check`() {
    #expect(Self.playsNothingAtTapTime(Self.coreFlow))
    #expect(Self.playsNothingAfterFailure(Self.coreFlow))
    #expect(Self.feelsConfirmationAfterResetAndBackground(Self.coreFlow))
  }

  @Test func `plays-on-tap flow fails the tap-time check`() {
    #expect(!Self.playsNothingAtTapTime { NaiveSaveFlow(defect: .playsOnTap, saver: $0, player: $1) })
  }

  @Test func `plays-after-failure flow fails the failure check`() {
    #expect(
      !Self.playsNothingAfterFailure { NaiveSaveFlow(defect: .playsAfterFailure, saver: $0, player: $1) })
  }

  @Test func `never-reprepare flow loses the confirmation after reset and background`() {
    #expect(
      !Self.feelsConfirmationAfterResetAndBackground {
        NaiveSaveFlow(defect: .neverReprepares, saver: $0, player: $1)
      })
    let saver = ControlledSaver()
    let player = RecordingHapticPlayer()
    let flow = NaiveSaveFlow(defect: .neverReprepares, saver: saver, player: player)
    flow.tap()
    saver.complete(.success)
    player.invalidatePreparation()
    flow.engineDidReset()
    flow.tap()
    saver.complete(.success)
    #expect(player.calls.last == .play(.savedConfirmation(), .lostUnprepared))
    #expect(flow.state == .saved, "the save itself still succeeds; only the haptic is lost")
  }

  @Test func `each naive flow passes the checks it is not built to fail`() {
    // So a failing check pins down one flaw. (Playing at tap time also plays before saves that
    // fail, so the plays-on-tap flow legitimately fails the failure check too.)
    #expect(Self.playsNothingAtTapTime { NaiveSaveFlow(defect: .playsAfterFailure, saver: $0, player: $1) })
    #expect(Self.playsNothingAtTapTime { NaiveSaveFlow(defect: .neverReprepares, saver: $0, player: $1) })
    #expect(Self.playsNothingAfterFailure { NaiveSaveFlow(defect: .neverReprepares, saver: $0, player: $1) })
  }
}
