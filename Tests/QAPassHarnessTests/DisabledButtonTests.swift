import Foundation
import QAPassHarness
import Testing

/// A field written here from scratch the way UIKit runs one: a disabled Save button ignores the tap
/// (`ignoredDisabled`), and the subject never says what Return or Save did, since the app keeps no
/// record of it (`unreported`): the runner judges by what the app sent. "Digits only", judged on
/// `editingChanged`; a submission judges the text again.
final class UIKitLikeField: CompositionSubject {
  /// A planted flaw: the tap says ignored although the button shows enabled, or the form sends nothing
  /// for a valid text, or sends text it was not asked to submit.
  enum Flaw { case none, claimsIgnoredWhileEnabled, refusesValid, sendsOnDisabledTap, ignoresCode }

  var text = ""
  var isMessageShown = false
  var isSubmitEnabled = false
  var messageText: String? { nil }
  let recorder: SubmissionRecorder
  let flaw: Flaw

  init(_ environment: CompositionEnvironment, flaw: Flaw) {
    recorder = environment.recorder
    self.flaw = flaw
  }

  func setMarkedText(_ new: String, selectedRange: PackRange) {}
  func unmarkText() {}
  func insertText(_ new: String) { text += new }
  func deleteBackward() { if !text.isEmpty { text.removeLast() } }
  func replace(_ range: PackRange, with new: String) { text = new }
  func select(_ range: PackRange) { if range.length > 0 { text = "" } }
  func assignText(_ new: String) { text = new }

  func receive(_ event: FieldEvent) -> Submission? {
    switch event {
    case .editingChanged:
      isMessageShown = !DebouncedField.valid(text)
      isSubmitEnabled = DebouncedField.valid(text)
      return nil
    case .returnKey:
      submitNow()
      return .unreported
    default: return nil
    }
  }

  func submit(via path: SubmitPath) -> Submission {
    if flaw == .ignoresCode { return .ignoredDisabled }
    if path == .button, !isSubmitEnabled || flaw == .claimsIgnoredWhileEnabled {
      if flaw == .sendsOnDisabledTap { recorder.send(text) }
      return .ignoredDisabled
    }
    submitNow()
    return .unreported
  }

  private func submitNow() {
    guard DebouncedField.valid(text), flaw != .refusesValid else { return }
    recorder.send(text)
  }
}

struct UIKitLikeApp: HarnessSubject {
  var flaw = UIKitLikeField.Flaw.none
  var name: String { "UIKitLike" }
  var version: String { "1" }
  func compositionSubject(for item: PackItem, environment: CompositionEnvironment) -> (
    any CompositionSubject
  )? {
    UIKitLikeField(environment, flaw: flaw)
  }
  func saveFlowSubject(for item: PackItem, environment: SaveFlowEnvironment) -> (any SaveFlowSubject)? { nil }
}

/// Issue 34: the harness can say "the button was disabled, the tap did nothing", and judge what Return
/// and Save did from what the app sent, so an app keeps no record of its submissions for its tests.
struct DisabledButtonTests {
  typealias T = TimeAndSubmissionTests

  /// Types `typed` silently (no event: the button stays as it was), then submits by `path`.
  static func silentThenSubmit(_ typed: String, _ action: FieldAction, _ expect: ExpectedSubmission)
    -> PackItem
  {
    T.item([
      T.step("type silently", [.insertText(typed)]),
      T.step("submit", [action], FieldExpectation(submission: expect)),
    ])
  }

  @Test func `a tap a disabled button ignored is a refusal`() {
    let item = T.item([
      T.paste("12a", FieldExpectation(submitEnabled: false)),
      T.step("tap", [.submit(.button)], FieldExpectation(submission: .refusedInvalid)),
    ])
    #expect(PackRunner.run(item, subject: UIKitLikeApp()).status == .pass)
  }

