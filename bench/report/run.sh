#!/bin/sh
# Times the acceptance report, its three writers and the checklists on a large generated matrix
# (12 devices x 8 OS versions x 4 input methods x 2 fields). Prints numbers; asserts none.
set -eu
cd "$(dirname "$0")/../.."
QAPASS_BENCH=1 swift test -c "${CONFIG:-release}" --filter ReportingBenchmarks 2>&1 | grep '^bench: ' | sed 's/^bench: //'
