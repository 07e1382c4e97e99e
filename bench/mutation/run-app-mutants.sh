#!/usr/bin/env bash
# bench/mutation/run-app-mutants.sh: bugs written into an app's own code, caught (or not) through the harness.
#
# The patches of bench/mutation/app-mutants/SignUpCore-*/ (written by make-app-mutants.py; paths
# relative to examples/SignUpCore) change the example app's own name-field rules and wiring, Save button,
# shared confirmation and harness adapter. The default matrix's pack is exported once; then the unpatched app replays it
# through QAPassHarness (its `results for qapass pass --automated` test, results to a JSON file), and
# each patch is applied to the app in place, one at a time, the pack replayed again and the patch
# reverted (also on interrupt). A bug is caught when some item the unpatched app passes fails or errs;
# an equivalent refactoring must make none fail. Bugs in the code of apps qapass's authors did not
# write are bench/outsiders/run.sh --mutants. Not part of CI (a rebuild of the app per patch).
#
#   bench/mutation/run-app-mutants.sh             # every patch
#   bench/mutation/run-app-mutants.sh h01 he2     # the patches whose names contain h01 or he2
#
# Outputs go to bench/out/app-mutants/ (default.pack.json, baseline.txt, <patch>.json, app-mutants.tsv).
# Exit 0 unless a step could not run (a build, a patch that does not apply).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
app="$root/examples/SignUpCore"
out="$root/bench/out/app-mutants"
mkdir -p "$out"
cd "$root"
swift build --product qapass >&2
"$root/.build/debug/qapass" export-scenarios matrices/default.yaml -o "$out/default.pack.json" >&2

# Replays the pack against the app as it is now; prints the ids of the items that did not pass.
replay() {
  local results=$1
  rm -f "$results"
  (cd "$app" && swift build --build-tests >"$out/build.log" 2>&1) || return 1
  (cd "$app" && QAPASS_PACK="$out/default.pack.json" QAPASS_RESULTS="$results" \
    swift test --skip-build --filter 'results for' >/dev/null 2>&1) || true
  [[ -s "$results" ]] || { echo "no results in $results" >&2; return 1; }
  jq -r '.results[] | select(.status != "pass") | .id' "$results" | sort
}

applied=""
restore() {
  if [[ -n "$applied" ]]; then
    (cd "$app" && patch -p1 -R -s --no-backup-if-mismatch <"$applied")
    applied=""
  fi
}
trap restore EXIT INT TERM

replay "$out/baseline.json" >"$out/baseline.txt"
total=$(jq '.results | length' "$out/baseline.json")
echo "unpatched app: $((total - $(grep -c . "$out/baseline.txt" || true))) of $total items passed" >&2

printf 'patch\tkind\toutcome\tnew failures\tfirst items\n' >"$out/app-mutants.tsv"
bugs=0 caught=0 equivalents=0 flagged=0
for patchfile in "$here"/app-mutants/SignUpCore-*/*.patch; do
  name=$(basename "$patchfile" .patch)
  if [[ $# -gt 0 ]]; then
    wanted=false
    for part in "$@"; do [[ "$name" == *"$part"* ]] && wanted=true; done
    $wanted || continue
  fi
  kind=$(head -1 "$patchfile" | sed -E 's/^# (bug|equivalent):.*/\1/')
  (cd "$app" && patch -p1 -s --dry-run <"$patchfile" >/dev/null) || { echo "$name does not apply" >&2; exit 1; }
  (cd "$app" && patch -p1 -s --no-backup-if-mismatch <"$patchfile")
  applied="$patchfile"
  if failing=$(replay "$out/$name.json"); then
    new=$(comm -13 "$out/baseline.txt" <(printf '%s\n' "$failing" | grep . || true))
  else
    new="(does not build)"
  fi
  restore
  count=$(printf '%s' "$new" | grep -c . || true)
  case "$kind:$count" in
    bug:0) outcome=survived; bugs=$((bugs + 1)) ;;
    bug:*) outcome=caught; bugs=$((bugs + 1)); caught=$((caught + 1)) ;;
    equivalent:0) outcome="not flagged"; equivalents=$((equivalents + 1)) ;;
    *) outcome=FLAGGED; equivalents=$((equivalents + 1)); flagged=$((flagged + 1)) ;;
  esac
  first=$(printf '%s' "$new" | awk 'NF && n++ < 3' | paste -sd, -)
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$kind" "$outcome" "$count" "${first:--}" >>"$out/app-mutants.tsv"
  echo "$name ($kind): $outcome, $count new failures ${first}" >&2
done
(cd "$app" && swift build --build-tests >"$out/build.log" 2>&1) # the unpatched app's build again
column -t -s $'\t' "$out/app-mutants.tsv"
echo "bugs caught: $caught of $bugs; equivalent refactorings flagged: $flagged of $equivalents"
