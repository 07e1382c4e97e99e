#!/bin/sh
# Observations benchmark (outside CI): ingest of 100,000 observations over a 20,000-item catalog, and
# 8 concurrent `record` writers x 500 appends. Release build. Environment: OBSERVATIONS (default
# 100000), ITEMS (default 20000), FILES (default 10), UNKNOWN (default 0), WRITERS (default 8), EACH
# (default 500), OUT (default bench/out/observations, git-ignored; use a tmpfs to leave fsync out).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$here/../out/observations}
(cd "$here" && swift build -c release --product observations-bench >&2)
bin="$here/.build/release/observations-bench"
rm -rf "$out/ingest"
"$bin" generate "$out/ingest" --observations "${OBSERVATIONS:-100000}" --items "${ITEMS:-20000}" \
  --files "${FILES:-10}" --unknown "${UNKNOWN:-0}"
"$bin" ingest "$out/ingest" --items "${ITEMS:-20000}" --runs 3
"$bin" append "$out/append" --writers "${WRITERS:-8}" --each "${EACH:-500}"
