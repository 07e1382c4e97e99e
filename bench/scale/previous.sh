#!/usr/bin/env bash
# `pass` with and without `--previous` side by side in one run (outside CI): the same matrix, observations
# and binary, by turns, each timed with `/usr/bin/time -v` (wall, user+system CPU, peak RSS), then the
# ratios with / without. The previous report is the report.json of a first pass over the same observations
# (a rerun's "since the last pass"). Every output but the three report files that say what changed since
# the previous pass (report.md, report-summary.md, report.json) must be byte-identical.
#
# Usage: bench/scale/previous.sh [DEVICES]     (default 12: 12,342 manual items)
# Environment: BIN=path/to/qapass (default: this tree's release build), RUNS (default 5 rounds).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
if [ -z "${BIN:-}" ]; then
  scripts/ensure-deps
  swift build -c release --product qapass >/dev/null
  BIN=$root/.build/release/qapass
fi
devices=${1:-12}
runs=${RUNS:-5}
dir=$root/bench/out/scale/previous/d$devices
rm -rf "$dir"
mkdir -p "$dir/plan" "$dir/first" "$dir/without" "$dir/with"
export SOURCE_DATE_EPOCH=1767225600
python3 bench/scale/generate.py "$devices" >"$dir/matrix.yaml"
"$BIN" plan "$dir/matrix.yaml" --format json --max-combinations 1000000 >"$dir/plan/plan.json"
python3 bench/scale/observations.py "$dir/plan/plan.json" "$dir/records" >/dev/null
common=(pass "$dir/matrix.yaml" --max-combinations 1000000 --checklists cl --observations "$dir/records"
  --create-folders)
(cd "$dir/first" && "$BIN" "${common[@]}" --out rep >/dev/null 2>&1) || true
cp "$dir/first/rep/report.json" "$dir/previous.json"

# one WHO ARGS...: one `pass` in $dir/WHO into a fresh report folder; appends "wall cpu peak_kB" to WHO.times.
one() {
  local who=$1; shift
  rm -rf "$dir/$who/rep"
  (cd "$dir/$who" && /usr/bin/time -v -o "$dir/$who/time" "$BIN" "${common[@]}" --out rep "$@" \
    >"$dir/$who/stdout" 2>"$dir/$who/stderr") || true
  awk -F': ' '
    /Elapsed \(wall clock\)/ { n = split($2, p, ":"); wall = (n == 3) ? p[1] * 3600 + p[2] * 60 + p[3] : p[1] * 60 + p[2] }
    /User time/ { cpu += $2 } /System time/ { cpu += $2 } /Maximum resident set size/ { peak = $2 }
    END { printf "%.2f %.2f %d\n", wall, cpu, peak }' "$dir/$who/time" >>"$dir/$who.times"
}

: >"$dir/without.times"
: >"$dir/with.times"
for _ in $(seq "$runs"); do
  one without
  one with --previous "$dir/previous.json"
done

# summary WHO: best and median wall, least and median user+system CPU, the highest peak RSS (MiB) of the runs.
summary() {
  local cpu
  cpu=$(sort -n -k2 "$dir/$1.times" | awk '{ c[NR] = $2 } END { printf "%.2f %.2f", c[1], c[int((NR + 1) / 2)] }')
  sort -n "$dir/$1.times" | awk -v cpu="$cpu" '{ w[NR] = $1; if ($3 > p) p = $3 }
    END { printf "%.2f %.2f %s %.1f\n", w[1], w[int((NR + 1) / 2)], cpu, p / 1024 }'
}
read -r wb wm wc wcm wp < <(summary without)
read -r pb pm pc pcm pp < <(summary with)
items=$(python3 -c "import json,sys; print(sum(i['kind'] == 'manual' for i in json.load(open(sys.argv[1]))['items']))" \
  "$dir/plan/plan.json")
printf '%s manual items, %s rounds, load %s\n' "$items" "$runs" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-20s %8s %8s %8s %8s %8s\n' run wall_s median_s cpu_s median_s peak_MiB
printf '%-20s %8s %8s %8s %8s %8s\n' "pass" "$wb" "$wm" "$wc" "$wcm" "$wp"
printf '%-20s %8s %8s %8s %8s %8s\n' "pass --previous" "$pb" "$pm" "$pc" "$pcm" "$pp"
awk -v wb="$wb" -v wm="$wm" -v wc="$wc" -v wcm="$wcm" -v wp="$wp" -v pb="$pb" -v pm="$pm" -v pc="$pc" \
  -v pcm="$pcm" -v pp="$pp" 'BEGIN {
  printf "ratio with/without: wall best %.2f, median %.2f; CPU least %.2f, median %.2f; peak RSS %.2f\n",
    pb / wb, pm / wm, pc / wc, pcm / wcm, pp / wp }'
grep -q '"since_previous": {' "$dir/with/rep/report.json" && echo "  --previous compared: since_previous in report.json"
exclude=(-x time -x stderr -x stdout -x '*.times' -x report.md -x report-summary.md -x report.json)
if diff -r -q "$dir/without" "$dir/with" "${exclude[@]}" >/dev/null \
  && cmp -s "$dir/without/stdout" <(grep -v '^since ' "$dir/with/stdout"); then
  echo "  every other output byte-identical (stdout but for its 'since' line)"
else
  echo "  OUTPUTS DIFFER:"
  diff -r -q "$dir/without" "$dir/with" "${exclude[@]}" | head -5
fi
