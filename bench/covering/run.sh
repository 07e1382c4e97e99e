#!/bin/sh
# Side-by-side covering-array benchmark (outside CI): qapass vs PICT, allpairspy, covertable and coverwise from
# PyPI. Creates bench/.venv (git-ignored), builds covering-bench in release mode, prints a Markdown table and
# writes it to bench/covering/results.md. Environment: RUNS (default 5), COVERTABLE_CAP seconds (default 20),
# MODELS (default /work/shared/bench-models), PICT (default bench/.venv/bin/pict).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
venv="$here/../.venv"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check allpairspy covertable coverwise
"$venv/bin/pip" list --disable-pip-version-check 2>/dev/null | grep -iE '^(allpairspy|covertable|coverwise) ' >&2
if [ ! -x "$venv/bin/pict" ]; then
  # The pypict package ships Microsoft PICT's command-line tool prebuilt (pypict/pict) but its Python binding
  # does not build here (its sdist lacks capi.pyx), so pip stops after unpacking: keep the unpacked tree
  # (--no-clean, under a scratch TMPDIR) and take the tool from it.
  work=$(mktemp -d)
  TMPDIR="$work" "$venv/bin/pip" download --quiet --disable-pip-version-check --no-clean --no-deps \
    --no-build-isolation -d "$work" pypict >/dev/null 2>&1 || true
  found=$(find "$work" -path '*/pypict/pict' -type f | head -n 1)
  if [ -n "$found" ]; then install -m 755 "$found" "$venv/bin/pict"; fi
  rm -rf "$work"
fi
if [ -x "$venv/bin/pict" ]; then echo "pict (from pypict) $("$venv/bin/pict" 2>&1 | head -n 1)" >&2; fi
# The package reaches the checkout through .deps/qapass, so its dependency is named qapass whatever the
# checkout's folder is called.
swift build -c release --package-path "$here" --product covering-bench >&2
export QAPASS_BENCH="$here/.build/release/covering-bench"
exec "$venv/bin/python" "$here/peers.py" table
