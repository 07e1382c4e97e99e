#!/usr/bin/env bash
# Mutation test: plants each bug of mutants/*.patch, one at a time, in a copy of the sources, rebuilds
# qapass, and asks `qapass run` alone (no unit test) whether it notices: on matrices/default.yaml and on
# bench/mutation/names.yaml (Han, Japanese and Korean name fields and an email field). A bug is killed when
# `qapass run` exits 1 on either; an equivalent refactoring must pass both. Not part of CI (a rebuild per
# mutant). Each column says how many of the matrix's items the bug fails. Usage: bench/mutation/run.sh [PATCH...]   (default: every patch)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
patches=()
for patch in "$@"; do patches+=("$(realpath "$patch")"); done
work=${QAPASS_MUTATION_DIR:-${TMPDIR:-/tmp}/qapass-mutation}
scripts/ensure-deps
mkdir -p "$work/src"
# A fresh copy of the tracked sources; the copy's own .build is kept so rebuilds are incremental.
find "$work/src" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
git ls-files -z | tar --null -cf - -T - | tar -xf - -C "$work/src"
cd "$work/src"
qapass=.build/debug/qapass
build() { swift build --product qapass >"$work/build.log" 2>&1; }
verdict() {  # prints "passed", or "killed:F/N" (F of the N items failed), for one matrix
  if "$qapass" run "$1" >"$work/run.log" 2>&1; then echo passed; else
    code=$?
    if [ "$code" -eq 1 ]; then
      sed -n 's/^items: \([0-9]*\), passed: [0-9]*, failed: \([0-9]*\).*/killed:\2\/\1/p' "$work/run.log" | head -1
    else echo "error($code)"; fi
  fi
}
build || { echo "the unmutated copy does not build; see $work/build.log" >&2; exit 1; }
for matrix in matrices/default.yaml bench/mutation/names.yaml; do
  [ "$(verdict $matrix)" = passed ] || { echo "the unmutated core fails $matrix" >&2; exit 1; }
done
[ ${#patches[@]} -gt 0 ] || patches=("$root"/bench/mutation/mutants/*.patch)
printf '%-40s %-10s %-14s %-14s %s\n' mutant kind default names result
bugs=0; killed=0; equivalents=0; false_alarms=0
for patch in "${patches[@]}"; do
  name=$(basename "$patch" .patch)
  kind=$(head -1 "$patch" | sed 's/^# \([a-z]*\):.*/\1/')
  patch -s -p1 <"$patch"
  if build; then
    d=$(verdict matrices/default.yaml); n=$(verdict bench/mutation/names.yaml)
  else
    d=no-build; n=no-build
  fi
  patch -s -R -p1 <"$patch"
  if [ "$kind" = bug ]; then
    bugs=$((bugs + 1))
    if [[ $d == killed* || $n == killed* ]]; then killed=$((killed + 1)); result=KILLED; else result=SURVIVED; fi
  else
    equivalents=$((equivalents + 1))
    if [ "$d" = passed ] && [ "$n" = passed ]; then result=ok; else false_alarms=$((false_alarms + 1)); result=FALSE-ALARM; fi
  fi
  printf '%-40s %-10s %-14s %-14s %s\n' "$name" "$kind" "$d" "$n" "$result"
done
build
echo "bugs killed: $killed of $bugs; equivalent refactorings flagged: $false_alarms of $equivalents"
