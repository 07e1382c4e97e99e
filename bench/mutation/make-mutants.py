#!/usr/bin/env python3
"""Writes bench/mutation/mutants/*.patch: realistic bugs planted one at a time in AcceptanceCore's
validator, rules and save flow, plus equivalent refactorings that must not be flagged.

Each mutant is one textual edit of the current source; the patch is `diff -u` of the file before
and after, so `patch -p1` applies it to a copy of the repository. Re-run after the core changes:
an edit whose text is no longer found is an error."""
import difflib, os, sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CORE = "Sources/AcceptanceCore/"

# (id, kind, file, old, new, what the bug is)
MUTANTS = [
    # Validator
    ("v01-validates-marked-text", "bug", "FieldValidator.swift",
     "      if field.isComposing {\n        enterComposing()\n      } else if event != .selectionChanged || hasInteracted {",
     "      if event != .selectionChanged || hasInteracted {",
     "judges the text on every change, marked pinyin included"),
    ("v02-keeps-old-message-while-composing", "bug", "FieldValidator.swift",
     "    phase = .composing\n    message = nil\n",
     "    phase = .composing\n",
     "does not clear the old message when composition starts"),
    ("v03-trusts-cached-button", "bug", "FieldValidator.swift",
     "    let outcome: SubmitOutcome\n    if field.isComposing {",
     "    let outcome: SubmitOutcome\n    if !isSubmitEnabled {\n      outcome = .refusedInvalid(message ?? \"\")\n    } else if isSubmitEnabled {\n      outcome = .accepted(field.text)\n    } else if field.isComposing {",
     "submission trusts the cached button state"),
    ("v04-ignores-selection-change", "bug", "FieldValidator.swift",
     "      } else if event != .selectionChanged || hasInteracted {",
     "      } else if event != .selectionChanged {",
     "a commit announced only by selectionChanged is never judged"),
    ("v05-ignores-editing-did-end", "bug", "FieldValidator.swift",
     "    case .editingChanged, .selectionChanged, .editingDidEnd:",
     "    case .editingDidEnd:\n      break\n    case .editingChanged, .selectionChanged:",
     "focus-out (editingDidEnd) does not judge the committed text"),
    ("v06-confirming-return-ignores-policy", "bug", "FieldValidator.swift",
     "      if silentCommitReturn == .judges && phase == .composing && !field.isComposing {",
     "      if phase == .composing && !field.isComposing {",
     "a Return after a silent commit only judges, whatever the team's silent_commit_return says"),
    ("v07-submit-skips-composition-check", "bug", "FieldValidator.swift",
     "    let outcome: SubmitOutcome\n    if field.isComposing {\n      enterComposing()\n      outcome = .refusedComposing\n    } else {",
     "    let outcome: SubmitOutcome\n    do {",
     "submission judges marked text instead of refusing it"),
    ("v08-button-enabled-while-composing", "bug", "FieldValidator.swift",
     "    message = nil\n    isSubmitEnabled = false\n  }\n\n  private func apply",
     "    message = nil\n  }\n\n  private func apply",
     "the button keeps its old enabled state while composing"),
    ("v09-incomplete-shows-message", "bug", "FieldDisplayState+Verdict.swift",
     "        message: submitting ? messages.text(for: key) : nil, isSubmitEnabled: false,",
     "        message: messages.text(for: key), isSubmitEnabled: false,",
     "an unfinished Korean syllable shows an error while typing"),
    ("v10-incomplete-accepted", "bug", "FieldValidator.swift",
     "      if let key = verdict.messageKey {",
     "      if case .invalid(let key) = verdict {",
     "a submission with a trailing lone jamo is accepted"),
    # Rules
    ("r01-han-uro-only", "bug", "HanIdeographs.swift",
     "    search(allRanges, scalar.value)",
     "    (0x4E00...0x9FFF).contains(scalar.value)",
     "Han rule limited to U+4E00–9FFF"),
    ("r02-han-allows-spaces", "bug", "HanNameRule.swift",
     "      } else if HanIdeographs.isVariationSelector(scalar), previous == .han {\n        kind = .variation",
     "      } else if scalar == \" \" {\n        continue\n      } else if HanIdeographs.isVariationSelector(scalar), previous == .han {\n        kind = .variation",
     "spaces allowed in a Han name"),
    ("r03-han-leading-dot", "bug", "HanNameRule.swift",
     "        if previous != .han && previous != .variation { misplacedSeparator = true }",
     "        if previous == .separator { misplacedSeparator = true }",
     "a leading middle dot accepted"),
    ("r04-han-no-middle-dot", "bug", "HanNameRule.swift",
     "[\"\\u{00B7}\", \"\\u{30FB}\", \"\\u{2027}\"]",
     "[\"\\u{30FB}\", \"\\u{2027}\"]",
     "U+00B7 MIDDLE DOT (what GB18030 keyboards type) rejected"),
    ("r05-han-trailing-dot", "bug", "HanNameRule.swift",
     "    if misplacedSeparator || previous == .separator {",
     "    if misplacedSeparator {",
     "a trailing middle dot accepted"),
    ("r06-korean-jamo-invalid", "bug", "KoreanNameRule.swift",
     "    return trailingJamo > 0 ? .incomplete(.koreanNameIncomplete) : .valid",
     "    return trailingJamo > 0 ? .invalid(.koreanNameInvalidCharacter) : .valid",
     "a trailing lone jamo is invalid instead of incomplete"),
    ("r07-required-empty-only", "bug", "ValidationRule.swift",
     "    text.allSatisfy(\\.isWhitespace) ? .invalid(.required) : .valid",
     "    text.isEmpty ? .invalid(.required) : .valid",
     "a blank name (spaces, U+3000) passes required"),
    ("r08-japanese-no-iteration-mark", "bug", "JapaneseNameRule.swift",
     "    case 0x3041...0x3096, 0x309D...0x309E, 0x30A1...0x30FA, 0x30FC...0x30FE, 0x3005: true",
     "    case 0x3041...0x3096, 0x309D...0x309E, 0x30A1...0x30FA, 0x30FC...0x30FE: true",
     "々 rejected in a Japanese name (佐々木)"),
    ("r09-email-double-dot", "bug", "EmailRule.swift",
     "      !atom.isEmpty && atom.allSatisfy",
     "      atom.allSatisfy",
     "doubled or edge dots accepted in an email address"),
    ("r10-allof-last-verdict", "bug", "ValidationRule.swift",
     "    for rule in rules {\n      let verdict = rule.evaluate(text)\n      if verdict != .valid { return verdict }\n    }\n    return .valid",
     "    rules.last?.evaluate(text) ?? .valid",
     "combined rules judged by the last rule only (required dropped)"),
    # Save flow
    ("s01-plays-at-tap", "bug", "SaveFlow.swift",
     "    if capability.supportsHaptics, needsPrepare { prepareIfNeeded() }",
     "    if capability.supportsHaptics, needsPrepare { prepareIfNeeded() }\n    playConfirmation()",
     "plays the confirmation at tap time"),
    ("s02-ignores-configured-pattern", "bug", "SaveFlow.swift",
     "      try player.play(confirmation)",
     "      try player.play(.savedConfirmation())",
     "plays the library default instead of its configured confirmation"),
    ("s03-plays-in-background", "bug", "SaveFlow.swift",
     "    guard !isInBackground else {",
     "    guard !isInBackground || true else {",
     "plays when the save completes in the background"),
    ("s04-no-reprepare-after-reset", "bug", "SaveFlow.swift",
     "  public func engineDidReset() {\n    needsPrepare = true\n  }",
     "  public func engineDidReset() {}",
     "never prepares the player again after an engine reset"),
    ("s05-plays-after-failure", "bug", "SaveFlow.swift",
     "      state = .failed(message)\n",
     "      state = .failed(message)\n      playConfirmation()\n",
     "plays the success haptic after a failed save"),
    ("s06-no-in-flight-guard", "bug", "SaveFlow.swift",
     "    guard state != .saving else { return false }\n",
     "",
     "rapid taps start a save (and a haptic) each"),
    ("s07-haptic-error-fails-save", "bug", "SaveFlow.swift",
     "      diagnostics.append(.playFailed(String(describing: error)))",
     "      state = .failed(\"Could not save.\")",
     "a playback error turns a saved form into a failure"),
    ("s08-ignores-capability", "bug", "SaveFlow.swift",
     "    guard capability.supportsHaptics else { return }\n",
     "",
     "uses the haptic engine on hardware without haptics"),
    ("s09-no-reprepare-after-background", "bug", "SaveFlow.swift",
     ["    isInBackground = true\n    needsPrepare = true", "    isInBackground = false\n    needsPrepare = true"],
     ["    isInBackground = true", "    isInBackground = false"],
     "never prepares again after the background"),
    ("s10-no-reprepare-after-stop", "bug", "SaveFlow.swift",
     "  public func engineDidStop() {\n    needsPrepare = true\n  }",
     "  public func engineDidStop() {}",
     "never prepares the player again after the engine stopped (an audio interruption)"),
    # Equivalent refactorings: same behaviour, other code.
    ("e01-allof-lazy-first", "equivalent", "ValidationRule.swift",
     "    for rule in rules {\n      let verdict = rule.evaluate(text)\n      if verdict != .valid { return verdict }\n    }\n    return .valid",
     "    rules.lazy.map { $0.evaluate(text) }.first { $0 != .valid } ?? .valid",
     "AllOfRule as a lazy first-non-valid"),
    ("e02-han-contains-set", "equivalent", "HanNameRule.swift",
     "        if previous != .han && previous != .variation { misplacedSeparator = true }",
     "        if ![Kind.han, .variation].contains(previous) { misplacedSeparator = true }",
     "the separator check through an array"),
    ("e03-saveflow-guard-order", "equivalent", "SaveFlow.swift",
     "    guard capability.supportsHaptics else { return }\n    guard !isInBackground else {",
     "    guard capability.supportsHaptics || false else { return }\n    guard isInBackground == false else {",
     "the play guards spelled differently"),
    ("e04-required-trimming", "equivalent", "ValidationRule.swift",
     "    text.allSatisfy(\\.isWhitespace) ? .invalid(.required) : .valid",
     "    text.contains { !$0.isWhitespace } ? .valid : .invalid(.required)",
     "required through contains"),
]

def main():
    out = os.path.join(os.path.dirname(__file__), "mutants")
    os.makedirs(out, exist_ok=True)
    for name in os.listdir(out):
        if name.endswith(".patch"):
            os.remove(os.path.join(out, name))
    for ident, kind, file, old, new, what in MUTANTS:
        path = CORE + file
        text = open(os.path.join(ROOT, path), encoding="utf-8").read()
        mutated = text
        for before, after in zip(*((old, new) if isinstance(old, list) else ([old], [new]))):
            if mutated.count(before) != 1:
                sys.exit(f"{ident}: the text to mutate occurs {mutated.count(before)} times in {path}")
            mutated = mutated.replace(before, after)
        diff = difflib.unified_diff(
            text.splitlines(keepends=True), mutated.splitlines(keepends=True), "a/" + path, "b/" + path)
        with open(os.path.join(out, f"{ident}.patch"), "w", encoding="utf-8") as f:
            f.write(f"# {kind}: {what}\n")
            f.writelines(diff)
    print(f"wrote {len(MUTANTS)} patches to {out}")

if __name__ == "__main__":
    main()
