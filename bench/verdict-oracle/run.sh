#!/usr/bin/env bash
# The computed verdict oracle's speed (issue 21, "keep it fast"), outside CI, in one run: verdicts per
# second for each rule over 100,000 name-like texts (bench/verdict-oracle/texts.py), beside the Python
# definitions the tests check packs with (a peer over the same texts, unicodedata2 in C), and the
# export of a 10,211-item pack (bench/replay/generate.py), whose every text the oracle judges.
# Usage: bench/verdict-oracle/run.sh [TEXTS] [RUNS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
count=${1:-100000}
runs=${2:-5}
out="$root/bench/out/verdict-oracle"
mkdir -p "$out"
cd "$root"
scripts/ensure-deps
scripts/ensure-oracles
python3 "$here/texts.py" "$count" >"$out/texts.txt"
swift build -c release --package-path "$here" --product oracle-bench >/dev/null
echo "## qapass Oracle (release)"
"$here/.build/release/oracle-bench" "$out/texts.txt" "$runs"
echo "## Python definitions (peer: rule_definitions.py, unicodedata2 $(.oracles/bin/python -c 'import unicodedata2; print(unicodedata2.unidata_version)'))"
.oracles/bin/python "$here/peer.py" "$out/texts.txt" "$runs"
echo "## export of a 10,211-item pack (every text judged by the oracle)"
swift build -c release --product qapass >/dev/null
python3 bench/replay/generate.py 150 >"$out/matrix.yaml"
/usr/bin/time -f "%e s, %M KiB peak" .build/release/qapass export-scenarios "$out/matrix.yaml" \
  --max-combinations 1000000 -o "$out/pack.json"
