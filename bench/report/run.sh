#!/bin/sh
# Times the acceptance report, its writers and the checklists on a large generated matrix
# (12 devices x 8 OS versions x 4 input methods x 2 fields), and measures report.md, report-summary.md,
# report.json, junit.xml and the pictures' widths at 235 (the default matrix), about 2,000 and about 12,000
# manual items (ScaleCase, a third blocked), and whether each Markdown file opens with the verdict.
# Prints numbers; asserts none (the size limits are asserted in ReportSizeTests).
set -eu
cd "$(dirname "$0")/../.."
QAPASS_BENCH=1 swift test -c "${CONFIG:-release}" --filter ReportingBenchmarks 2>&1 | grep '^bench: ' | sed 's/^bench: //'
