#!/usr/bin/env python3
"""The Python definitions (Tests/ScenarioEngineTests/Fixtures/rule_definitions.py) over the same texts:
verdicts per second for each rule, median of RUNS runs. Usage: peer.py TEXTS [RUNS]"""
import importlib.util
import sys
import time

spec = importlib.util.spec_from_file_location(
    "rule_definitions", sys.path[0] + "/../../Tests/ScenarioEngineTests/Fixtures/rule_definitions.py")
definitions = importlib.util.module_from_spec(spec)
spec.loader.exec_module(definitions)
texts = open(sys.argv[1], encoding="utf-8").read().split("\n")
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
for name, rule in definitions.RULES.items():
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        for text in texts:
            try:
                rule(text)
            except definitions.Undecided:
                pass
        timings.append(time.perf_counter() - start)
    median = sorted(timings)[runs // 2]
    print(f"{name:<14} {median * 1000:12.2f} {len(texts) / median:14.0f}")
