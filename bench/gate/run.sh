#!/usr/bin/env bash
# The gate's mutation run (issue 21): plants each bug of mutants.py, one at a time, in a copy of the sources,
# rebuilds the tests and runs the gate's own suites (AppSubjectTests in Tests/ReportingTests and
# AppResultsUseCaseTests in Tests/QAPassWorkflowTests). A bug is killed when they fail; an equivalent
# refactoring must pass. Not part of CI (a rebuild per mutant, about a minute each on two cores).
# Usage: bench/gate/run.sh [MUTANT...]   (default: every mutant)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=${QAPASS_GATE_MUTATION_DIR:-${TMPDIR:-/tmp}/qapass-gate-mutation}
scripts/ensure-deps
mkdir -p "$work/src"
fresh() {  # a fresh copy of the tracked sources; the copy's .build is kept so rebuilds are incremental
  find "$work/src" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
  git -C "$root" ls-files -z | (cd "$root" && tar --null -cf - -T -) | tar -xf - -C "$work/src"
}
suites='AppSubjectTests|AppResultsUseCaseTests'
check() { (cd "$work/src" && swift build --build-tests >"$work/build.log" 2>&1 \
  && swift test --skip-build --filter "$suites" >"$work/test.log" 2>&1); }
fresh
check || { echo "the unmutated copy fails its gate tests; see $work/build.log and $work/test.log" >&2; exit 1; }
mutants=("$@")
[ ${#mutants[@]} -gt 0 ] || mapfile -t mutants < <(python3 bench/gate/mutants.py list | cut -d' ' -f1)
printf '%-36s %-11s %s\n' mutant kind result
bugs=0; killed=0; equivalents=0; false_alarms=0
for name in "${mutants[@]}"; do
  kind=$(python3 bench/gate/mutants.py list | awk -v n="$name" '$1 == n { print $2 }')
  fresh
  (cd "$work/src" && python3 "$root/bench/gate/mutants.py" apply "$name")
  if check; then result=passed; else
    if grep -q "error:" "$work/build.log"; then result=build-error; else
      result="killed ($(grep -c '^✘ Test ".*" failed after' "$work/test.log" || true) tests)"; fi
  fi
  if [ "$kind" = bug ]; then
    bugs=$((bugs + 1)); [[ $result == killed* ]] && killed=$((killed + 1))
  else
    equivalents=$((equivalents + 1)); [ "$result" = passed ] || false_alarms=$((false_alarms + 1))
  fi
  printf '%-36s %-11s %s\n' "$name" "$kind" "$result"
done
fresh
echo "bugs killed: $killed of $bugs; equivalent refactorings flagged: $false_alarms of $equivalents"
