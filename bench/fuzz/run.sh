#!/usr/bin/env bash
# libFuzzer over qapass's input paths (issue "Hardening"), outside CI.
# Usage: bench/fuzz/run.sh [--smoke] [SECONDS] [TARGET...]
#
# --smoke (what `make test` runs, 3 s per target by default): every input in bench/fuzz/regressions/TARGET
# (each once crashed or hung a target; committed) is run first, then the target fuzzes for SECONDS × 500
# inputs from a fixed seed (the same inputs on every run); the grown corpus is not kept, and the script fails
# when any target crashed.
#
# Builds every target with -sanitize=fuzzer,address, seeds each corpus from the test fixtures and the example
# matrices, runs the targets one after another for SECONDS each (default 60), and prints, per target,
# executions per second, coverage (libFuzzer's cov/ft), run length, corpus size, peak RSS and crashes.
# The grown corpora stay in bench/fuzz/corpus/, logs in bench/fuzz/out/, and crashing inputs land in
# bench/fuzz/crashes/ (all git-ignored); turn each real crash into a regression test with the input as fixture.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$here"
smoke=false
if [ "${1:-}" = "--smoke" ]; then
  smoke=true
  shift
fi
seconds=${1:-$($smoke && echo 3 || echo 60)}
# The smoke is the same on every run and machine: a fixed seed and FUZZ_SMOKE_RUNS inputs per target (about
# SECONDS on the slowest target), not a time, so it cannot fail by chance where it passed before.
limits=(-max_total_time="$seconds")
$smoke && limits=(-seed=1 -runs="${FUZZ_SMOKE_RUNS:-$((seconds * 500))}")
# Swift seeds its hashing per process; the smoke fixes it too, so sets and dictionaries iterate alike.
$smoke && export SWIFT_DETERMINISTIC_HASHING=1
shift || true
# A crash prints libFuzzer's and AddressSanitizer's reports only: Swift's own backtracer would add a
# second, symbolicated report (and seconds of work) to every crash log.
export SWIFT_BACKTRACE=enable=no
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz-yaml fuzz-matrix fuzz-observations fuzz-sheets fuzz-junit
  fuzz-simctl fuzz-destinations fuzz-xcresult)

flags=(-c release -Xswiftc -sanitize=fuzzer,address)
for target in "${targets[@]}"; do swift build "${flags[@]}" --product "$target" >&2; done
bin=$(swift build "${flags[@]}" --show-bin-path)

# Seeds: the fixtures of the modules each target reaches, and the shipped matrices.
seed() {
  local dir=$1
  shift
  mkdir -p "$dir"
  local existing=()
  for source in "$@"; do [ -e "$source" ] && existing+=("$source"); done
  find "${existing[@]}" -type f \( -name '*.yaml' -o -name '*.yml' -o -name '*.xml' \
    -o -name '*.json' -o -name '*.txt' \) -print0 |
    while IFS= read -r -d '' file; do cp "$file" "$dir/$(echo "$file" | tr '/' '_')"; done
}
fixtures=("$root/Tests/YAMLDecodingTests/Fixtures" "$root/Tests/MatrixFormatTests/Fixtures"
  "$root/Tests/MatrixExpansionTests/Fixtures" "$root/Tests/HostileInputTests/Fixtures" "$root/matrices"
  "$root/observations" "$root/checklists" "$root/Tests/QAPassCLITests/Fixtures"
  "$root/Tests/SimulatorsTests/Fixtures" "$root/Tests/TestResultsTests/Fixtures")

mkdir -p crashes out
failed=0
printf '| target | run length | executions | exec/s | cov | ft | corpus | peak RSS | crashes |\n'
printf '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n'
for target in "${targets[@]}"; do
  seeds="out/seeds-$target"
  rm -rf "$seeds"
  seed "$seeds" "${fixtures[@]}"
  corpus="corpus/$target"
  if $smoke; then
    corpus="out/smoke-corpus-$target"
    rm -rf "$corpus"
  fi
  mkdir -p "$corpus" "regressions/$target"
  log="out/$target.log"
  dict=matrix.dict
  [ -e "$target.dict" ] && dict=$target.dict
  start=$(date +%s.%N)
  status=0
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} LSAN_OPTIONS=suppressions=$here/lsan.supp "$bin/$target" "$corpus" "regressions/$target" "$seeds" \
    -dict="$dict" "${limits[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix="crashes/$target-" -print_final_stats=1 >"$log" 2>&1 || status=$?
  end=$(date +%s.%N)
  length=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.0f s", b - a }')
  stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -1; }
  last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)
  cov=$(echo "$last" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
  ft=$(echo "$last" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
  corpus=$(echo "$last" | sed -n 's/.*corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p')
  crashes="none"
  if [ "$status" -ne 0 ]; then
    crashes="exit $status: $(grep -m1 -E '^==[0-9]+==ERROR|^SUMMARY|Fatal error|ERROR: libFuzzer' "$log" | cut -c1-80 || true)"
    crashes="$crashes; see $log and crashes/$target-*"
    failed=1
  fi
  printf '| %s | %s | %s | %s | %s | %s | %s | %s MB | %s |\n' "$target" "$length" \
    "$(stat number_of_executed_units)" "$(stat average_exec_per_sec)" "${cov:-?}" "${ft:-?}" "${corpus:-?}" \
    "$(stat peak_rss_mb)" "$crashes"
done
exit $failed
