#!/usr/bin/env bash
# Replay throughput: a scenario pack of at least 10,000 automated items (bench/replay/generate.py) replayed by
# `qapass run --pack` against the reference core and against the naive controls, in one run, beside Python's
# json.load of the same file as a floor for reading it. Release build; not part of CI.
# Usage: bench/replay/run.sh [FIELDS]   (150 fields: 10,211 items)
set -euo pipefail
cd "$(dirname "$0")/../.."
fields=${1:-150}
out=bench/out/replay
mkdir -p "$out"
scripts/ensure-deps
swift build -c release --product qapass >/dev/null
qapass=.build/release/qapass
python3 bench/replay/generate.py "$fields" >"$out/matrix.yaml"
start=$(date +%s.%N)
"$qapass" export-scenarios "$out/matrix.yaml" --max-combinations 1000000 -o "$out/pack.json" >/dev/null
export_s=$(echo "$(date +%s.%N) - $start" | bc)
items=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['items']))" "$out/pack.json")
size=$(stat -c %s "$out/pack.json")
echo "pack: $items items, $((size / 1024)) KiB; export (traces and oracle) took ${export_s}s"
printf '%-34s %10s %12s %10s\n' run seconds items/s peakMiB
measure() {  # label, command...
  local label=$1; shift
  local t0 t1 secs rss
  t0=$(date +%s.%N)
  /usr/bin/time -f %M -o "$out/rss" "$@" >/dev/null 2>&1 || true
  t1=$(date +%s.%N)
  secs=$(echo "$t1 - $t0" | bc)
  rss=$(( $(tail -1 "$out/rss") / 1024 ))
  printf '%-34s %10.3f %12.0f %10s\n' "$label" "$secs" "$(echo "$items / $secs" | bc -l)" "$rss"
}
measure "qapass run --pack (core)" "$qapass" run --pack "$out/pack.json"
measure "qapass run --pack (naive)" "$qapass" run --pack "$out/pack.json" --subject naive
measure "python3 json.load (read only)" python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$out/pack.json"
