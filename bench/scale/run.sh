#!/usr/bin/env bash
# Scale benchmark (outside CI): `plan`, `pass` without and with observations, and pack replay, timed with
# /usr/bin/time for this tree's qapass and a base qapass side by side in one run, on matrices of 2,000 to
# 48,000 manual items (bench/scale/generate.py) and on bench/replay's pack; every output of the two is
# compared with cmp (plans, checklists, sheets, reports and replay results must be byte-identical; the
# packs too unless the pack format changed between the two).
#
# Usage: bench/scale/run.sh [DEVICES...]      (default: 2 4 12 24 48 devices = 2,057 .. 49,368 items)
# Environment: BASE=path/to/qapass (default: `main`'s tree exported to bench/out/scale/main with git archive
#              and built there in release, about 11 minutes on 2 cores), REPLAY_FIELDS (default 150: 10,211 automated items),
#              RUNS (default 1: best and median of RUNS for each figure).
# Prints one table row per command and binary: the best wall seconds, the median, the best run's user+system
# CPU seconds, the peak RSS in MB, and the load average when it ran. Release builds.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
out=$root/bench/out/scale
mkdir -p "$out"
scripts/ensure-deps
swift build -c release --product qapass >/dev/null
new=$root/.build/release/qapass
if [ -z "${BASE:-}" ]; then
  rev=$(git rev-parse main)
  if [ "$(cat "$out/main/.rev" 2>/dev/null)" != "$rev" ]; then
    mkdir -p "$out/main"
    git archive main | tar -x -m -C "$out/main"  # -m: files dated now, so SwiftPM rebuilds what changed
    echo "$rev" >"$out/main/.rev"
  fi
  (cd "$out/main" && swift build -c release --product qapass >/dev/null)
  BASE=$out/main/.build/release/qapass
fi
runs=${RUNS:-1}
export SOURCE_DATE_EPOCH=1767225600

# measure LABEL BIN DIR ARGS...: runs BIN ARGS in DIR (stdout to DIR/stdout), RUNS times; prints the best run
# (wall, its CPU), the median wall, the highest peak RSS of the runs, and the load average.
measure() {
  local label=$1 bin=$2 dir=$3; shift 3
  : >"$dir/times"
  for _ in $(seq "$runs"); do
    (cd "$dir" && /usr/bin/time -f '%e %U %S %M' -o "$dir/time" "$bin" "$@" >"$dir/stdout" 2>"$dir/stderr") || true
    tail -1 "$dir/time" >>"$dir/times"
  done
  sort -n "$dir/times" | awk -v l="$label" -v load="$(cut -d' ' -f1 /proc/loadavg)" '
    { wall[NR] = $1; cpu[NR] = $2 + $3; if ($4 > peak) peak = $4 }
    END { printf "%-40s %8.2f %8.2f %8.2f %8.0f %6s\n", l, wall[1], wall[int((NR + 1) / 2)], cpu[1], peak / 1024, load }'
  rm -f "$dir/times"
}

# same A B: every file of the two output trees byte-identical (stdout included); if not, whether they are
# once every sha256 fingerprint is masked (a pack of another format has another fingerprint, which
# reports name).
same() {
  if diff -r -q "$1" "$2" -x time -x stderr >/dev/null; then echo "  outputs byte-identical"; return; fi
  local file other differ=0
  while read -r file; do
    other=$2${file#"$1"}
    if ! cmp -s <(sed -E 's/sha256:[0-9a-f]+/sha256:…/g' "$file") <(sed -E 's/sha256:[0-9a-f]+/sha256:…/g' "$other"); then
      echo "  OUTPUTS DIFFER: $file $other"
      differ=1
    fi
  done < <(diff -r -q "$1" "$2" -x time -x stderr | awk '/^Files /{print $2}')
  diff -r -q "$1" "$2" -x time -x stderr | grep -v '^Files ' | head -5 || true
  [ $differ = 0 ] && echo "  outputs identical but for fingerprints (the pack's: another format)"
  return 0
}

printf '%-40s %8s %8s %8s %8s %6s\n' run wall_s median_s cpu_s peak_MB load
for devices in "${@:-2 4 12 24 48}"; do
  for n in $devices; do
    dir=$out/d$n
    rm -rf "$dir"
    mkdir -p "$dir"
    python3 bench/scale/generate.py "$n" >"$dir/matrix.yaml"
    for who in base new; do
      bin=$BASE
      [ $who = new ] && bin=$new
      mkdir -p "$dir/$who/plan" "$dir/$who/pass" "$dir/$who/obs"
      measure "d$n plan --format json ($who)" "$bin" "$dir/$who/plan" plan "$dir/matrix.yaml" --format json \
        --max-combinations 1000000
      measure "d$n pass, no observations ($who)" "$bin" "$dir/$who/pass" pass "$dir/matrix.yaml" \
        --max-combinations 1000000 --checklists cl --observations none --out rep --create-folders
      if [ ! -d "$dir/records" ]; then
        python3 bench/scale/observations.py "$dir/$who/plan/stdout" "$dir/records" >/dev/null
      fi
      cp -r "$dir/records" "$dir/$who/obs/records"
      measure "d$n pass, observations ($who)" "$bin" "$dir/$who/obs" pass "$dir/matrix.yaml" \
        --max-combinations 1000000 --checklists cl --observations records --out rep --create-folders
    done
    items=$(python3 -c "import json,sys; print(sum(i['kind'] == 'manual' for i in json.load(open(sys.argv[1]))['items']))" \
      "$dir/new/plan/stdout")
    observations=$(cat "$dir"/records/*.yaml | grep -c '^  - id:')
    echo "  d$n: $items manual items, $observations observations"
    same "$dir/base" "$dir/new"
  done
done

# Replay: the pack exported by each binary, replayed by that binary against the reference core (a base of
# another pack format cannot read this tree's pack); the two replays' outputs must be byte-identical.
dir=$out/replay
rm -rf "$dir"
mkdir -p "$dir/base" "$dir/new"
python3 bench/replay/generate.py "${REPLAY_FIELDS:-150}" >"$dir/matrix.yaml"
for who in base new; do
  bin=$BASE
  [ $who = new ] && bin=$new
  (cd "$dir/$who" && "$bin" export-scenarios "$dir/matrix.yaml" --max-combinations 1000000 -o pack.json >/dev/null)
  items=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['items']))" "$dir/$who/pack.json")
  size=$(stat -c %s "$dir/$who/pack.json")
  format=$(grep -o '"format":"[^"]*"' "$dir/$who/pack.json")
  echo "  $who pack: $items items, $((size / 1024)) KiB, $((size / items)) bytes per item, $format"
done
if cmp -s "$dir/base/pack.json" "$dir/new/pack.json"; then echo "  packs byte-identical"; else echo "  packs differ"; fi
for who in base new; do
  bin=$BASE
  [ $who = new ] && bin=$new
  mkdir -p "$dir/$who/core" "$dir/$who/naive"
  measure "replay, core ($who)" "$bin" "$dir/$who/core" run --pack "$dir/$who/pack.json"
  measure "replay, naive ($who)" "$bin" "$dir/$who/naive" run --pack "$dir/$who/pack.json" --subject naive
done
same "$dir/base/core" "$dir/new/core"
same "$dir/base/naive" "$dir/new/naive"
