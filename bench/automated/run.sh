#!/usr/bin/env bash
# Automated-items benchmark (issue: composition core): items per second and the time to run the whole
# default plan, release build, in one run. Not part of CI. Usage: bench/automated/run.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-10}
scripts/ensure-deps
swift build -c release --product qapass >&2
out=bench/out/automated
mkdir -p "$out"
python3 bench/automated/generate.py > "$out/large.yaml"
qapass=.build/release/qapass
for matrix in matrices/default.yaml "$out/large.yaml"; do
  items=$("$qapass" plan "$matrix" --format json | python3 -c 'import json,sys; print(sum(1 for i in json.load(sys.stdin)["items"] if i["kind"]=="automated"))')
  echo "$matrix: $items automated items"
done
python3 bench/expansion/bench.py "$runs" \
  -- "qapass plan default (parse, expand, plan)" "$qapass" plan matrices/default.yaml \
  -- "qapass run default (plan + all automated items)" "$qapass" run matrices/default.yaml \
  -- "qapass run default --subject naive" "$qapass" run matrices/default.yaml --subject naive \
  -- "qapass plan large" "$qapass" plan "$out/large.yaml" \
  -- "qapass run large" "$qapass" run "$out/large.yaml" \
  -- "qapass pass default (plan, run, checklists, ingest, report)" "$qapass" pass matrices/default.yaml --out "$out/reports" --checklists "$out/checklists"
echo "items per second = automated items / (run median - plan median)"
