#!/usr/bin/env bash
# What one page read costs `qapass serve` at release size (outside CI), one request at a time: bench/scale's
# matrix of DEVICES devices (12: 12,342 manual items) with its 5,916 observations recorded, then
# bench/serve/sequential.py for each PAGE: a record, the page (made again: the pass changed), the page
# again (unchanged), the version. Release build.
#
# Usage: bench/serve/pages.sh [ROUNDS=10] [PAGE...]     (DEVICES=12 in the environment; the pages default
#        to the dashboard `/` and the checklist page of the plan's first session, `/sessions/SESSION`)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
out=$root/bench/out/serve-pages
devices=${DEVICES:-12}
rounds=${1:-10}
shift || true
swift build -c release --product qapass >/dev/null
bin=$root/.build/release/qapass
rm -rf "$out"
mkdir -p "$out/pass/matrices"
python3 bench/scale/generate.py "$devices" >"$out/pass/matrices/scale.yaml"
cd "$out/pass"
"$bin" checklist matrices/scale.yaml --max-combinations 1000000 >/dev/null
"$bin" plan matrices/scale.yaml --max-combinations 1000000 --format json >"$out/plan.json"
python3 "$root/bench/scale/observations.py" "$out/plan.json" observations >/dev/null
session=$(python3 -c '
import json, sys
items = json.load(open(sys.argv[1]))["items"]
first = next(i["configuration"] for i in items if i["kind"] == "manual")
print(first["device"] + "." + first["os"])' "$out/plan.json")
pages=("$@")
[ ${#pages[@]} -gt 0 ] || pages=(/ "/sessions/$session")
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "build: release, $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo ' (modified)'); $(date -u +%Y-%m-%dT%H:%M:%SZ)"
for page in "${pages[@]}"; do
  python3 "$root/bench/serve/sequential.py" "$bin" "$out/pass" matrices/scale.yaml "$rounds" "$page"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
