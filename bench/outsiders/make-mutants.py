#!/usr/bin/env python3
"""Writes bench/outsiders/<App>/mutants/NN-name.patch from the edits listed below.

Each mutant is one realistic mistake a team makes in its own form (`bug`), or a refactoring that
changes nothing a user sees (`equivalent`). An edit replaces text that must occur exactly once in the
app's file; the patch is a unified diff from the repository root (`patch -p1`), its first line
`# bug: ...` or `# equivalent: ...`, as bench/mutation's patches are.

    bench/outsiders/make-mutants.py      # rewrite every patch from the app sources as they are
"""
import difflib
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent

AF = "ArticleForm/Sources/ArticleForm/"
RF = "ReducerForm/Sources/ReducerForm/"

# (app, name, kind, what, [(file, old, new), ...])
MUTANTS = [
    # ArticleForm: the UIKit-delegate form.
    ("ArticleForm", "01-first-edit-after-commit-only", "bug",
     "judges only the first editingChanged after a commit (to absorb the doubled event), so later edits are never judged",
     [(AF + "FieldController.swift",
       """  /// `editingChanged`.
  private func textChanged() { refresh() }
""",
       """  /// `editingChanged`: a commit often arrives twice, so it is judged once per commit.
  private func textChanged() {
    guard field.markedTextRange == nil else {
      judgedSinceCommit = false
      refresh()
      return
    }
    guard !judgedSinceCommit else { return }
    judgedSinceCommit = true
    refresh()
  }
  private var judgedSinceCommit = false
""")]),
    ("ArticleForm", "02-no-refresh-after-code-assigns", "bug",
     "code that assigns the text relies on an editingChanged that UIKit never sends, so the old verdict stays on screen",
     [(AF + "FieldController.swift",
       """    field.setText(text)
    refresh()
""",
       """    field.setText(text)
""")]),
    ("ArticleForm", "03-utf16-ranges-as-character-offsets", "bug",
     "applies UITextInput's UTF-16 ranges as Character offsets, which go wrong after astral text such as 𠮷",
     [(AF + "TextField.swift",
       """    let units = text.utf16
    var index = units.index(units.startIndex, offsetBy: min(max(offset, 0), units.count))
    while index > units.startIndex, index.samePosition(in: text.unicodeScalars) == nil {
      index = units.index(before: index)
    }
    return index
""",
       """    text.index(text.startIndex, offsetBy: min(max(offset, 0), text.count))
""")]),
    ("ArticleForm", "04-in-flight-kept-after-failure", "bug",
     "clears the in-flight flag only when a save succeeds, so after a failed save the button never saves again",
     [(AF + "SaveController.swift",
       """      guard let self else { return }
      isSaving = false
      if let error {
        status = .failed(error)
        return
      }
      status = .saved
""",
       """      guard let self else { return }
      if let error {
        status = .failed(error)
        return
      }
      isSaving = false
      status = .saved
""")]),
    ("ArticleForm", "05-stopped-handler-not-wired", "bug",
     "installs the engine's reset handler but not its stopped handler, so after an audio interruption the engine is never started again",
     [(AF + "SaveController.swift",
       """    engine.resetHandler = { [weak self] in self?.engineNeedsStart = true }
    engine.stoppedHandler = { [weak self] _ in self?.engineNeedsStart = true }
""",
       """    engine.resetHandler = { [weak self] in self?.engineNeedsStart = true }
""")]),
    ("ArticleForm", "06-validates-marked-text", "bug",
     "judges the text while it is still marked, so pinyin letters and kana show a false error before a candidate is chosen",
     [(AF + "FieldController.swift",
       """  private func refresh() {
    guard field.markedTextRange == nil else {
      errorMessage = nil
      isSaveEnabled = false
      return
    }
    show(form.evaluate(field.text))
  }
""",
       """  private func refresh() {
    let result = form.evaluate(field.text)
    show(result)
    if field.markedTextRange != nil { isSaveEnabled = false }
  }
""")]),
    ("ArticleForm", "07-return-skips-composition-check", "bug",
     "Return submits whatever the rules accept without checking for marked text, so the Return that confirms kana submits it",
     [(AF + "FieldController.swift",
       """  public func textFieldShouldReturn(_ field: TextField) -> Bool {
    submit()
    return true
  }
""",
       """  public func textFieldShouldReturn(_ field: TextField) -> Bool {
    let result = form.evaluate(field.text)
    show(result)
    if result.verdict == .valid {
      sender.send(field.text)
      lastSubmission = .sent(field.text)
    } else {
      lastSubmission = .refusedInvalid
    }
    submissionCount += 1
    return true
  }
""")]),
    ("ArticleForm", "08-plays-on-failure", "bug",
     "plays the confirmation when the save completes, whether it succeeded or failed",
     [(AF + "SaveController.swift",
       """      if let error {
        status = .failed(error)
        return
      }
      status = .saved
      playConfirmation()
""",
       """      defer { playConfirmation() }
      if let error {
        status = .failed(error)
        return
      }
      status = .saved
""")]),
    ("ArticleForm", "09-plays-before-save-completes", "bug",
     "plays the confirmation when Save is tapped, before the save has succeeded",
     [(AF + "SaveController.swift",
       """    isSaving = true
    status = .saving
    saver.save { [weak self] error in""",
       """    isSaving = true
    status = .saving
    playConfirmation()
    saver.save { [weak self] error in"""),
      (AF + "SaveController.swift",
       """      status = .saved
      playConfirmation()
""",
       """      status = .saved
""")]),
    ("ArticleForm", "10-no-restart-after-background", "bug",
     "forgets that Core Haptics stopped the engine in the background, so the first save after returning plays into a stopped engine",
     [(AF + "SaveController.swift",
       """    isInBackground = true
    engineNeedsStart = true
""",
       """    isInBackground = true
""")]),
    ("ArticleForm", "11-han-accepts-look-alike-dots", "bug",
     "accepts the look-alike dots Big5 and CP950 decode to (U+2022 BULLET, U+2027 HYPHENATION POINT) as a Chinese name's middle dot",
     [(AF + "FieldRule.swift",
       """      if scalar == separator {""",
       """      if scalar == separator || (separator == "\\u{00B7}" && ["\\u{2022}", "\\u{2027}"].contains(scalar)) {""")]),
    ("ArticleForm", "12-keeps-old-message-while-composing", "bug",
     "leaves the previous error on screen while a new composition starts",
     [(AF + "FieldController.swift",
       """    guard field.markedTextRange == nil else {
      errorMessage = nil
      isSaveEnabled = false
      return
    }
    show(form.evaluate(field.text))""",
       """    guard field.markedTextRange == nil else {
      isSaveEnabled = false
      return
    }
    show(form.evaluate(field.text))""")]),
    ("ArticleForm", "13-ignores-selection-change", "bug",
     "does not listen to textFieldDidChangeSelection, so a commit announced by no editingChanged is never judged",
     [(AF + "FieldController.swift",
       """  public func textFieldDidChangeSelection(_ field: TextField) { refresh() }""",
       """  public func textFieldDidChangeSelection(_ field: TextField) {}""")]),
    ("ArticleForm", "14-button-trusts-cached-state", "bug",
     "the Save button submits on the cached enabled state instead of checking the field again",
     [(AF + "FieldController.swift",
       """  public func saveTapped() -> SubmitOutcome { submit() }""",
       """  public func saveTapped() -> SubmitOutcome {
    guard isSaveEnabled else {
      lastSubmission = .refusedInvalid
      submissionCount += 1
      return .refusedInvalid
    }
    sender.send(field.text)
    lastSubmission = .sent(field.text)
    submissionCount += 1
    return .sent(field.text)
  }""")]),
    ("ArticleForm", "15-unfinished-korean-shows-error", "bug",
     "treats a Korean syllable still being written (a trailing jamo) as invalid, so every syllable flashes an error",
     [(AF + "FieldRule.swift",
       """    return isCompatibilityJamo(last) ? .incomplete : .invalid""",
       """    return .invalid""")]),
    ("ArticleForm", "16-wrong-sharpness", "bug",
     "the confirmation pattern's sharpness is 0.6 where the contract says 0.5",
     [(AF + "ConfirmationEvents.swift",
       """intensity: 1.0, sharpness: 0.5)""",
       """intensity: 1.0, sharpness: 0.6)""")]),
    ("ArticleForm", "17-japanese-rejects-iteration-mark", "bug",
     "the Japanese name rule leaves out 々, so 佐々木 is refused",
     [(AF + "FieldRule.swift",
       """    case 0x3005: true  // 々 ideographic iteration mark (佐々木)
""",
       "")]),
    ("ArticleForm", "18-han-uro-only", "bug",
     "the Chinese name rule is the popular [\\u4e00-\\u9fa5], which refuses 刘䶮 and 𠮷",
     [(AF + "FieldRule.swift",
       """  static func isHan(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isUnifiedIdeograph }""",
       """  static func isHan(_ scalar: Unicode.Scalar) -> Bool { (0x4E00...0x9FA5).contains(scalar.value) }""")]),
    ("ArticleForm", "19-sends-nfc", "bug",
     "the form sends the NFC of the text it judged, so 金 + U+F929 goes out as 金 + U+6717",
     [(AF + "FieldController.swift",
       """/// Where a submitted form goes (the app's network layer).
public protocol FormSending: AnyObject {""",
       """import Foundation

/// Where a submitted form goes (the app's network layer).
public protocol FormSending: AnyObject {"""),
      (AF + "FieldController.swift",
       """        sender.send(field.text)
        outcome = .sent(field.text)""",
       """        sender.send(field.text.precomposedStringWithCanonicalMapping)
        outcome = .sent(field.text.precomposedStringWithCanonicalMapping)""")]),
    ("ArticleForm", "20-sends-decomposed", "bug",
     "the form sends the NFD of the text (a backend that wants decomposed Hangul), so 김진우 goes out as jamo",
     [(AF + "FieldController.swift",
       """/// Where a submitted form goes (the app's network layer).
public protocol FormSending: AnyObject {""",
       """import Foundation

/// Where a submitted form goes (the app's network layer).
public protocol FormSending: AnyObject {"""),
      (AF + "FieldController.swift",
       """        sender.send(field.text)
        outcome = .sent(field.text)""",
       """        sender.send(field.text.decomposedStringWithCanonicalMapping)
        outcome = .sent(field.text.decomposedStringWithCanonicalMapping)""")]),
    ("ArticleForm", "21-save-trusts-event-state", "bug",
     "Save (the button and code) checks a composing flag kept from the last event instead of the field, so after a commit no event announced it refuses the committed name as still composing",
     [(AF + "FieldController.swift",
       """  public func saveTapped() -> SubmitOutcome { submit() }""",
       """  public func saveTapped() -> SubmitOutcome {
    guard !composingAsLastSeen else {
      lastSubmission = .refusedComposing
      submissionCount += 1
      return .refusedComposing
    }
    return submit()
  }
  private var composingAsLastSeen = false"""),
      (AF + "FieldController.swift",
       """  private func refresh() {
    guard field.markedTextRange == nil else {""",
       """  private func refresh() {
    composingAsLastSeen = field.markedTextRange != nil
    guard field.markedTextRange == nil else {""")]),
    ("ArticleForm", "22-same-length-change-skipped", "bug",
     "takes an editingChanged that leaves the length and the marked range as they were for UIKit's doubled event and skips it, so the Korean keyboard's rewrite of the last syllable (ㅂ to 바) is not judged while typing goes on",
     [(AF + "FieldController.swift",
       """  /// `editingChanged`.
  private func textChanged() { refresh() }
""",
       """  /// `editingChanged`: UIKit may send it twice for one change, so a change that leaves the length
  /// and the marked range as the last one left them is taken for the second and skipped.
  private func textChanged() {
    let shape = (field.text.utf16.count, field.markedTextRange)
    defer { lastChange = shape }
    if let lastChange, lastChange == shape { return }
    refresh()
  }
  private var lastChange: (Int, TextRange?)?
"""),
      (AF + "FieldController.swift",
       """  public func textFieldDidEndEditing(_ field: TextField) { refresh() }""",
       """  public func textFieldDidEndEditing(_ field: TextField) {
    lastChange = nil
    refresh()
  }"""),
      (AF + "FieldController.swift",
       """  public func textFieldDidChangeSelection(_ field: TextField) { refresh() }""",
       """  public func textFieldDidChangeSelection(_ field: TextField) {
    lastChange = nil
    refresh()
  }"""),
      (AF + "FieldController.swift",
       """    field.setText(text)
    refresh()
""",
       """    field.setText(text)
    lastChange = nil
    refresh()
""")]),
    ("ArticleForm", "23-engine-start-failure-shows-error", "bug",
     "a haptic engine that fails to start turns the saved profile into an error on screen",
     [(AF + "SaveController.swift",
       """        diagnostics.append("haptic engine did not start: \(error)")""",
       """        diagnostics.append("haptic engine did not start: \(error)")
        status = .failed("Could not confirm the save")""")]),
    ("ArticleForm", "e1-joined-parts-by-split", "equivalent",
     "the name rules split the text at the separator and check each part, instead of one scan",
     [(AF + "FieldRule.swift",
       """    guard !text.isEmpty else { return .valid }
    var previousWasLetter = false
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      defer { previous = scalar }
      if scalar == separator {
        guard previousWasLetter else { return .invalid }
        previousWasLetter = false
      } else if isVariationSelector(scalar) {
        // A registered glyph of the ideograph before it (葛󠄀, an Ideographic Variation Sequence).
        guard let previous, isHan(previous) else { return .invalid }
      } else if isLetter(scalar) {
        previousWasLetter = true
      } else {
        return .invalid
      }
    }
    return previousWasLetter ? .valid : .invalid
""",
       """    guard !text.isEmpty else { return .valid }
    let parts = text.unicodeScalars.split(separator: separator, omittingEmptySubsequences: false)
    let allGood = parts.allSatisfy { part in
      !part.isEmpty
        && part.indices.allSatisfy { index in
          isLetter(part[index])
            || (isVariationSelector(part[index]) && index > part.startIndex
              && isHan(part[part.index(before: index)]))
        }
    }
    return allGood ? .valid : .invalid
""")]),
    ("ArticleForm", "e2-korean-by-index", "equivalent",
     "the Korean rule walks the scalars with an index instead of dropLast",
     [(AF + "FieldRule.swift",
       """    let scalars = Array(text.unicodeScalars)
    guard let last = scalars.last else { return .valid }
    guard scalars.dropLast().allSatisfy(isHangulSyllable) else { return .invalid }
    if isHangulSyllable(last) { return .valid }
    return isCompatibilityJamo(last) ? .incomplete : .invalid
""",
       """    let scalars = Array(text.unicodeScalars)
    for (offset, scalar) in scalars.enumerated() where !isHangulSyllable(scalar) {
      let isLast = offset == scalars.count - 1
      return isLast && isCompatibilityJamo(scalar) ? .incomplete : .invalid
    }
    return .valid
""")]),
    ("ArticleForm", "e3-save-completion-extracted", "equivalent",
     "the save's completion is a method of its own",
     [(AF + "SaveController.swift",
       """    saver.save { [weak self] error in
      guard let self else { return }
      isSaving = false
      if let error {
        status = .failed(error)
        return
      }
      status = .saved
      playConfirmation()
    }
  }
""",
       """    saver.save { [weak self] error in self?.saveFinished(error: error) }
  }

  private func saveFinished(error: String?) {
    isSaving = false
    guard let error else {
      status = .saved
      playConfirmation()
      return
    }
    status = .failed(error)
  }
""")]),
    ("ArticleForm", "e4-refresh-as-switch", "equivalent",
     "the field shows a verdict through a switch instead of the message and a comparison",
     [(AF + "FieldController.swift",
       """    errorMessage = result.message
    isSaveEnabled = result.verdict == .valid
""",
       """    switch result.verdict {
    case .valid:
      errorMessage = nil
      isSaveEnabled = true
    case .invalid:
      errorMessage = result.message
      isSaveEnabled = false
    case .incomplete:
      errorMessage = nil
      isSaveEnabled = false
    }
""")]),

    # ReducerForm: the reducer-style form.
    ("ArticleForm", "e5-dedupe-by-snapshot", "equivalent",
     "skips an editingChanged whose text and marked range are exactly those it judged last (the verdict depends on nothing else)",
     [(AF + "FieldController.swift",
       """  /// `editingChanged`.
  private func textChanged() { refresh() }
""",
       """  /// `editingChanged`: a change that leaves the text and the marked range as they were judged last
  /// changes no verdict, so it is skipped.
  private func textChanged() {
    let snapshot = (field.text, field.markedTextRange)
    if let judged, judged == snapshot { return }
    refresh()
  }
  private var judged: (String, TextRange?)?
"""),
      (AF + "FieldController.swift",
       """  private func refresh() {
    guard field.markedTextRange == nil else {""",
       """  private func refresh() {
    judged = (field.text, field.markedTextRange)
    guard field.markedTextRange == nil else {""")]),
    ("ArticleForm", "e6-no-play-after-failed-start", "equivalent",
     "does not play the confirmation into an engine that failed to start (it would be lost anyway)",
     [(AF + "SaveController.swift",
       """        diagnostics.append("haptic engine did not start: \(error)")""",
       """        diagnostics.append("haptic engine did not start: \(error)")
        return""")]),
    ("ReducerForm", "01-selection-commit-only-when-valid", "bug",
     "a commit announced only by a selection change is reported only when it makes the text valid, so an invalid one shows no message",
     [(RF + "FieldView.swift",
       """  public func selectionChanged() { report() }""",
       """  public func selectionChanged() {
    // Selection changes are many: only a commit that makes the form submittable matters.
    guard lastReported?.isComposing == true, !buffer.snapshot.isComposing else { return }
    if store.state.spec.validate(buffer.text) == .valid { report() }
  }""")]),
    ("ReducerForm", "02-submit-reads-debounced-verdict", "bug",
     "a submission trusts the debounced verdict in the state, which is stale when the submission follows the last change too soon",
     [(RF + "NameFormFeature.swift",
       """      let verdict = state.spec.validate(snapshot.text)
      show(verdict, in: &state)
      guard verdict == .valid else {""",
       """      // The debounced validation already judged the text.
      guard state.canSubmit else {""")]),
    ("ReducerForm", "03-engine-warmed-at-tap", "bug",
     "starts the haptic engine when Save is tapped, so a reset or stop while the save is in flight loses the confirmation",
     [(RF + "SaveFeature.swift",
       """      state.isSaving = true
      state.status = .saving
      return [.save]""",
       """      state.isSaving = true
      state.status = .saving
      // Warm the engine up while the save runs, so the confirmation plays without delay.
      let warmUp = state.supportsHaptics && !state.engineRunning
      state.engineRunning = true
      return warmUp ? [.save, .warmUp] : [.save]"""),
      (RF + "SaveFeature.swift",
       """      guard state.supportsHaptics, state.isActive else { return [] }
      let startFirst = !state.engineRunning
      state.engineRunning = true
      return [.confirm(startFirst: startFirst)]""",
       """      guard state.supportsHaptics, state.isActive else { return [] }
      return [.confirm(startFirst: false)]"""),
      (RF + "SaveFeature.swift",
       """    /// Save the order.
    case save
""",
       """    /// Save the order.
    case save
    /// Start the engine ahead of a confirmation.
    case warmUp
"""),
      (RF + "SaveFeature.swift",
       """        saver.save { error in send(.saveFinished(error: error)) }
""",
       """        saver.save { error in send(.saveFinished(error: error)) }
      case .warmUp:
        do { try haptics.start() } catch { send(.engineStartFailed) }
""")]),
    ("ReducerForm", "04-no-in-flight-guard", "bug",
     "every tap starts a save, so rapid taps save and play more than once",
     [(RF + "SaveFeature.swift",
       """      guard !state.isSaving else { return [] }
      state.isSaving = true""",
       """      state.isSaving = true""")]),
    ("ReducerForm", "05-binding-writes-back", "bug",
     "the view writes the state's text back into the field after every report, which destroys the marked text while composing",
     [(RF + "FieldView.swift",
       """    lastReported = snapshot
    store.send(.fieldChanged(snapshot))
""",
       """    lastReported = snapshot
    store.send(.fieldChanged(snapshot))
    buffer.setText(store.state.field.text)  // keep the field in sync with the state
""")]),
    ("ReducerForm", "06-dedupe-on-text-only", "bug",
     "drops a report whose text equals the last one, so a commit that changes no text (kana confirmed as is) is never judged",
     [(RF + "FieldView.swift",
       """    guard snapshot != lastReported else { return }""",
       """    guard snapshot.text != lastReported?.text else { return }""")]),
    ("ReducerForm", "07-submit-trusts-mirrored-state", "bug",
     "a submission checks the composing state mirrored from the last report instead of the field itself",
     [(RF + "FieldView.swift",
       """    store.send(.submit(.returnKey, buffer.snapshot))""",
       """    store.send(.submit(.returnKey, TextBuffer.Snapshot(text: buffer.text, isComposing: store.state.field.isComposing)))"""),
      (RF + "FieldView.swift",
       """  public func submit(_ trigger: NameFormFeature.Trigger) { store.send(.submit(trigger, buffer.snapshot)) }""",
       """  public func submit(_ trigger: NameFormFeature.Trigger) {
    store.send(.submit(trigger, TextBuffer.Snapshot(text: buffer.text, isComposing: store.state.field.isComposing)))
  }""")]),
    ("ReducerForm", "08-no-restart-after-reset", "bug",
     "ignores the engine's reset and stopped notices, so the next confirmation plays into an engine that is not running",
     [(RF + "SaveFeature.swift",
       """    case .engine:
      state.engineRunning = false
      return []""",
       """    case .engine:
      return []""")]),
    ("ReducerForm", "09-plays-in-background", "bug",
     "plays the confirmation of a save that completes while the app is in the background",
     [(RF + "SaveFeature.swift",
       """      guard state.supportsHaptics, state.isActive else { return [] }""",
       """      guard state.supportsHaptics else { return [] }""")]),
    ("ReducerForm", "10-haptic-failure-shows-error", "bug",
     "a haptic that fails to play turns the saved order into an error on screen",
     [(RF + "SaveFeature.swift",
       """    case .playFailed:
      state.hapticProblems += 1
      return []""",
       """    case .playFailed:
      state.hapticProblems += 1
      state.status = .failed("Could not confirm the order")
      return []""")]),
    ("ReducerForm", "11-ignores-supports-haptics", "bug",
     "plays on hardware without haptics (an iPad), touching an engine that cannot play",
     [(RF + "SaveFeature.swift",
       """      guard state.supportsHaptics, state.isActive else { return [] }""",
       """      guard state.isActive else { return [] }""")]),
    ("ReducerForm", "12-unfinished-korean-submits", "bug",
     "treats a Korean name whose last syllable is unfinished as valid, so 김진ㅇ can be submitted",
     [(RF + "NameFormFeature.swift",
       """      guard verdict == .valid else {""",
       """      guard verdict == .valid || verdict == .unfinished else {""")]),
    ("ReducerForm", "13-email-single-label", "bug",
     "the e-mail pattern accepts a domain without a dot (mei@example)",
     [(RF + "Validation.swift",
       """      + "@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)+[A-Za-z]{2,63}")""",
       """      + "@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\\\.)*[A-Za-z]{2,63}")""")]),
    ("ReducerForm", "14-required-accepts-spaces", "bug",
     "`required` accepts a text of spaces only",
     [(RF + "Validation.swift",
       """    case .required: return text.contains { !$0.isWhitespace } ? .passes : .fails""",
       """    case .required: return text.isEmpty ? .fails : .passes""")]),
    ("ReducerForm", "15-code-set-text-debounced", "bug",
     "code that sets the text validates it after the debounce like typing, so the screen shows the old verdict until then and a submission right away reads it",
     [(RF + "NameFormFeature.swift",
       """      return [.writeToField(text), .validate(text, generation: state.generation, delay: 0)]""",
       """      return [.writeToField(text), .validate(text, generation: state.generation, delay: debounce)]""")]),
    ("ReducerForm", "16-han-accepts-katakana-dot", "bug",
     "the Chinese name rule takes \\p{Han} (Script_Extensions), which lets in 、 and the katakana middle dot",
     [(RF + "Validation.swift",
       """  nonisolated(unsafe) static let hanName = try! Regex("[\\(han)]+(?:\\\\u{00B7}[\\(han)]+)*")""",
       """  nonisolated(unsafe) static let hanName = try! Regex("[\\(han)\\\\p{Han}]+(?:\\\\u{00B7}[\\(han)\\\\p{Han}]+)*")""")]),
    ("ReducerForm", "17-composing-keeps-submit-enabled", "bug",
     "starting a new composition clears the message but leaves the submit button enabled",
     [(RF + "NameFormFeature.swift",
       """        state.message = nil
        state.canSubmit = false
        return [.cancelValidation]""",
       """        state.message = nil
        return [.cancelValidation]""")]),
    ("ReducerForm", "18-sends-decomposed", "bug",
     "the reducer sends the NFD of the snapshot's text, so Korean names go out as conjoining jamo",
     [(RF + "NameFormFeature.swift",
       """/// One field of the checkout form and its submit button, as a reducer.""",
       """import Foundation

/// One field of the checkout form and its submit button, as a reducer."""),
      (RF + "NameFormFeature.swift",
       """      return [.cancelValidation, .send(snapshot.text)]""",
       """      return [.cancelValidation, .send(snapshot.text.decomposedStringWithCanonicalMapping)]""")]),
    ("ReducerForm", "19-save-button-trusts-mirrored-state", "bug",
     "the submit button checks the composing state mirrored from the last report instead of the field itself (Return and code ask the field)",
     [(RF + "FieldView.swift",
       """  public func submit(_ trigger: NameFormFeature.Trigger) { store.send(.submit(trigger, buffer.snapshot)) }""",
       """  public func submit(_ trigger: NameFormFeature.Trigger) {
    let snapshot =
      trigger == .button
      ? TextBuffer.Snapshot(text: buffer.text, isComposing: store.state.field.isComposing) : buffer.snapshot
    store.send(.submit(trigger, snapshot))
  }""")]),
    ("ReducerForm", "20-code-submit-trusts-mirrored-state", "bug",
     "code that submits (a shortcut, state restoration) checks the composing state mirrored from the last report instead of the field itself",
     [(RF + "FieldView.swift",
       """  public func submit(_ trigger: NameFormFeature.Trigger) { store.send(.submit(trigger, buffer.snapshot)) }""",
       """  public func submit(_ trigger: NameFormFeature.Trigger) {
    let snapshot =
      trigger == .code
      ? TextBuffer.Snapshot(text: buffer.text, isComposing: store.state.field.isComposing) : buffer.snapshot
    store.send(.submit(trigger, snapshot))
  }""")]),
    ("ReducerForm", "21-retries-engine-start", "bug",
     "retries a haptic engine that failed to start by confirming again, so the user gets two play requests for one save",
     [(RF + "SaveFeature.swift",
       """    case .engineStartFailed:
      state.engineRunning = false
      state.hapticProblems += 1
      return []""",
       """    case .engineStartFailed:
      state.engineRunning = false
      state.hapticProblems += 1
      return state.hapticProblems == 1 ? [.confirm(startFirst: true)] : []""")]),
    ("ReducerForm", "e1-store-drains-by-index", "equivalent",
     "the store drains its queue by index instead of removing from the front",
     [(RF + "Store.swift",
       """    while !queue.isEmpty {
      let next = queue.removeFirst()
      for effect in Feature.reduce(&state, next) {
        run(effect) { [weak self] action in self?.send(action) }
      }
    }
""",
       """    var index = 0
    while index < queue.count {
      let next = queue[index]
      index += 1
      for effect in Feature.reduce(&state, next) {
        run(effect) { [weak self] action in self?.send(action) }
      }
    }
    queue.removeAll()
""")]),
    ("ReducerForm", "e2-show-by-pattern", "equivalent",
     "the reducer shows a verdict with one tuple assignment per case",
     [(RF + "NameFormFeature.swift",
       """    switch verdict {
    case .valid:
      state.message = nil
      state.canSubmit = true
    case .invalid(let message):
      state.message = message
      state.canSubmit = false
    case .unfinished:
      state.message = nil
      state.canSubmit = false
    }""",
       """    (state.message, state.canSubmit) =
      switch verdict {
      case .valid: (nil, true)
      case .invalid(let message): (message, false)
      case .unfinished: (nil, false)
      }""")]),
    ("ReducerForm", "e3-han-class-by-reduce", "equivalent",
     "the Han character class is built with reduce(into:) instead of map and joined",
     [(RF + "Validation.swift",
       """  static let han = hanRanges.map { "\\\\u{\\(hex($0.lowerBound))}-\\\\u{\\(hex($0.upperBound))}" }.joined()""",
       """  static let han = hanRanges.reduce(into: "") { $0 += "\\\\u{\\(hex($1.lowerBound))}-\\\\u{\\(hex($1.upperBound))}" }""")]),
    ("ReducerForm", "e4-save-guard-order", "equivalent",
     "the save completion checks the foreground before the hardware",
     [(RF + "SaveFeature.swift",
       """      guard state.supportsHaptics, state.isActive else { return [] }""",
       """      guard state.isActive, state.supportsHaptics else { return [] }""")]),
    ("ReducerForm", "e5-no-play-after-failed-start", "equivalent",
     "does not play the confirmation when the engine failed to start",
     [(RF + "SaveFeature.swift",
       """          do { try haptics.start() } catch { send(.engineStartFailed) }""",
       """          do {
            try haptics.start()
          } catch {
            send(.engineStartFailed)
            return
          }""")]),
]


def main() -> int:
    names = set()
    for app, name, kind, what, edits in MUTANTS:
        assert (app, name) not in names, name
        names.add((app, name))
        originals = {}
        changed = {}
        for path, old, new in edits:
            text = changed.get(path) or (HERE / path).read_text()
            originals.setdefault(path, text)
            count = text.count(old)
            if count != 1:
                print(f"{app}/{name}: the text to replace occurs {count} times in {path}", file=sys.stderr)
                return 1
            changed[path] = text.replace(old, new)
        lines = [f"# {kind}: {what}\n"]
        for path in originals:
            rel = (HERE / path).relative_to(ROOT).as_posix()
            lines += difflib.unified_diff(
                originals[path].splitlines(keepends=True), changed[path].splitlines(keepends=True),
                fromfile="a/" + rel, tofile="b/" + rel)
        folder = HERE / app / "mutants"
        folder.mkdir(exist_ok=True)
        (folder / f"{name}.patch").write_text("".join(lines))
    for folder in (HERE / "ArticleForm" / "mutants", HERE / "ReducerForm" / "mutants"):
        for stale in folder.glob("*.patch"):
            if (folder.parent.name, stale.stem) not in names:
                stale.unlink()
    print(f"{len(MUTANTS)} patches written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
