#!/usr/bin/env python3
"""Writes a matrix whose scenario pack holds at least 10,000 automated items: the default matrix's four
keyboards over FIELDS Han-name fields (68 items per field). Deterministic."""
import sys

fields = int(sys.argv[1]) if len(sys.argv) > 1 else 150
out = sys.stdout
out.write("version: 1\nname: Replay benchmark\nbuild: \"4.12.0 (812)\"\ninput_methods:\n")
for i, k, e, r, x in [
    ("zh-pinyin", "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic", "m17n:zh-py", "zhang3wei7", "张伟"),
    ("ja-romaji", "ja_JP-Romaji@sw=QWERTY-Japanese;hw=Automatic", "anthy", "yamada{space}{Return}", "山田"),
    ("ja-kana", "ja_JP-Kana@sw=Kana;hw=Automatic", "anthy", "やまだ{space}{Return}", "山田"),
    ("ko-2set", "ko_KR@sw=Korean;hw=Automatic", "hangul:2", "rlawlsdn", "김진우"),
]:
    out.write(f"  - {{id: {i}, keyboard: \"{k}\", engine: \"{e}\", recipe: \"{r}\", expect: {x}}}\n")
out.write("devices:\n  - {id: iphone-16e, name: iPhone 16e, kind: device, haptics: true, os: {min: \"18.3\"}}\n")
out.write("fields:\n")
for n in range(fields):
    out.write(f"  - {{id: name-{n:03d}, rules: [required, han-name]}}\n")
out.write("haptics:\n  confirmation:\n    - {type: transient, time: 0, intensity: 1.0, sharpness: 0.5}\n")
out.write("matrix:\n  os: [\"26.x\"]\n  input_method: [zh-pinyin, ja-romaji, ja-kana, ko-2set]\n  device: [iphone-16e]\n")
