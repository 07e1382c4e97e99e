import AcceptanceCore
import Keystrokes
import MatrixFormat
import QAModel
import QAPassHarness

/// Builds the composition script of one item: replays the engine trace into the reference field
/// model (``CompositionDriver`` over a ``PassiveValidator``) and attaches the oracle's
/// expectations to the steps.
struct ScriptBuilder {
  let field: FieldSetup
  private(set) var steps: [CompositionStep] = []

  init(field: FieldSetup) {
    self.field = field
  }

  var packField: PackField {
    PackField(id: field.id, label: field.label, rules: field.rules.map(Self.ruleName))
  }

  static func ruleName(_ rule: MatrixFile.Rule) -> String {
    if case .regex(let pattern) = rule { return "regex:" + pattern }
    return rule.name
  }

  private var ruleList: String { field.rules.map(Self.ruleName).joined(separator: "+") }

  // MARK: Oracle

  func verdict(_ text: String) throws(VerdictOracle.Unknown) -> VerdictOracle.Verdict {
    try VerdictOracle.verdict(of: text, oracle: field.oracle)
  }

  /// The state after an edit of committed text: the oracle's verdict shown (message for invalid,
  /// button for valid; nothing and disabled for incomplete).
  func settled(_ text: String) throws(VerdictOracle.Unknown) -> FieldExpectation {
    let verdict = try verdict(text)
    return FieldExpectation(
      text: text, messageShown: verdict == .invalid, submitEnabled: verdict == .valid,
      reason: "oracle: \(ruleList) says \(verdict.rawValue) for \"\(text)\"")
  }

  /// What a submission of committed `text` must do.
  func submission(_ text: String) throws(VerdictOracle.Unknown) -> FieldExpectation {
    let verdict = try verdict(text)
    return FieldExpectation(
      submission: verdict == .valid ? .accepted(text) : .refusedInvalid,
      reason: "oracle: \(ruleList) says \(verdict.rawValue) for \"\(text)\"")
  }

  static let composingMarked = FieldExpectation(
    messageShown: false, submitEnabled: false, reason: "marked text is present: still composing")
  static let composingInPlace = FieldExpectation(
    messageShown: false, submitEnabled: false,
    reason: "the oracle says incomplete: the syllable is still being typed")

  mutating func add(_ step: DriverStep, _ label: String, _ expect: FieldExpectation = FieldExpectation()) {
    steps.append(
      CompositionStep(
        label: label, actions: step.actions, expect: expect,
        marked: step.markedRange.map { PackRange(location: $0.location, length: $0.length) },
        selection: PackRange(location: step.selection.location, length: step.selection.length)))
  }

  // MARK: Input-method checks

