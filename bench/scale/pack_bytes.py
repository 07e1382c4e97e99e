#!/usr/bin/env python3
"""Where a scenario pack's bytes go: bytes per item, per member of an item, and how much of it repeats
(items whose whole composition or save flow is the same as an earlier item's, and the most repeated
step pieces). Reads the pack with json; prints a table. Deterministic.

Usage: pack_bytes.py PACK.json
"""
import collections
import json
import os
import sys


def dumped(value):
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


path = sys.argv[1]
pack = json.load(open(path, encoding="utf-8"))
items = pack["items"]
size = os.path.getsize(path)
print(f"{len(items)} items, {size} bytes, {size / max(1, len(items)):.0f} bytes per item")
members = collections.Counter()
for item in items:
    for key, value in item.items():
        members[key] += len(dumped(value).encode())
print("member            bytes/item   share")
for key, total in members.most_common():
    print(f"{key:<18}{total / len(items):>10.0f} {total / size:>7.1%}")
for key in ("composition", "saveFlow"):
    seen = collections.Counter(dumped(item[key]) for item in items if key in item)
    total = sum(len(k.encode()) * n for k, n in seen.items())
    distinct = sum(len(k.encode()) for k in seen)
    if total:
        print(f"{key}: {sum(seen.values())} items, {len(seen)} distinct; {total - distinct} bytes "
              f"({(total - distinct) / size:.1%} of the file) repeat an earlier item's whole {key}")
pieces = collections.Counter()
for item in items:
    for step in item.get("composition", {}).get("steps", []):
        for action in step.get("actions", []):
            pieces[dumped(action)] += 1
        if "reason" in step.get("expect", {}):
            pieces['"reason":' + json.dumps(step["expect"]["reason"], ensure_ascii=False)] += 1
print("most repeated step pieces (count x bytes):")
for piece, count in sorted(pieces.items(), key=lambda p: -p[1] * len(p[0].encode()))[:5]:
    print(f"  {count} x {len(piece.encode())} = {count * len(piece.encode())} ({count * len(piece.encode()) / size:.1%})"
          f"  {piece[:70]}")
