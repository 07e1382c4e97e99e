#!/usr/bin/env bash
# bench/outsiders/run.sh: qapass's scenario packs against two apps qapass's authors did not write.
#
# Builds qapass, exports a pack for matrices/default.yaml and for each team matrix in
# bench/outsiders/matrices/, replays every pack against each app (ArticleForm, ReducerForm) through its
# own harness adapter, and prints per app and pack the items passed, failed and in error, with each
# failure's item id and the runner's message, and every text the app's own rules judge otherwise than
# the pack. Items a pack could not export are counted apart. First it compares each pack's
# expectations with the team's hand-decided verdicts (compare-verdicts.py).
#
#   bench/outsiders/run.sh                 # the correct apps
#   bench/outsiders/run.sh --mutants       # then every planted patch, one at a time: killed or survived
#   bench/outsiders/run.sh --mutants 03    # only the patches whose name contains 03
#   bench/outsiders/run.sh --mutants 01- e1-   # those whose name contains any of 01- and e1-
#
# Outputs go to bench/out/outsiders/ (packs/, results/<app>.<pack>.json, mutants.tsv). A mutant is
# killed when some item the correct app passes fails or errs with the patch applied; an equivalent
# patch must kill nothing. Patches apply to the working tree from the repository root and are always
# reverted (also on interrupt). Exit 0 unless a step could not run (a build, a patch that does not apply).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out="$root/bench/out/outsiders"
apps=(ArticleForm ReducerForm)
mutants=false
only=()
if [[ "${1:-}" == "--mutants" ]]; then
  mutants=true
  only=("${@:2}")
fi

mkdir -p "$out/packs" "$out/results"
cd "$root"
swift build --product qapass >&2
qapass="$root/.build/debug/qapass"