  @Test func `a disabled button that ignored the tap but sent the text fails`() {
    let item = T.item([
      T.paste("12a"), T.step("tap", [.submit(.button)], FieldExpectation(submission: .refusedInvalid)),
    ])
    let result = PackRunner.run(item, subject: UIKitLikeApp(flaw: .sendsOnDisabledTap))
    #expect(
      result.problem
        == "step 2 'tap': expected the submission refused as invalid (nothing sent); seen the submission "
        + "ignored: the button was disabled, the tap did nothing, sent \"12a\"")
  }

  @Test func `a tap said ignored while the button showed enabled fails`() {
    let item = T.item([
      T.paste("123", T.shownValid),
      T.step("tap", [.submit(.button)], FieldExpectation(submission: .notAccepted)),
    ])
    let result = PackRunner.run(item, subject: UIKitLikeApp(flaw: .claimsIgnoredWhileEnabled))
    #expect(
      result.problem
        == "step 2 'tap': expected a disabled button to ignore a tap only while it shows disabled; seen the tap "
        + "said ignored by a disabled button while the button showed enabled")
  }

  /// After a commit no event announced the button cannot have been enabled: the tap may do nothing,
  /// but must never refuse a valid text it ran for; code that submits has no button to be disabled.
  @Test func `after a silent edit a valid text is accepted, or ignored by a button still disabled`() {
    let expect = ExpectedSubmission.acceptedUnlessDisabled("123")
    #expect(
      PackRunner.run(Self.silentThenSubmit("123", .submit(.button), expect), subject: UIKitLikeApp()).status
        == .pass)
    #expect(
      PackRunner.run(
        Self.silentThenSubmit("123", .submit(.button), .accepted("123")), subject: UIKitLikeApp()
      )
      .problem
        == "step 2 'submit': expected the submission accepted \"123\" (\"123\" sent); seen the submission "
        + "ignored: the button was disabled, the tap did nothing, nothing sent")
    let code = PackRunner.run(
      Self.silentThenSubmit("123", .submit(.programmatic), .accepted("123")), subject: UIKitLikeApp())
    #expect(code.status == .pass)
    let refusing = PackRunner.run(
      Self.silentThenSubmit("123", .submit(.programmatic), expect), subject: UIKitLikeApp(flaw: .refusesValid)
    )
    #expect(
      refusing.problem
        == "step 2 'submit': expected the submission accepted \"123\" unless the button was disabled (\"123\" "
        + "sent, or nothing by a disabled button); seen the submission not reported (judged by what was sent), "
        + "nothing sent")
  }

  @Test func `code cannot be ignored as by a disabled button`() {
    let result = PackRunner.run(
      Self.silentThenSubmit("12a", .submit(.programmatic), .refusedInvalid),
      subject: UIKitLikeApp(flaw: .ignoresCode))
    #expect(
      result.problem
        == "step 2 'submit': expected a disabled button to ignore a tap only while it shows disabled; seen "
        + "submit(programmatic) said ignored by a disabled button, which only a tap on the button can be")
  }

  /// What Return did is what the app sent: the subject answers `unreported`.
  @Test(arguments: [("123", true), ("12a", false)])
  func `a Return the subject does not report is judged by what was sent`(typed: String, valid: Bool) {
    let item = T.item([
      T.paste(typed),
      T.step(
        "Return", [.event(.returnKey)],
        FieldExpectation(submission: valid ? .accepted(typed) : .refusedInvalid)),
    ])
    #expect(PackRunner.run(item, subject: UIKitLikeApp()).status == .pass)
    let refusing = PackRunner.run(item, subject: UIKitLikeApp(flaw: .refusesValid))
    #expect((refusing.status == .fail) == valid, "\(refusing.problem)")
  }

  @Test func `accepted-unless-disabled round-trips through a pack`() throws {
    let expect = ExpectedSubmission.acceptedUnlessDisabled("한별")
    let data = try JSONEncoder().encode(expect)
    #expect(String(decoding: data, as: UTF8.self).contains(#""outcome":"accepted-unless-disabled""#))
    #expect(try JSONDecoder().decode(ExpectedSubmission.self, from: data) == expect)
  }
}
