import QAModel

/// Every scenario qapass plans, with stable ids and versioned texts.
///
/// Ids: automated composition checks `c1`, `c2`, `c3`, the paths without marked text `p1`, the
/// rules `p2`, the recompositions, silent commits and in-place rewrites `r1`–`r6` and the timing of submissions `t1`;
/// automated haptic checks `haptic.<name>`; manual keyboard scenarios `m1`–`m3`; manual haptic
/// scenarios `h1`–`h5` and `v1` (visibility without haptics). Bump a scenario's version whenever
/// any of its texts changes.
package enum ScenarioCatalog {
  /// Every scenario, in plan order.
  package static let all: [Scenario] =
    [c1, c2, c3, p1, p2, r1, r2, r3, r4, r5, r6, t1] + automatedHaptics + [m1, m2, m3] + [
      h1, h2, h3, h4, h5, v1,
    ]

  /// The scenario with `id`, if any.
  ///
  /// - Complexity: O(1): every checklist heading looks its item's scenario up.
  package static func scenario(_ id: CheckID) -> Scenario? { byID[id] }

  /// ``all`` by id (the first of an id, as a search in order would find it).
  private static let byID: [CheckID: Scenario] = Dictionary(
    all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

  // MARK: Automated composition

  /// No false error before a candidate is chosen.
  package static let c1 = Scenario(
    id: .c1, version: 2, kind: .automated, channel: .composition,
    title: "No false error before a candidate is chosen",
    statement:
      "At every step while composing (marked text present; for in-place methods, while the rule says "
      + "incomplete), no error message is visible and the button is disabled, also when the user paused after "
      + "committing an earlier candidate (the settle time) and the form had judged it.",
    preconditions: [], steps: [], expected: [], record: [])

  /// Prompt, consistent update after confirmation.
  package static let c2 = Scenario(
    id: .c2, version: 2, kind: .automated, channel: .composition,
    title: "Prompt, consistent update after confirmation",
    statement:
      "Right after the commit, whatever events the keyboard delivered (0, 1 or 2 change events), the field "
      + "holds the input method's expected text and the message and button match the rule's verdict; then it "
      + "deletes one character at a time until the field is empty (the verdict changes on the way, at the latest "
      + "when required refuses the empty text), and after each delete they match again.",
    preconditions: [], steps: [], expected: [], record: [])

  /// Submission paths that bypass the button still enforce the check.
  package static let c3 = Scenario(
    id: .c3, version: 2, kind: .automated, channel: .composition,
    title: "Submission paths that bypass the button still enforce the check",
    statement:
      "At every composing step a submission through the path is refused, sends nothing and shows no message "
      + "while text is marked, also after the user paused on an earlier candidate; after the commit it is "
      + "accepted, with the committed text sent, exactly when the rule accepts the committed text.",
    preconditions: [], steps: [], expected: [], record: [])

  /// Paths without marked text still validate on submission.
  package static let p1 = Scenario(
    id: .p1, version: 2, kind: .automated, channel: .composition,
    title: "Text entered without marked text is still validated on submission",
    statement:
      "After paste, autofill or dictation (one insertion and editingChanged: the three replay the same steps) "
      + "or app code assigning the text (no event: the form refreshes itself), the message and button match "
      + "the rule, and a submission by button, Return or code is accepted, with that text sent, exactly when "
      + "the rule accepts it.",
    preconditions: [], steps: [], expected: [], record: [])

  /// The field's rules agree with the oracle on every text it knows.
  package static let p2 = Scenario(
    id: .p2, version: 2, kind: .automated, channel: .composition,
    title: "The field's rules agree with the oracle on its known texts",
    statement:
      "For every text with a known verdict under the field's rules (other blocks of Han ideographs, middle dots "
      + "between and around names, spaces, lone jamo, full-width signs, blanks), pasting it over the whole text "
      + "shows the verdict's message and button, and the submit button accepts it exactly when the verdict is "
      + "valid; every text the app judges otherwise is reported, not only the first.",
    preconditions: [], steps: [], expected: [], record: [])

  /// A new composition after an invalid commit clears the old message.
  package static let r1 = Scenario(
    id: .r1, version: 1, kind: .automated, channel: .composition,
    title: "A new composition after an invalid commit clears the old message",
    statement:
      "After invalid text was pasted and its message shown, typing with the input method hides the message and "
      + "disables the button at every composing step.",
    preconditions: [], steps: [], expected: [], record: [])

  /// A commit announced by no event, then a submission: Return, the Save button or code.
  package static let r2 = Scenario(
    id: .r2, version: 3, kind: .automated, channel: .composition,
    title: "A commit announced by no event, then a submission",
    statement:
      "The keyboard commits without any event, then the user submits. Return that reaches the app: by default "
      + "(policy silent_commit_return: submits) an ordinary submission, accepted, with the text sent, exactly "
      + "when the rules accept it; with silent_commit_return: judges, the first Return is taken as the key that "
      + "confirmed the candidate (judged, not submitted) and a second Return submits. Code that submits judges "
      + "the text again: accepted exactly when the rules accept it. The Save button does the same when its tap "
      + "reaches the form; a button still disabled (no event told the form of the commit) may ignore the tap, "
      + "but never refuses a valid text it ran for.",
    preconditions: [], steps: [], expected: [], record: [])

  /// A commit announced only by editing-did-end.
  package static let r3 = Scenario(
    id: .r3, version: 1, kind: .automated, channel: .composition,
    title: "A commit announced only by editing-did-end (focus leaves while composing)",
    statement:
      "Focus leaves while text is composed; the marked text is committed as it is with no change event, only "
      + "editingDidEnd; the message and button then match the rules' verdict on the committed text.",
    preconditions: [], steps: [], expected: [], record: [])

  /// An invalid commit announced only by a selection change.
  package static let r4 = Scenario(
    id: .r4, version: 1, kind: .automated, channel: .composition,
    title: "An invalid commit announced only by a selection change",
    statement:
      "After an invalid text was pasted (the first the team's samples do not set against the rules' "
      + "definitions), the recipe is typed with commits announced only by the selection change (no "
      + "editingChanged); while composing no message shows, and after each commit the message and button match "
      + "the rules' verdict on the whole text, which the pasted text keeps invalid.",
    preconditions: [], steps: [], expected: [], record: [])

  /// Editing after an astral character.
  package static let r5 = Scenario(
    id: .r5, version: 1, kind: .automated, channel: .composition,
    title: "Editing after an astral character (UTF-16 ranges)",
    statement:
      "After a character outside the Basic Multilingual Plane (\u{20BB7}, two UTF-16 code units) was pasted, "
      + "the recipe is typed and committed: every range the keyboard gives counts UTF-16 code units, so the field "
      + "ends holding that character followed by the input method's expected text.",
    preconditions: [], steps: [], expected: [], record: [])

  /// An in-place rewrite judged while typing goes on.
  package static let r6 = Scenario(
    id: .r6, version: 1, kind: .automated, channel: .composition,
    title: "An in-place rewrite is judged while typing goes on",
    statement:
      "On a keyboard that rewrites the last syllable in place (Korean: ㅂ, 바, 박, 박ㅅ, 박서), the user pauses "
      + "after every key (the settle time) and types on, focus never leaving: after each rewrite the message "
      + "and button match the rules' verdict on the whole text (a syllable still being typed shows no message "
      + "and leaves the button disabled; a finished one enables it), before the next key arrives and after "
      + "the last one.",
    preconditions: [], steps: [], expected: [], record: [])

  /// What `r5` pastes before typing: U+20BB7 (𠮷, CJK Unified Ideographs Extension B), outside the
  /// Basic Multilingual Plane, two UTF-16 code units and one character, so a range counted in
  /// characters lands one unit short after it.
  package static let astralCharacter = "\u{20BB7}"

  /// A submission right after the last edit.
  package static let t1 = Scenario(
    id: .t1, version: 1, kind: .automated, channel: .composition,
    title: "A submission right after the last edit reads that edit's verdict",
    statement:
      "The valid and the invalid sample are pasted over the whole text in turn, each followed at once by a "
      + "submission (by button and Return 100 ms after the paste, by code in the same instant), before any "
      + "debounced validation had time to run: each submission is accepted, with the text sent, exactly when "
      + "the rules accept the text just pasted, never on the previous text's verdict.",
    preconditions: [], steps: [], expected: [], record: [])

  // MARK: Automated haptics

  /// The automated haptic scenarios, in plan order.
  package static let automatedHaptics: [Scenario] = [
    hapticScenario(
      .hapticContract, "The app's confirmation is the declared contract",
      "The pattern the app plays after a successful save (its shared confirmationEvents(), reported by the "
        + "subject) equals the declared events: count, type, time, duration, intensity and sharpness to the "
        + "thousandth; the flow plays exactly that pattern once.",
      version: 2),
    hapticScenario(
      .hapticSuccess, "A successful save plays exactly once, after it completes",
      "Nothing plays at tap time; when the save succeeds, \"saved\" shows and the confirmation plays once."),
    hapticScenario(
      .hapticFailure, "A failed save plays nothing and shows the error",
      "When the save fails, the error is visible and no haptic is requested."),
    hapticScenario(
      .hapticRapidTaps, "Rapid repeated taps save once and play once",
      "Three taps before the save completes start one save; its success plays one confirmation."),
    hapticScenario(
      .hapticUnsupportedHardware, "Unsupported hardware plays nothing and still shows \"saved\"",
      "With supportsHaptics false the flow neither prepares nor plays, and the save shows \"saved\"."),
    hapticScenario(
      .hapticPlaybackFailure, "A playback failure keeps \"saved\" and leaves one diagnostic",
      "When playing the confirmation throws, the save still shows \"saved\" and exactly one diagnostic is "
        + "recorded."),
    hapticScenario(
      .hapticEngineReset, "After an engine reset the next save still plays",
      "An engine reset between two successful saves does not silence the second confirmation."),
    hapticScenario(
      .hapticBackgroundReturn, "The first save after returning from background plays",
      "After going to the background and back, the first successful save plays its confirmation."),
    hapticScenario(
      .hapticBackgroundCompletion, "A save that completes in the background plays nothing",
      "A save that succeeds while the app is in the background shows \"saved\" and requests no haptic, not even "
        + "on returning; the next save plays once."),
    hapticScenario(
      .hapticEngineStopped, "After the engine stops the next save still plays",
      "An engine stop (the stopped handler, e.g. an audio interruption) between two successful saves does not "
        + "silence the second confirmation."),
    hapticScenario(
      .hapticRetryAfterFailure, "A failed save can be retried, and the retry plays once",
      "After a save fails (no haptic), a second tap starts a new save; its success shows \"saved\" and plays "
        + "one confirmation."),
    hapticScenario(
      .hapticResetDuringSave, "An engine reset while a save runs does not lose its confirmation",
      "The engine resets after the tap and before the save completes, during a first save and during a second "
        + "one; each success still plays one confirmation, on a player prepared again after the reset."),
    hapticScenario(
      .hapticStopDuringSave, "An engine stop while a save runs does not lose its confirmation",
      "The engine stops (the stopped handler, e.g. an audio interruption) after the tap and before the save "
        + "completes, during a first save and during a second one; each success still plays one confirmation, "
        + "on a player started again after the stop."),
    hapticScenario(
      .hapticEngineStartFailure, "An engine that fails to start changes nothing visible",
      "On hardware with haptics, starting the engine throws: each save still starts and shows \"saved\", the "
        + "button keeps working, and no extra feedback comes (at most one play request per save, however "
        + "the flow handles the error)."),
  ]

  private static func hapticScenario(_ id: CheckID, _ title: String, _ statement: String, version: Int = 1)
    -> Scenario
  {
    Scenario(
      id: id, version: version, kind: .automated, channel: .haptics, title: title,
      statement: statement,
      preconditions: [], steps: [], expected: [], record: [])
  }

  // MARK: Manual keyboard scenarios

  /// The last precondition is the keyboard's own: checklists put it at the head of that keyboard's
  /// section, so only one keyboard is asked to be active at a time.
  static let keyboardPreconditions = [
    "Build under test: {build}.",
    "{simulatorNote}",
    "Switch to {inputMethod} now: it must be listed in Settings > General > Keyboard > Keyboards "
      + "(identifier {keyboard}); tap the field, then the globe key until the space bar names it, and keep "
      + "it for the items of this keyboard.",
  ]

  static let keyboardRecord = [
    "Exact OS version (Settings > General > About) and device model.",
    "The keyboard actually active, as shown on the space bar.",
    "Field text, message text and whether the button is enabled at each check; a screen recording if "
      + "anything differs.",
  ]

  /// Type without confirming the text.
  package static let m1 = Scenario(
    id: .m1, version: 2, kind: .manual, channel: .composition,
    title: "Type without confirming: no error before the text is final",
    statement: "While the text is not yet final, the form shows no false error and cannot submit it.",
    preconditions: keyboardPreconditions,
    steps: [
      "Open the form and tap the \"{field}\" field.",
      "{typeSlowly}",
      "After each key, look at the message under the field and at the submit button.",
    ],
    expected: [
      "{composingExpectation}",
      "{buttonWhileComposing}",
    ],
    record: keyboardRecord)

  /// Finish the text, then delete one character.
  package static let m2 = Scenario(
    id: .m2, version: 2, kind: .manual, channel: .composition,
    title: "Finish the text; message, button and value agree; delete one character",
    statement: "Right after the text is final, and again after deleting one character, the message, "
      + "the button and the field's value agree with the field's rules.",
    preconditions: keyboardPreconditions,
    steps: [
      "Open the form and tap the \"{field}\" field.",
      "{typeAndConfirm}",
      "Look at the field, the message and the submit button.",
      "Press delete once and look again.",
    ],
    expected: [
      "{confirmedLabel}: the field shows {expect}; {afterCommit}",
      "After deleting one character: the field shows {afterDelete}; {afterDeleteState}",
      "The message and the button change at once, without typing another key.",
    ],
    record: keyboardRecord)

  /// Return before the text is final.
  package static let m3 = Scenario(
    id: .m3, version: 2, kind: .manual, channel: .composition,
    title: "Press Return before the text is final",
    statement: "Return pressed before the text is final never submits it.",
    preconditions: keyboardPreconditions,
    steps: [
      "Open the form and tap the \"{field}\" field.",
      "{returnStep}",
      "{afterReturnStep}",
    ],
    expected: [
      "{returnNotSubmitted}",
      "{returnExpectation}",
    ],
    record: keyboardRecord + ["Whether the form was submitted, and the field text after Return."])

  // MARK: Manual haptic scenarios

  static let hapticPreconditions = [
    "Build under test: {build}.",
    "Settings > Sounds & Haptics > System Haptics is on; the device is not in Low Power Mode.",
    "The build's haptic debug panel (or log) shows the confirmation pattern {fingerprint}.",
  ]

  static let hapticRecord = [
    "Exact OS version and device model.",
    "The pattern fingerprint the build reports ({fingerprint} expected) and its parameters: {parameters}.",
    "What you felt and when, relative to \"saved\" appearing.",
    "If the feel is wrong, change one parameter at a time (intensity, then sharpness, then timing), "
      + "record each value tried with its fingerprint, and note which change fixed or worsened it.",
  ]

  /// Success haptic and "saved" together.
  package static let h1 = hapticManual(
    .h1, "Success haptic and \"saved\" arrive together",
    steps: ["Fill the form with valid data.", "Tap Save once."],
    expected: ["One confirmation haptic is felt as \"saved\" appears, not before."])

  /// No haptic on a failed save.
  package static let h2 = hapticManual(
    .h2, "No success haptic on a failed save",
    steps: [
      "Make the save fail (airplane mode, or the build's failure switch).",
      "Fill the form and tap Save once.",
    ],
    expected: ["The error is shown and no success haptic is felt."])

  /// Rapid taps.
  package static let h3 = hapticManual(
    .h3, "Rapid taps stay distinguishable with no extras",
    steps: ["Fill the form with valid data.", "Tap Save three times as fast as you can."],
    expected: ["One save happens and exactly one confirmation is felt; no buzz or doubled tap."])

  /// Background and back.
  package static let h4 = hapticManual(
    .h4, "The first action after returning from background plays",
    steps: [
      "Save once and feel the confirmation.", "Go to the Home Screen, wait 10 seconds, return to the app.",
      "Save again.",
    ],
    expected: ["The confirmation is felt on the first save after returning."])

  /// Audio interruption.
  package static let h5 = hapticManual(
    .h5, "The next save after an audio interruption plays",
    steps: [
      "Save once and feel the confirmation.",
      "Interrupt audio: receive a call, invoke Siri, or play other audio, then return to the app.",
      "Save again; repeat for each kind of interruption.",
    ],
    expected: ["The confirmation is felt on the next save after each interruption."])

  /// Visibility without haptics.
  package static let v1 = Scenario(
    id: .v1, version: 1, kind: .manual, channel: .haptics,
    title: "The result is clearly visible with no haptic",
    statement: "On hardware without haptics, the outcome of a save is unmistakable on screen alone.",
    preconditions: [
      "Build under test: {build}.", "{device} has no haptic hardware (supportsHaptics is false).",
    ],
    steps: ["Fill the form with valid data and tap Save.", "Make a save fail and tap Save again."],
    expected: [
      "\"Saved\" and the error are each clearly visible without relying on a haptic.",
      "No error or warning about haptics is shown.",
    ],
    record: ["Exact OS version and device model.", "Screenshots of the saved and the failed states."])

  private static func hapticManual(_ id: CheckID, _ title: String, steps: [String], expected: [String])
    -> Scenario
  {
    Scenario(
      id: id, version: 1, kind: .manual, channel: .haptics, title: title,
      statement: "Felt on a physical device with haptics: " + title.prefix(1).lowercased() + title.dropFirst()
        + ".",
      preconditions: hapticPreconditions, steps: steps, expected: expected, record: hapticRecord)
  }
}
