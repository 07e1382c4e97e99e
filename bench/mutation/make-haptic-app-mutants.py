#!/usr/bin/env python3
"""Writes bench/mutation/app-mutants/SignUpCore-haptics/*.patch: bugs planted one at a time in the example
app's own Save button and confirmation (examples/SignUpCore: its corrected SaveController, its shared
confirmationEvents() and its harness adapter), plus equivalent refactorings that must not be flagged. Paths
in the patches are relative to the app's folder (`patch -p1` there), as make-app-mutants.py writes them.

Each mutant is a list of textual edits of one file; re-run after the app changes: an edit whose text is not
found exactly once is an error."""
import difflib, os, sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
APP = "examples/SignUpCore/"
SAVE = "Sources/SignUpCore/SaveController.swift"
EVENTS = "Sources/SignUpCore/ConfirmationEvents.swift"
ADAPTER = "Tests/SignUpCoreTests/SignUpSubject.swift"

GUARD = "    guard status != .saving else { return }\n    status = .saving\n"
PLAY_GUARD = "    guard supportsHaptics, !inBackground else { return }\n"
START = "      if needsStart {\n        try player.start()\n        needsStart = false\n      }\n"

# (id, kind, file, [(old, new), ...], what the bug is)
MUTANTS = [
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

def main():
    out = os.path.join(os.path.dirname(__file__), "app-mutants", "SignUpCore-haptics")
    os.makedirs(out, exist_ok=True)
    for name in os.listdir(out):
        if name.endswith(".patch"):
            os.remove(os.path.join(out, name))
    for ident, kind, file, edits, what in MUTANTS:
        text = open(os.path.join(ROOT, APP + file), encoding="utf-8").read()
        mutated = text
        for before, after in edits:
            if mutated.count(before) != 1:
                sys.exit(f"{ident}: the text to mutate occurs {mutated.count(before)} times in {file}")
            mutated = mutated.replace(before, after)
        diff = difflib.unified_diff(
            text.splitlines(keepends=True), mutated.splitlines(keepends=True), "a/" + file, "b/" + file)
        with open(os.path.join(out, f"{ident}.patch"), "w", encoding="utf-8") as f:
            f.write(f"# {kind}: {what}\n")
            f.writelines(diff)
    print(f"wrote {len(MUTANTS)} patches to {out}")

if __name__ == "__main__":
    main()