packs=()
for matrix in matrices/default.yaml "$here"/matrices/*.yaml; do
  case "$matrix" in *expected-verdicts.yaml) continue ;; esac
  name=$(basename "$matrix" .yaml)
  # Exit 65: some items could not be exported; the pack holds the others and lists those.
  "$qapass" export-scenarios "$matrix" -o "$out/packs/$name.pack.json" 2>"$out/packs/$name.export.txt" \
    || [[ $? -eq 65 ]]
  packs+=("$name")
done

# Replays every pack against the app in $1, writing results/<app>.<pack>.json; $2 is a tag for logs.
replay() {
  local app=$1 pack
  (cd "$here/$app" && swift build --build-tests >&2)
  for pack in "${packs[@]}"; do
    rm -f "$out/results/$app.$pack.json" "$out/results/$app.$pack.verdicts.tsv"
    (cd "$here/$app" && QAPASS_PACK="$out/packs/$pack.pack.json" QAPASS_RESULTS="$out/results/$app.$pack.json" \
      QAPASS_VERDICTS="$out/results/$app.$pack.verdicts.tsv" \
      swift test --skip-build --filter 'results for|rules agree' >/dev/null 2>&1) || true
    [[ -s "$out/results/$app.$pack.json" ]] || { echo "no results for $app on $pack" >&2; return 1; }
  done
}

# Prints the summary of one results file: counts, then each failure and error with its message.
summarize() {
  python3 - "$1" "$2" "$3" <<'PY'
import json, os, sys
run = json.load(open(sys.argv[1]))
pack = json.load(open(sys.argv[2]))
verdicts = open(sys.argv[3]).read().splitlines() if os.path.exists(sys.argv[3]) else []
unexported = {u["id"] for u in pack.get("unexported", [])}
def one(f):
    if f.get("step", 0) == 0: return f.get("seen", "")
    text = "step %d '%s': expected %s; seen %s" % (f["step"], f["label"], f["expected"], f["seen"])
    return text + (" (%s)" % f["reason"] if f.get("reason") else "")
def message(r):
    # Every failing step (p2 reports each text the app judges otherwise), else the first.
    failures = r.get("failures") or ([r["failure"]] if r.get("failure") else [])
    return "\n      ".join(one(f) for f in failures)
ran = [r for r in run["results"] if r["id"] not in unexported]
passed = sum(r["status"] == "pass" for r in ran)
failed = [r for r in ran if r["status"] == "fail"]
errors = [r for r in ran if r["status"] == "error"]
print("  %d items: %d passed, %d failed, %d errors; %d not exported" % (
    len(ran), passed, len(failed), len(errors), len(unexported)))
for r in failed + errors:
    print("    %s %s: %s" % (r["status"].upper(), r["id"], message(r)))
# Texts the app's own rules judge otherwise than the pack, also where an item stopped earlier.
print("  %d texts the app's rules judge otherwise than the pack" % len(verdicts))
for line in verdicts:
    item, rules, text, expected, judged = line.split("\t")
    print("    %s [%s] %s: %s, %s" % (item, rules, text, expected, judged))
PY
}

# The ids of the items that did not pass, over every pack, for comparing a mutant with the correct app.
not_passing() {
  local app=$1 pack
  for pack in "${packs[@]}"; do
    jq -r --arg p "$pack" '.results[] | select(.status != "pass") | "\($p) \(.id)"' "$out/results/$app.$pack.json"
  done | sort
}

# The pack's expectations against the team's hand-decided verdicts (matrices/expected-verdicts.yaml).
# The full list (with the texts the file does not decide) goes to packs/<pack>.verdicts.txt.
for pack in "${packs[@]}"; do
  python3 "$here/compare-verdicts.py" "$out/packs/$pack.pack.json" >"$out/packs/$pack.verdicts.txt"
  grep -v '^  not in the file' "$out/packs/$pack.verdicts.txt"
done

for app in "${apps[@]}"; do
  replay "$app"
  for pack in "${packs[@]}"; do
    echo "$app × $pack"
    summarize "$out/results/$app.$pack.json" "$out/packs/$pack.pack.json" "$out/results/$app.$pack.verdicts.tsv"
  done
  not_passing "$app" >"$out/results/$app.baseline.txt"
done

$mutants || exit 0

restore() {
  if [[ -n "${applied:-}" ]]; then
    patch -p1 -R -s <"$applied"
    applied=""
  fi
}
trap restore EXIT INT TERM
printf 'app\tpatch\tkind\toutcome\tnew failures per pack\tfirst items\n' >"$out/mutants.tsv"
for app in "${apps[@]}"; do
  for patchfile in "$here/$app"/mutants/*.patch; do
    wanted=$([[ ${#only[@]} -eq 0 ]] && echo true || echo false)
    for part in "${only[@]}"; do [[ "$(basename "$patchfile")" == *"$part"* ]] && wanted=true; done
    $wanted || continue
    kind=$(head -1 "$patchfile" | sed -E 's/^# (bug|equivalent):.*/\1/')
    patch -p1 -s --dry-run <"$patchfile" >/dev/null || { echo "$patchfile does not apply" >&2; exit 1; }
    patch -p1 -s <"$patchfile"
    applied="$patchfile"
    replay "$app"
    restore
    new=$(comm -13 "$out/results/$app.baseline.txt" <(not_passing "$app"))
    count=$(printf '%s' "$new" | grep -c . || true)
    case "$kind:$count" in
      bug:0) outcome=survived ;;
      bug:*) outcome=killed ;;
      equivalent:0) outcome="not flagged" ;;
      *) outcome=FLAGGED ;;
    esac
    # New failures per pack, and the first few item ids.
    per_pack=$(printf '%s' "$new" | awk 'NF {n[$1]++} END {for (p in n) printf "%s:%d ", p, n[p]}' | xargs)
    first=$(printf '%s' "$new" | awk 'NF && n++ < 3 {print $2}' | paste -sd, -)
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$app" "$(basename "$patchfile" .patch)" "$kind" "$outcome" \
      "${per_pack:--}" "${first:--}" >>"$out/mutants.tsv"
    echo "$app $(basename "$patchfile" .patch) ($kind): $outcome, $count new failures ${per_pack}"
  done
  replay "$app" # the correct app's build again
done
column -t -s $'\t' "$out/mutants.tsv"
