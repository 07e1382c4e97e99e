#!/usr/bin/env python3
"""Writes a larger matrix for the automated-items benchmark: the default matrix's four keyboards plus
more m17n, Anthy and libhangul recipes, over several fields (deterministic)."""
import sys

methods = [
    ("zh-pinyin", "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic", "m17n:zh-py", "zhang3wei7", "张伟"),
    ("zh-pinyin-2", "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic", "m17n:zh-py", "zhongwen3", "中文"),
    ("ja-romaji", "ja_JP-Romaji@sw=QWERTY-Japanese;hw=Automatic", "anthy", "yamada{space}{Return}", "山田"),
    ("ja-romaji-2", "ja_JP-Romaji@sw=QWERTY-Japanese;hw=Automatic", "anthy", "nihongo{space}{Return}", "日本語"),
    ("ja-kana", "ja_JP-Kana@sw=Kana;hw=Automatic", "anthy", "やまだ{space}{Return}", "山田"),
    ("ko-2set", "ko_KR@sw=Korean;hw=Automatic", "hangul:2", "rlawlsdn", "김진우"),
    ("ko-2set-2", "ko_KR@sw=Korean;hw=Automatic", "hangul:2", "gksrmf", "한글"),
    ("ko-m17n", "ko_KR@sw=Korean;hw=Automatic", "m17n:ko-han2", "gksrmf", "한글"),
]
fields = [
    ("full-name", "[required, han-name]"),
    ("given-name", "[han-name]"),
    ("kanji-name", "[required, japanese-name]"),
    ("korean-name", "[required, korean-name]"),
    ("nickname", "[required]"),
    ("code", "[{regex: '^[\\\\p{Han}]{2,4}$'}]"),
]
out = sys.stdout
out.write("version: 1\nname: Automated-items benchmark\nbuild: \"4.12.0 (812)\"\ninput_methods:\n")
for i, k, e, r, x in methods:
    out.write(f"  - {{id: {i}, keyboard: \"{k}\", engine: \"{e}\", recipe: \"{r}\", expect: {x}}}\n")
out.write("devices:\n  - {id: iphone-16e, name: iPhone 16e, kind: device, haptics: true, os: {min: \"18.3\"}}\n")
out.write("fields:\n")
for f, rules in fields:
    out.write(f"  - {{id: {f}, rules: {rules}}}\n")
out.write("haptics:\n  confirmation:\n    - {type: transient, time: 0, intensity: 1.0, sharpness: 0.5}\n")
out.write("matrix:\n  os: [\"26.x\"]\n  input_method: [" + ", ".join(m[0] for m in methods) + "]\n  device: [iphone-16e]\n")
