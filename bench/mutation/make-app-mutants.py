#!/usr/bin/env python3
"""Writes bench/mutation/app-mutants/SignUpCore-*/*.patch: bugs planted one at a time in the example app's own
code (examples/SignUpCore), plus equivalent refactorings that must not be flagged; run-app-mutants.sh replays
the pack through the harness for each. SignUpCore-composition/ changes its name fields: the form's rules and
its harness adapter (the code that wires the text field's operations and events to the validator and sends
what the form submits). SignUpCore-haptics/ changes its Save button: its corrected SaveController, its
shared confirmationEvents() and its adapter. Paths in the patches are relative to the app's folder
(`patch -p1` there).

Each mutant is a list of textual edits of one file; re-run after the app changes: an edit whose text is not
found exactly once is an error."""
import difflib, os, sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
APP = "examples/SignUpCore/"
SAVE = "Sources/SignUpCore/SaveController.swift"
EVENTS = "Sources/SignUpCore/ConfirmationEvents.swift"
ADAPTER = "Tests/SignUpCoreTests/SignUpSubject.swift"
FIELDS = "Sources/SignUpCore/SignUpForm.Field.swift"

ASSIGN = "    field.text = text\n    validator.revalidate()\n"
REPLACE = "    try? field.replace(TextRange(location: range.location, length: range.length), with: text)\n"
SELECT = "    try? field.select(TextRange(location: range.location, length: range.length))\n"

GUARD = "    guard status != .saving else { return }\n    status = .saving\n"
PLAY_GUARD = "    guard supportsHaptics, !inBackground else { return }\n"
START = "      if needsStart {\n        try player.start()\n        needsStart = false\n      }\n"

# (id, kind, file, [(old, new), ...], what the bug is)
COMPOSITION = [
    ("c01-no-refresh-after-code-assigns", "bug", ADAPTER, [
        (ASSIGN, "    field.text = text\n"),
    ], "code that restores a draft assigns the text and relies on an editingChanged UIKit never sends"),
    ("c02-ranges-as-character-offsets", "bug", ADAPTER, [
        (REPLACE,
         "    // The range counted in Characters (wrong after astral text such as 𠮷).\n"
         "    let head = String(field.text.prefix(range.location))\n"
         "    let body = String(field.text.dropFirst(range.location).prefix(range.length))\n"
         "    try? field.replace(\n"
         "      TextRange(location: head.utf16.count, length: body.utf16.count), with: text)\n"),
    ], "applies UITextInput's UTF-16 ranges as Character offsets"),
    ("c03-selection-change-unforwarded", "bug", ADAPTER, [
        ("      .selectionChanged: .selectionChanged,\n", ""),
        ("    return validator.returnPressed().map(sent)\n",
         "    return event == .returnKey ? validator.returnPressed().map(sent) : nil\n"),
    ], "textFieldDidChangeSelection is not forwarded, so a commit announced only by it is never judged"),
    ("c04-accepts-without-sending", "bug", ADAPTER, [
        ("      recorder.send(text)\n", ""),
    ], "the form says it accepted the name but its view controller never sends it"),
    ("c05-select-unimplemented", "bug", ADAPTER, [
        (SELECT, ""),
    ], "the adapter leaves select(_:) empty (what a protocol default would have hidden): a paste over a "
       "selection inserts instead of replacing"),
    ("c06-korean-name-not-required", "bug", FIELDS, [
        ("      case .koreanName: AllOfRule([RequiredRule(), KoreanNameRule()])\n",
         "      case .koreanName: KoreanNameRule()\n"),
    ], "the Korean name field forgets `required`: an empty or blank name can be submitted"),
    ("c07-sends-marked-draft-on-return", "bug", ADAPTER, [
        ("    return validator.returnPressed().map(sent)\n",
         "    if field.markedTextRange != nil { return sent(.accepted(field.text)) }\n"
         "    return validator.returnPressed().map(sent)\n"),
    ], "the Return handler sends the text while a candidate is still marked"),
    # Equivalent refactorings: same behaviour, other code.
    ("ce1-event-looked-up-by-search", "equivalent", ADAPTER, [
        ("    if let event = events[event] {\n",
         "    if let event = events.first(where: { $0.key == event })?.value {\n"),
    ], "the event to forward found by a search of the table instead of its subscript"),
    ("ce2-message-shown-by-emptiness", "equivalent", ADAPTER, [
        ("  var isMessageShown: Bool { validator.message != nil }\n",
         "  var isMessageShown: Bool { !(validator.message ?? \"\").isEmpty }\n"),
    ], "the error label counts as shown when its text is not empty (the form never shows an empty message)"),
]

