#!/usr/bin/env bash
# Hostile inputs against a release build of qapass (issue "Hardening"), outside CI. Usage: bench/hostile/run.sh
#
# Builds qapass in release mode, then runs `lint` and `expand` on each hostile input (alias bombs, deep
# nesting, a 100 MB file, too many combinations, 10 MB lines, bad UTF-8, NUL bytes, /dev/zero, a FIFO, an
# unreadable file, a directory) and prints a Markdown table of message, exit code, wall time and peak memory;
# then the output paths, and what qapass prints from hostile names, links and values (Markdown, shell, terminal).
# Each run is limited to 4 GiB of address space and 20 s; the unreadable-file case runs as `nobody` through
# setpriv (root reads any file).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product qapass >&2
qapass=$(swift build -c release --show-bin-path)/qapass
echo "qapass $("$qapass" --version), $(swift --version 2>&1 | head -1), $(nproc) cores, $(uname -sr)"
echo
python3 bench/hostile/hostile.py "$qapass"
