#!/usr/bin/env python3
"""Writes N name-like texts (one a line, deterministic): 2 to 4 characters drawn from Han ideographs of
the URO and Extension B, hiragana and katakana, Hangul syllables and compatibility jamo, ASCII letters
and the odd dot or space, as the texts a large pack judges. Usage: texts.py [N]"""
import random
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
rng = random.Random(21)
pools = [
    [chr(c) for c in range(0x4E00, 0x9FFF)],
    [chr(c) for c in range(0x20000, 0x2A6DF)],
    [chr(c) for c in range(0x3041, 0x3097)] + [chr(c) for c in range(0x30A1, 0x30FB)],
    [chr(c) for c in range(0xAC00, 0xD7A4)],
    [chr(c) for c in range(0x3131, 0x318F)],
    list("abcdefghijklmnopqrstuvwxyz"),
    ["·", " ", "・"],
]
weights = [40, 5, 20, 25, 4, 5, 1]
for _ in range(n):
    length = rng.randint(2, 4)
    print("".join(rng.choice(rng.choices(pools, weights)[0]) for _ in range(length)))
