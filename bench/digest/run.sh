#!/bin/sh
# SHA-256 throughput (outside CI): MB/s of the Swift rounds and of the CPU's SHA instructions over one
# buffer, the size of the bench pack by default. Release build. Environment: MEGABYTES (default 40),
# RUNS (default 7; the best and the median are printed).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
(cd "$here" && swift build -c release --product digest-bench >&2)
"$here/.build/release/digest-bench" --megabytes "${MEGABYTES:-40}" --runs "${RUNS:-7}"
