#!/usr/bin/env bash
# Expansion benchmark (issue: foundation): qapass beside PyYAML's C loader and a plain itertools
# baseline, in one run. Not part of CI. Usage: bench/expansion/run.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
scripts/ensure-deps python3-yaml
swift build -c release --product qapass >&2
out=bench/out/expansion
python3 bench/expansion/generate.py "$out"
ls -l "$out"/*.yaml >&2
qapass=.build/release/qapass
py=/usr/bin/python3   # Debian's python3-yaml has the C loader (libyaml)
"$py" -c 'import yaml; assert yaml.__with_libyaml__, "PyYAML without libyaml"'
echo "qapass $($qapass --version), $(swift --version 2>&1 | head -1), PyYAML $("$py" -c 'import yaml; print(yaml.__version__)'), $(nproc) cores"
python3 bench/expansion/bench.py "$runs" \
  -- "qapass lint big.yaml (10 MB: parse, decode, expand 100k+ includes)" "$qapass" lint "$out/big.yaml" --max-combinations 1000000 \
  -- "PyYAML CSafeLoader load big.yaml" "$py" bench/expansion/baseline.py load "$out/big.yaml" \
  -- "qapass expand big.yaml > JSONL" "$qapass" expand "$out/big.yaml" --max-combinations 1000000 \
  -- "qapass expand million.yaml > JSONL (1,000,000 rows)" "$qapass" expand "$out/million.yaml" --max-combinations 1000000 \
  -- "python itertools.product + json.dumps (1,000,000 rows)" "$py" bench/expansion/baseline.py product "$out/million.yaml"
"$qapass" expand "$out/million.yaml" --max-combinations 1000000 | wc -l | sed 's/^/qapass rows: /'
