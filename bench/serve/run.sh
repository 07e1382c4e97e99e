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
. "$root/bench/serve/pass.sh"
python3 "$root/bench/serve/load.py" "$bin" "$out/pass" matrices/scale.yaml "${1:-20}" "${2:-60}" "${3:-2}" "${4:-0}"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
