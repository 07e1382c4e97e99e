#!/usr/bin/env python3
"""Peers for the expansion benchmark, run by bench.py in the same run as qapass.

load FILE     PyYAML with its C loader (yaml.CSafeLoader, on libyaml) parses FILE
product FILE  a plain itertools.product baseline: the dimensions of FILE (parsed with the C loader)
              crossed and written as JSON Lines to stdout; no exclude/include semantics
"""
import itertools
import json
import sys

import yaml

mode, path = sys.argv[1], sys.argv[2]
with open(path, "rb") as f:
    data = yaml.load(f, Loader=yaml.CSafeLoader)
if mode == "load":
    print(len(data.get("include", [])), file=sys.stderr)
elif mode == "product":
    keys = [k for k in data if k not in ("include", "exclude")]
    write = sys.stdout.write
    for combo in itertools.product(*(data[k] for k in keys)):
        write(json.dumps(dict(zip(keys, combo)), ensure_ascii=False, separators=(",", ":")) + "\n")
