#!/bin/sh
# Side-by-side covering-array benchmark (outside CI): qapass vs allpairspy, covertable and coverwise from PyPI.
# Creates bench/.venv (git-ignored), builds covering-bench in release mode, prints a Markdown table and
# writes it to bench/covering/results.md. Environment: RUNS (default 5), COVERTABLE_CAP seconds (default 20),
# MODELS (default /work/shared/bench-models).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
venv="$here/../.venv"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check allpairspy covertable coverwise
"$venv/bin/pip" list --disable-pip-version-check 2>/dev/null | grep -iE '^(allpairspy|covertable|coverwise) ' >&2
(cd "$here" && swift build -c release --product covering-bench >&2)
exec "$venv/bin/python" "$here/peers.py" table