  mutating func composition(
    _ check: CheckID, trace: Trace, method: Automation.Method, variant: DeliveryVariant,
    trigger: SubmitTrigger?
  ) throws {
    let driver = CompositionDriver(validator: PassiveValidator(), profile: method.profile, variant: variant)
    let inPlace = method.profile.presentation == .inPlace
    func composing(_ step: DriverStep) throws -> Bool {
      inPlace ? try verdict(step.text) == .incomplete : step.isComposing
    }
    let composingExpectation = inPlace ? Self.composingInPlace : Self.composingMarked
    func label(_ index: Int, _ step: DriverStep) -> String { "key \(index + 1) '\(step.action)'" }
    switch check {
    case .c1, .c2, .c3:
      for (index, traceStep) in trace.steps.enumerated() {
        let step = driver.apply(traceStep)
        var expect = FieldExpectation()
        let isComposing = check == .c2 ? false : try composing(step)
        if check == .c1, isComposing { expect = composingExpectation }
        if check == .c3, step.actions.contains(.event(.returnKey)) {
          if !inPlace && !traceStep.committed.isEmpty {
            expect = FieldExpectation(
              submission: .notAccepted,
              reason: "this Return confirmed the candidate: confirming is not submitting")
          } else if isComposing {
            expect = FieldExpectation(
              submission: inPlace ? .refusedInvalid : .refusedComposing, reason: composingExpectation.reason)
          } else {
            expect = try submission(step.text)
          }
        }
        add(step, label(index, step), expect)
        if check == .c3, isComposing, let trigger {
          let probe = driver.submit(via: trigger)
          add(
            probe, "submit via \(trigger.rawValue) while composing",
            FieldExpectation(
              submission: inPlace ? .refusedInvalid : .refusedComposing, reason: composingExpectation.reason))
        }
      }
      if let finish = driver.finishComposition() { add(finish, "commit (focus-out)") }
      if check == .c2, !steps.isEmpty {
        var expect = try settled(method.expect)
        expect.reason = "the input method's declared text; " + (expect.reason ?? "")
        steps[steps.count - 1].expect = expect
        let deleted = driver.deleteBackward()
        add(deleted, "deleteBackward", try settled(deleted.text))
      }
      if check == .c3, let trigger {
        let probe = driver.submit(via: trigger)
        add(probe, "submit via \(trigger.rawValue) after the commit", try submission(probe.text))
      }
    case .r1:
      guard let invalid = field.invalidSample else {
        throw PackExport.Failure(description: "the oracle has no invalid sample for field '\(field.id)'")
      }
      add(driver.input(invalid, via: .paste), "paste", try settled(invalid))
      for (index, traceStep) in trace.steps.enumerated() {
        let step = driver.apply(traceStep)
        add(step, label(index, step), step.isComposing ? Self.composingMarked : FieldExpectation())
      }
    case .r2:
      driver.commitEventsOverride = []
      for (index, traceStep) in trace.steps.enumerated() {
        let step = driver.apply(traceStep)
        add(step, label(index, step))
      }
      if let commit = driver.commitWithoutEvents() { add(commit, "commit (no event)") }
      let first = driver.submit(via: .returnKey)
      var expect = try settled(first.text)
      expect.submission = .notAccepted
      expect.reason =
        "no event announced the commit, so this Return is the confirming key: judge now, do not submit; "
        + (expect.reason ?? "")
      add(first, "Return after a silent commit", expect)
      let second = driver.submit(via: .returnKey)
      add(second, "Return again", try submission(second.text))
    case .r3:
      guard let last = trace.steps.lastIndex(where: { !$0.preedit.isEmpty }) else {
        throw PackExport.Failure(description: "the recipe of '\(method.id)' never leaves text composing")
      }
      driver.commitEventsOverride = []
      for (index, traceStep) in trace.steps[...last].enumerated() {
        let step = driver.apply(traceStep)
        add(step, label(index, step))
      }
      guard let finish = driver.finishComposition() else {
        throw PackExport.Failure(description: "nothing was composing when focus left")
      }
      add(finish, "focus leaves (editingDidEnd only)", try settled(finish.text))
    default:
      throw PackExport.Failure(description: "no script for check '\(check)'")
    }
  }

  // MARK: Rules

  /// `p2`: every text the oracle knows for the field's rules replaces the field's text (as a paste
  /// over a selection does: one edit, then editingChanged) and is submitted by button.
  mutating func ruleTable() throws {
    let known = VerdictOracle.knownTexts(for: field.rules, samples: field.samples)
    guard !known.isEmpty else {
      throw PackExport.Failure(description: "the oracle knows no text for the rules of field '\(field.id)'")
    }
    let driver = CompositionDriver(
      validator: PassiveValidator(), profile: InputMethodProfile(keyboard: "ko_KR@sw=Korean"),
      variant: .everyUpdate)
    for (text, _) in known {
      let entered = driver.replaceAll(with: text)
      add(entered, entered.action, try settled(text))
      let submitted = driver.submit(via: .button)
      add(submitted, "submit \"\(text)\" via button", try submission(text))
    }
  }

  // MARK: Paths without marked text

  mutating func directInput(_ path: DirectInputPath, sample kind: SampleKind) throws {
    let other = field.contrast(to: kind)
    guard let sample = field.sample(kind) else {
      throw PackExport.Failure(
        description: "the oracle has no \(kind.rawValue) sample for field '\(field.id)'")
    }
    // Direct input never composes, so the profile and the variant play no part.
    let driver = CompositionDriver(
      validator: PassiveValidator(), profile: InputMethodProfile(keyboard: "ko_KR@sw=Korean"),
      variant: .everyUpdate)
    if path == .programmatic {
      if let other { add(driver.input(other, via: .paste), "paste", try settled(other)) }
      add(
        driver.input(sample, via: .programmatic), "programmatic",
        FieldExpectation(text: sample, reason: "code assigned the text; no event follows"))
    } else {
      add(driver.input(sample, via: path), path.rawValue, try settled(sample))
    }
    for trigger in SubmitTrigger.allCases {
      let step = driver.submit(via: trigger)
      add(step, "submit via \(trigger.rawValue)", try submission(step.text))
    }
  }
}
