#!/usr/bin/env python3
"""Runs each command N times in one run and prints median wall time and peak memory per command.

Usage: bench.py RUNS -- LABEL CMD... [-- LABEL CMD...]
Output of the commands goes to /dev/null. Exit codes 0-2 are results (qapass verdicts and failed
checks); anything higher stops the benchmark.
"""
import os
import statistics
import subprocess
import sys
import time

runs = int(sys.argv[1])
groups, current = [], None
for arg in sys.argv[2:]:
    if arg == "--":
        current = []
        groups.append(current)
    else:
        current.append(arg)

print(f"| command | median s | min s | peak RSS MiB |")
print(f"| --- | ---: | ---: | ---: |")
for label, *cmd in groups:
    times, peaks = [], []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        times.append(time.perf_counter() - start)
        peaks.append(usage.ru_maxrss / 1024)
        if not 0 <= os.waitstatus_to_exitcode(status) <= 2:
            sys.exit(f"{label}: exit {os.waitstatus_to_exitcode(status)}: {' '.join(cmd)}")
    print(f"| {label} | {statistics.median(times):.3f} | {min(times):.3f} | {max(peaks):.0f} |")
