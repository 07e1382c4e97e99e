#!/usr/bin/env python3
"""Writes observation records for the scale benchmark from a plan (`qapass plan --format json`): 47 of
every 100 manual items observed, by six testers over ten days, one records file per tester as `qapass
record` appends them (5,916 observations of the 12,342 manual items at 12 devices). Most pass; one in
20 fails and one in 50 is blocked, each with a note; one in 80 is recorded twice (a retest).
Deterministic.

Usage: observations.py PLAN.json OUT_DIR
"""
import json
import os
import sys

plan = json.load(open(sys.argv[1], encoding="utf-8"))
out = sys.argv[2]
os.makedirs(out, exist_ok=True)
testers = ["mei", "yuki", "jiwoo", "ken", "lin", "hana"]
files = {t: [] for t in testers}
manual = [item for item in plan["items"] if item["kind"] == "manual"]
count = 0


def entry(item, index, result, day, minute):
    config = item["configuration"]
    lines = [
        f"  - id: {item['id']}",
        f"    result: {result}",
        f"    tester: {testers[index % len(testers)]}",
        f"    time: \"2026-11-{10 + day:02d}T{8 + minute // 60 % 10:02d}:{minute % 60:02d}:00Z\"",
        f"    device: {config['device']}",
        f"    os: \"{config['os']}\"",
    ]
    if "keyboard" in config:
        lines.append(f"    keyboard: \"{config['keyboard']}\"")
    lines.append(f"    text_version: {item['scenarioVersion']}")
    lines.append("    build: \"4.12.0 (812)\"")
    if result == "fail":
        lines.append("    note: \"候选词选定后错误提示仍然显示; 確定後もメッセージが残る\"")
    elif result == "blocked":
        lines.append("    note: 키보드를 추가할 수 없음 (the keyboard could not be added)")
    if "haptic" in item:
        lines.append(f"    haptic_fingerprint: {item['haptic']['fingerprint']}")
        lines.append("    haptic_parameters: {type: transient, time: \"0.000\", intensity: \"1.000\", sharpness: \"0.500\"}")
    return "\n".join(lines)


for index, item in enumerate(manual):
    if index % 100 >= 47:
        continue
    result = "fail" if index % 20 == 0 else "blocked" if index % 50 == 7 else "pass"
    tester = testers[index % len(testers)]
    files[tester].append(entry(item, index, result, index % 10, index % 600))
    count += 1
    if index % 80 == 1:
        files[tester].append(entry(item, index, "pass", index % 10 + 1, index % 600))
        count += 1
for tester, entries in files.items():
    with open(os.path.join(out, f"{tester}.yaml"), "w", encoding="utf-8") as f:
        f.write("# qapass observation records (format version 1), appended by 'qapass record'.\n")
        f.write("version: 1\nobservations:\n")
        f.write("\n".join(entries) + ("\n" if entries else ""))
print(f"{count} observations of {len(manual)} manual items", file=sys.stderr)
