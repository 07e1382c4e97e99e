import AcceptanceCore
import Keystrokes
import MatrixFormat
import QAModel
import QAPassHarness

/// Builds the composition script of one item: replays the engine trace into the reference field
/// model (``CompositionDriver`` over a ``PassiveValidator``, which judges nothing) and attaches the
/// oracle's expectations (``VerdictOracle``), the input method's declared text and the team's
/// policies to the steps.
struct ScriptBuilder {
  let field: FieldSetup
  let policies: CompositionPolicies
  private(set) var steps: [CompositionStep] = []
  /// Whether the runner goes on after a failing step (`p2`: each text is entered afresh).
  private(set) var continuesAfterFailure = false

  init(field: FieldSetup, policies: CompositionPolicies = .defaults) {
    self.field = field
    self.policies = policies
  }

  var packField: PackField {
    PackField(
      id: field.id, label: field.label, rules: field.rules.map(Self.ruleName),
      samples: field.samples.map { PackField.Sample(text: $0.text, verdict: $0.verdict.rawValue) })
  }

  /// The script built so far.
  var script: CompositionScript {
    CompositionScript(
      field: packField, policies: policies, continuesAfterFailure: continuesAfterFailure, steps: steps)
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

  mutating func add(
    _ step: DriverStep, _ label: String, _ expect: FieldExpectation = FieldExpectation(), delay: Int? = nil
  ) {
    steps.append(
      CompositionStep(
        label: label, delayMilliseconds: delay, actions: step.actions, expect: expect,
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
    /// A submission while composing: refused and nothing sent; with marked text present also no
    /// message (the rules wait), while an in-place syllable is refused as unfinished, with its message.
    var refusedWhileComposing: FieldExpectation {
      inPlace
        ? FieldExpectation(submission: .refusedInvalid, reason: composingExpectation.reason)
        : FieldExpectation(
          messageShown: false, submitEnabled: false, submission: .refusedComposing,
          reason: composingExpectation.reason)
    }
    func label(_ index: Int, _ step: DriverStep) -> String { "key \(index + 1) '\(step.action)'" }
    switch check {
    case .c1, .c2, .c3:
      for (index, traceStep) in trace.steps.enumerated() {
        // After a candidate was committed, and before the next composition, the user pauses for the
        // settle time (c1, c3): a form that judges the commit late has judged it by then, so what it
        // keeps of that verdict while the next text is marked shows.
        let pause =
          check != .c2 && !inPlace && !driver.field.isComposing && !driver.field.utf16.isEmpty
          ? policies.settleMilliseconds : nil
        let step = driver.apply(traceStep)
        var expect = FieldExpectation()
        let isComposing = check == .c2 ? false : try composing(step)
        if check == .c1, isComposing { expect = composingExpectation }
        if check == .c3, step.actions.contains(.event(.returnKey)) {
          // The Return reached the app: refused while composing, otherwise an ordinary submission,
          // also when this Return committed the candidate and its events announced the commit first.
          expect = isComposing ? refusedWhileComposing : try submission(step.text)
        }
        add(step, label(index, step), expect, delay: pause)
        if check == .c3, isComposing, let trigger {
          add(
            driver.submit(via: trigger), "submit via \(trigger.rawValue) while composing",
            refusedWhileComposing)
        }
      }
      if let finish = driver.finishComposition() { add(finish, "commit (focus-out)") }
      if check == .c2, !steps.isEmpty {
        var expect = try settled(method.expect)
        expect.reason = "the input method's declared text; " + (expect.reason ?? "")
        steps[steps.count - 1].expect = expect
        try deleteUntilEmpty(driver, from: method.expect)
      }
      if check == .c3, let trigger {
        let probe = driver.submit(via: trigger)
        add(probe, "submit via \(trigger.rawValue) after the commit", try submission(probe.text))
      }
    case .r1, .r4:
      // r4's driver was made with the no-change-on-commit variant: a commit delivers only
      // selectionChanged, and after each one the whole text (an invalid text first that no sample
      // sets against the definitions, which judge what follows it) is judged.
      guard let invalid = check == .r4 ? field.recompositionSample : field.invalidSample else {
        throw PackExport.Failure(description: "the oracle has no invalid sample for field '\(field.id)'")
      }
      add(driver.input(invalid, via: .paste), "paste", try settled(invalid))
      for (index, traceStep) in trace.steps.enumerated() {
        let step = driver.apply(traceStep)
        var expect = step.isComposing ? Self.composingMarked : FieldExpectation()
        if check == .r4, !step.isComposing, !traceStep.committed.isEmpty {
          expect = try settled(step.text)
          expect.reason = "the commit was announced by selectionChanged alone; " + (expect.reason ?? "")
        }
        add(step, label(index, step), expect)
      }
      if check == .r4, let finish = driver.finishComposition() {
        add(finish, "commit (focus-out)", try settled(finish.text))
      }
    case .r2:
      driver.commitEventsOverride = []
      for (index, traceStep) in trace.steps.enumerated() {
        let step = driver.apply(traceStep)
        add(step, label(index, step))
      }
      if let commit = driver.commitWithoutEvents() { add(commit, "commit (no event)") }
      if let trigger, trigger != .returnKey {
        // The button and code submit as they always do, judging the text again; no event told the
        // form of the commit, so the button may still show disabled and ignore the tap.
        let submitted = driver.submit(via: trigger)
        var expect = try submission(submitted.text)
        let byButton = trigger == .button
        if byButton, case .accepted(let text)? = expect.submission {
          expect.submission = .acceptedUnlessDisabled(text)
        }
        expect.reason =
          "no event announced the commit, and "
          + (byButton
            ? "Save submits unless text is marked (a button still disabled may ignore the tap); "
            : "code submits unless text is marked; ") + (expect.reason ?? "")
        add(submitted, byButton ? "Save after a silent commit" : "code submits after a silent commit", expect)
        return
      }
      let first = driver.submit(via: .returnKey)
      switch policies.silentCommitReturn {
      case .submits:
        var expect = try submission(first.text)
        expect.reason =
          "no event announced the commit, and Return submits unless text is marked (policy "
          + "silent_commit_return: submits); " + (expect.reason ?? "")
        add(first, "Return after a silent commit", expect)
      case .judges:
        var expect = try settled(first.text)
        expect.submission = .notAccepted
        expect.reason =
          "no event announced the commit, so this Return is the confirming key (policy silent_commit_return: "
          + "judges): judge now, do not submit; " + (expect.reason ?? "")
        add(first, "Return after a silent commit", expect)
        let second = driver.submit(via: .returnKey)
        add(second, "Return again", try submission(second.text))
      }
    case .r6:
      // In place, every key rewrites the text; the user pauses after each (the settle time passes
      // before the checks are read) and types on, focus never leaving: each rewrite is judged as it is.
      guard inPlace else {
        throw PackExport.Failure(description: "the keyboard of '\(method.id)' does not write in place")
      }
      for (index, traceStep) in trace.steps.enumerated() {
        let step = driver.apply(traceStep)
        guard !step.actions.isEmpty else {
          add(step, label(index, step))
          continue
        }
        var expect = try settled(step.text)
        expect.reason = "the last syllable was rewritten in place and focus stays; " + (expect.reason ?? "")
        add(step, label(index, step), expect)
      }
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
    case .r5:
      let astral = ScenarioCatalog.astralCharacter
      add(
        driver.input(astral, via: .paste), "paste \"\(astral)\"",
        FieldExpectation(text: astral, reason: "\(astral) is U+20BB7: two UTF-16 code units, one character"))
      for (index, traceStep) in trace.steps.enumerated() {
        let step = driver.apply(traceStep)
        add(step, label(index, step))
      }
      if let finish = driver.finishComposition() { add(finish, "commit (focus-out)") }
      guard steps.count > 1 else {
        throw PackExport.Failure(description: "the recipe of '\(method.id)' types nothing")
      }
      steps[steps.count - 1].expect = FieldExpectation(
        text: astral + method.expect,
        reason:
          "every range counts UTF-16 code units, so the recipe's text follows \(astral) whole: \(astral) "
          + "then the input method's declared text")
    default:
      throw PackExport.Failure(description: "no script for check '\(check)'")
    }
  }

  /// After the commit of `committed`: one `deleteBackward` (and `editingChanged`) at a time until the
  /// field is empty, each followed by the oracle's state. The verdict changes on the way (at the latest
  /// at the empty text, which `required` refuses), so an app that judges only the first change after a
  /// commit shows the old verdict then. The steps never depend on a verdict, so `lint` names every text
  /// they leave at once.
  private mutating func deleteUntilEmpty(_ driver: CompositionDriver, from committed: String) throws {
    for count in 1...max(1, committed.count) {
      let deleted = driver.deleteBackward()
      add(deleted, count == 1 ? "deleteBackward" : "deleteBackward (\(count))", try settled(deleted.text))
      if deleted.text.isEmpty { break }
    }
  }

  // MARK: Rules

  /// `p2`: every text the oracle knows for the field's rules is pasted over the whole text (a
  /// selection, then one insertion and editingChanged) and submitted by button; the runner reports
  /// every text the app judges otherwise.
  mutating func ruleTable() throws {
    let known = VerdictOracle.knownTexts(
      for: field.rules, samples: field.samples, policies: field.oracle.policies)
    guard !known.isEmpty else {
      throw PackExport.Failure(description: "the oracle knows no text for the rules of field '\(field.id)'")
    }
    continuesAfterFailure = true
    let driver = Self.directDriver()
    // The field starts empty, and pasting nothing over nothing is no edit at all: an empty text that
    // would come first (`required` alone has no other probes) comes last, deleting the pasted text.
    let ordered = known.first?.text.isEmpty == true ? Array(known.dropFirst()) + [known[0]] : known
    for (text, _) in ordered {
      let entered = driver.pasteOverAll(text)
      add(entered, entered.action, try settled(text))
      let submitted = driver.submit(via: .button)
      add(submitted, "submit \"\(text)\" via button", try submission(text))
    }
  }

  // MARK: Paths without marked text

  /// A driver for text that arrives without marked text: the profile and the variant play no part.
  private static func directDriver() -> CompositionDriver {
    CompositionDriver(
      validator: PassiveValidator(), profile: InputMethodProfile(keyboard: "ko_KR@sw=Korean"),
      variant: .everyUpdate)
  }

  mutating func directInput(_ path: DirectInputPath, sample kind: SampleKind) throws {
    let other = field.contrast(to: kind)
    guard let sample = field.sample(kind) else {
      throw PackExport.Failure(
        description: "the oracle has no \(kind.rawValue) sample for field '\(field.id)'")
    }
    let driver = Self.directDriver()
    if path == .programmatic {
      if let other { add(driver.input(other, via: .paste), "paste", try settled(other)) }
      var expect = try settled(sample)
      expect.reason =
        "app code assigned the text and no event follows, so the form refreshes itself; "
        + (expect.reason ?? "")
      add(driver.input(sample, via: .programmatic), "programmatic", expect)
    } else {
      add(driver.input(sample, via: path), path.rawValue, try settled(sample))
    }
    for trigger in SubmitTrigger.allCases {
      let step = driver.submit(via: trigger)
      add(step, "submit via \(trigger.rawValue)", try submission(step.text))
    }
  }

  // MARK: Time

  /// When each path submits after the paste before it in `t1`: a person's button tap and Return
  /// 100 ms later, about the quickest one key follows another; code in the same instant.
  static let submissionDelays: [(trigger: SubmitTrigger, milliseconds: Int)] = [
    (.button, 100), (.returnKey, 100), (.programmatic, 0),
  ]

  /// `t1`: the valid sample, judged; then, for each path, the invalid and the valid sample pasted over
  /// the whole text in turn, each submitted right after the paste (``submissionDelays``), before a
  /// debounce of more than that could run: each submission must follow the text just pasted.
  mutating func timing() throws {
    guard let valid = field.validSample, let invalid = field.invalidSample else {
      throw PackExport.Failure(
        description: "the oracle has no valid and invalid sample for field '\(field.id)'")
    }
    let driver = Self.directDriver()
    add(driver.input(valid, via: .paste), "paste", try settled(valid))
    for (trigger, delay) in Self.submissionDelays {
      for text in [invalid, valid] {
        add(driver.pasteOverAll(text), "paste \"\(text)\" over the whole text")
        var expect = try settled(text)
        expect.submission = try submission(text).submission
        expect.reason =
          "submitted \(delay) ms after the paste, before a slower debounce ran: the submission follows the "
          + "pasted text; " + (expect.reason ?? "")
        add(
          driver.submit(via: trigger), "submit via \(trigger.rawValue) \(delay) ms after the paste", expect,
          delay: delay == 0 ? nil : delay)
      }
    }
  }
}
