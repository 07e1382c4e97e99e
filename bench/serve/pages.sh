#!/usr/bin/env bash
# What one page read costs `qapass serve` at release size (outside CI), one request at a time: bench/scale's
# matrix of DEVICES devices (12: 12,342 manual items) with its 5,916 observations recorded, then
# bench/serve/sequential.py for each PAGE with SHOWN=1: a record, the page once the record shows (made
# from the new standing), the page again (unchanged), the version. Release build.
#
# Usage: bench/serve/pages.sh [ROUNDS=10] [PAGE...]     (DEVICES=12 in the environment; the pages default
#        to the dashboard `/` and the checklist page of the plan's first session, `/sessions/SESSION`)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
out=$root/bench/out/serve-pages
rounds=${1:-10}
shift || true
. "$root/bench/serve/pass.sh"
session=$(python3 -c '
import json, sys
items = json.load(open(sys.argv[1]))["items"]
first = next(i["configuration"] for i in items if i["kind"] == "manual")
print(first["device"] + "." + first["os"])' "$out/plan.json")
pages=("$@")
[ ${#pages[@]} -gt 0 ] || pages=(/ "/sessions/$session")
for page in "${pages[@]}"; do
  SHOWN=1 python3 "$root/bench/serve/sequential.py" "$bin" "$out/pass" matrices/scale.yaml "$rounds" "$page"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
