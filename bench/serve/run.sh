#!/usr/bin/env bash
# Load on `qapass serve` at release size (outside CI): bench/scale's matrix of DEVICES devices (12:
# 12,342 manual items) with its 5,916 observations already recorded, 20 clients recording and reading
# the dashboard while 2 `qapass record` processes record too, then SIGKILL and restart mid-load
# (bench/serve/load.py). Release build.
#
# Usage: bench/serve/run.sh [CLIENTS=20] [SECONDS=60] [RECORDERS=2] [THINK=0]     (DEVICES=12 in the environment)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
out=$root/bench/out/serve
devices=${DEVICES:-12}
swift build -c release --product qapass >/dev/null
bin=$root/.build/release/qapass
rm -rf "$out"
mkdir -p "$out/pass/matrices"
python3 bench/scale/generate.py "$devices" >"$out/pass/matrices/scale.yaml"
cd "$out/pass"
"$bin" checklist matrices/scale.yaml --max-combinations 1000000 >/dev/null
"$bin" plan matrices/scale.yaml --max-combinations 1000000 --format json >"$out/plan.json"
python3 "$root/bench/scale/observations.py" "$out/plan.json" observations >/dev/null
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "build: release, $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo ' (modified)'); $(date -u +%Y-%m-%dT%H:%M:%SZ)"
python3 "$root/bench/serve/load.py" "$bin" "$out/pass" matrices/scale.yaml "${1:-20}" "${2:-60}" "${3:-2}" "${4:-0}"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
