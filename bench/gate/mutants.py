#!/usr/bin/env python3
"""The gate's planted bugs (issue 21): each mutant is one textual edit of a Reporting source that lets the
gate accept or misreport what a team's app did not run. `run.sh` plants them one at a time and asks the gate's
tests whether they notice. Usage: mutants.py list | mutants.py apply NAME (in a copy of the sources)."""
import sys

MUTANTS = [
    # (name, kind, file, before, after)
    ("missing-items-accepted", "bug", "Sources/Reporting/AcceptanceReport+Verdict.swift",
     "if coverage.notRun > 0 {", "if coverage.notRun > 1_000_000 {"),
    ("other-pack-counted", "bug", "Sources/Reporting/SubjectResults.swift",
     "} else if !referencePack.isEmpty, run.packFingerprint != referencePack {", "} else if false {"),
    ("other-plan-counted", "bug", "Sources/Reporting/SubjectResults.swift",
     "if run.planFingerprint != plan.fingerprint {", "if false {"),
    ("error-counts-as-pass", "bug", "Sources/Reporting/SubjectCoverage.swift",
     "case .error: coverage.couldNotRun += 1", "case .error: coverage.passed += 1"),
    ("first-duplicate-wins", "bug", "Sources/Reporting/SubjectResults.swift",
     "if let seen = best[id], rank(seen.status) >= rank(result.status) { continue }",
     "if best[id] != nil { continue }"),
    ("duplicates-ignored", "bug", "Sources/Reporting/SubjectResults.swift",
     "items: subject.items, unknown: ids.filter { !planned.contains($0) }, duplicated: repeated(ids))",
     "items: subject.items, unknown: ids.filter { !planned.contains($0) }, duplicated: [])"),
    ("unknown-items-ignored", "bug", "Sources/Reporting/SubjectResults.swift",
     "items: subject.items, unknown: ids.filter { !planned.contains($0) }, duplicated: repeated(ids))",
     "items: subject.items, unknown: [], duplicated: repeated(ids))"),
    ("app-failure-not-rejecting", "bug", "Sources/Reporting/AcceptanceReport+Verdict.swift",
     "    if !failed.isEmpty {\n      findings.rejecting.append(",
     "    if failed.count > 1_000_000 {\n      findings.rejecting.append("),
    ("required-subject-forgotten", "bug", "Sources/Reporting/AcceptanceReport+Verdict.swift",
     "for requirement in required where !given.contains(requirement.name)",
     "for requirement in required where given.contains(requirement.name)"),
    ("app-cases-take-the-core-identity", "bug", "Sources/Reporting/JUnitReportWriter.swift",
     "    guard !subject.isReference else { return (classname(item), item.id.rawValue) }",
     "    return (classname(item), item.id.rawValue)"),
    ("app-items-left-out-of-changes", "bug", "Sources/Reporting/ReportChanges.swift",
     "    for subject in apps {", "    for subject in apps.prefix(0) {"),
    ("gone-subject-not-untested", "bug", "Sources/Reporting/ReportChanges.swift",
     "for name in previous.subjectOutcomes.keys.sorted() where !named.contains(name) {",
     "for name in previous.subjectOutcomes.keys.sorted() where named.contains(name) {"),
    ("previous-app-outcomes-not-read", "bug", "Sources/Reporting/PreviousReport.swift",
     "guard let subject = entry as? [String: Any], subject[\"reference\"] as? Bool == false,",
     "guard let subject = entry as? [String: Any], subject[\"reference\"] as? Bool == true,"),
    ("reasons-unbounded", "bug", "Sources/Reporting/SubjectCoverage.swift",
     "coverage.reasons = ranked.prefix(listed).map", "coverage.reasons = ranked.map"),
    # Equivalent refactorings: the tests must not flag them.
    ("not-run-spelled-differently", "equivalent", "Sources/Reporting/AcceptanceReport+Verdict.swift",
     "if coverage.notRun > 0 {", "if coverage.notRun != 0 {"),
    ("rank-by-switch-order", "equivalent", "Sources/Reporting/SubjectResults.swift",
     "    case .fail: 3\n    case .error: 2\n    case .pass: 1\n",
     "    case .fail: 30\n    case .error: 20\n    case .pass: 10\n"),
]


def main():
    if sys.argv[1:] == ["list"]:
        for name, kind, *_ in MUTANTS:
            print(name, kind)
        return
    if len(sys.argv) == 3 and sys.argv[1] == "apply":
        for name, _, path, before, after in MUTANTS:
            if name == sys.argv[2]:
                text = open(path, encoding="utf-8").read()
                if text.count(before) != 1:
                    sys.exit(f"{name}: the text to replace occurs {text.count(before)} times in {path}")
                open(path, "w", encoding="utf-8").write(text.replace(before, after))
                return
        sys.exit(f"no mutant {sys.argv[2]}")
    sys.exit(__doc__)


main()