HAPTICS = [
    ("h01-in-flight-after-failure", "bug", SAVE, [
        ("  private var inBackground = false\n", "  private var inBackground = false\n  private var inFlight = false\n"),
        (GUARD, "    guard !inFlight else { return }\n    inFlight = true\n    status = .saving\n"),
        ("        status = .saved\n", "        status = .saved\n        inFlight = false\n"),
    ], "an in-flight flag cleared only by a success: after a failed save the button is dead"),
    ("h02-stop-handler-unwired", "bug", SAVE, [
        ("  public func engineDidStop() { needsStart = true }", "  public func engineDidStop() {}"),
    ], "the engine's stopped handler does nothing: the next confirmation after an interruption is lost"),
    ("h03-reset-ignored-while-saving", "bug", SAVE, [
        ("  public func engineDidReset() { needsStart = true }",
         "  public func engineDidReset() { if status != .saving { needsStart = true } }"),
    ], "an engine reset while a save runs is ignored (so as not to disturb the save)"),
    ("h04-starts-at-tap-only", "bug", SAVE, [
        (GUARD, GUARD + "    if supportsHaptics, needsStart {\n      try? player.start()\n      needsStart = false\n    }\n"),
        (START, ""),
    ], "starts the engine when the save starts and plays at its end trusting that start"),
    ("h05-confirmation-drift", "bug", EVENTS, [
        ("intensity: Double = 1.0, sharpness: Double = 0.5", "intensity: Double = 0.65, sharpness: Double = 0.35"),
    ], "the shared confirmationEvents() drifted from the matrix's contract (0.65/0.35, not 1.0/0.5)"),
    ("h06-plays-stock-pattern", "bug", SAVE, [
        ("      try player.play(events)\n", "      try player.play([.transient(intensity: 0.8, sharpness: 0.4, at: 0)])\n"),
    ], "plays a stock pattern instead of the app's own confirmationEvents()"),
    ("h07-plays-after-failure", "bug", SAVE, [
        ("        status = .failed(error)\n", "        status = .failed(error)\n        playConfirmation()\n"),
    ], "plays the success haptic after a failed save"),
    ("h08-plays-in-background", "bug", SAVE, [
        (PLAY_GUARD, "    guard supportsHaptics else { return }\n"),
    ], "plays when the save completes in the background"),
    ("h09-haptic-error-fails-save", "bug", SAVE, [
        ("      hapticErrors.append(String(describing: error))\n", "      status = .failed(\"Could not save.\")\n"),
    ], "a playback error turns a saved profile into a failure"),
    ("h10-ignores-capability", "bug", SAVE, [
        (PLAY_GUARD, "    guard !inBackground else { return }\n"),
    ], "uses the haptic engine on hardware without haptics"),
    ("h11-no-restart-after-background", "bug", SAVE, [
        ("    inBackground = true\n    needsStart = true\n", "    inBackground = true\n"),
        ("    inBackground = false\n    needsStart = true\n", "    inBackground = false\n"),
    ], "never starts the engine again after the background"),
    ("h12-adapter-stop-unforwarded", "bug", ADAPTER, [
        ("  func engineDidStop() {\n    corrected?.engineDidStop()\n    asWritten?.engineDidStop()\n  }",
         "  func engineDidStop() {}"),
    ], "the harness adapter leaves the stopped handler unwired (what a protocol default used to hide)"),
    # Equivalent refactorings: same behaviour, other code.
    ("he1-stop-as-reset", "equivalent", SAVE, [
        ("  public func engineDidStop() { needsStart = true }", "  public func engineDidStop() { engineDidReset() }"),
    ], "the stopped handler calls the reset handler (both only ask for a start)"),
    ("he2-explicit-saving-flag", "equivalent", SAVE, [
        ("  private var inBackground = false\n", "  private var inBackground = false\n  private var isSaving = false\n"),
        (GUARD, "    guard !isSaving else { return }\n    isSaving = true\n    status = .saving\n"),
        ("      guard let self else { return }\n", "      guard let self else { return }\n      isSaving = false\n"),
    ], "an in-flight flag of its own, cleared when any save ends"),
    ("he3-confirmation-literal", "equivalent", EVENTS, [
        ("  [.transient(intensity: intensity, sharpness: sharpness, at: 0)]",
         "  [HapticEvent(kind: .transient, intensity: intensity, sharpness: sharpness, relativeTime: 0, duration: 0)]"),
    ], "the confirmation's event spelled out"),
]

def write(folder, mutants):
    """Replaces the patches of app-mutants/`folder` with those of `mutants`."""
    out = os.path.join(os.path.dirname(__file__), "app-mutants", folder)
    os.makedirs(out, exist_ok=True)
    for stale in (name for name in os.listdir(out) if name.endswith(".patch")):
        os.remove(os.path.join(out, stale))
    for ident, kind, file, edits, what in mutants:
        original = open(os.path.join(ROOT, APP + file), encoding="utf-8").read()
        mutated = original
        for before, after in edits:
            found = mutated.count(before)
            if found != 1:
                sys.exit(f"{ident}: the text to mutate occurs {found} times in {file}")
            mutated = mutated.replace(before, after)
        lines = difflib.unified_diff(
            original.splitlines(keepends=True), mutated.splitlines(keepends=True), "a/" + file, "b/" + file)
        with open(os.path.join(out, ident + ".patch"), "w", encoding="utf-8") as patch:
            patch.write(f"# {kind}: {what}\n" + "".join(lines))
    print(f"wrote {len(mutants)} patches to {out}")


if __name__ == "__main__":
    write("SignUpCore-composition", COMPOSITION)
    write("SignUpCore-haptics", HAPTICS)
