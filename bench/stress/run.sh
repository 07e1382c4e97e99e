#!/bin/sh
# The input-method executor's concurrency tests at full strength (outside CI): M17NEngineTests' two
# concurrent-trace tests with QAPASS_STRESS_ROUNDS traces per task (default 50: 800 m17n traces from 8
# tasks, and 8 tasks of all three engine families; the CI suite runs 3 per task). Repeat with RUNS.
set -eu
cd "$(dirname "$0")/../.."
scripts/ensure-deps
runs=${RUNS:-1}
for run in $(seq "$runs"); do
  echo "run $run of $runs: QAPASS_STRESS_ROUNDS=${ROUNDS:-50}"
  QAPASS_STRESS_ROUNDS=${ROUNDS:-50} swift test --filter 'M17NEngineTests/concurrent'
done
