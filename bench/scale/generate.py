#!/usr/bin/env python3
"""Writes the scale benchmark's matrix: 8 input methods (two without an engine), DEVICES devices, 6 OS
versions, 6 fields and two free dimensions (appearance, orientation). 12 devices plan 12,342
manual items; the count grows linearly with DEVICES. Deterministic; no third-party packages.

Usage: generate.py DEVICES > matrix.yaml
"""
import sys

devices = int(sys.argv[1]) if len(sys.argv) > 1 else 12
out = sys.stdout
out.write("""version: 1
name: Scale benchmark — six name and contact fields, eight keyboards
build: "4.12.0 (812)"
input_methods:
  - {id: zh-pinyin, label: Chinese Simplified – Pinyin QWERTY, keyboard: "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic", engine: "m17n:zh-py", recipe: zhang3wei7, expect: 张伟}
  - {id: zh-zhuyin, label: Chinese Traditional – Zhuyin, keyboard: "zh_Hant-Zhuyin@sw=Zhuyin;hw=Automatic", engine: "m17n:zh-zhuyin", recipe: "5;{space}2jo33", expect: 張偉}
  - {id: zh-pinyin10, label: Chinese Simplified – Pinyin 10-key, keyboard: "zh_Hans-Pinyin@sw=Pinyin10-Simplified;hw=Automatic", recipe: zhangwei, expect: 张伟}
  - {id: ja-romaji, label: Japanese – Romaji, keyboard: "ja_JP-Romaji@sw=QWERTY-Japanese;hw=Automatic", engine: anthy, recipe: "yamada{space}{Return}", expect: 山田}
  - {id: ja-kana, label: Japanese – Kana, keyboard: "ja_JP-Kana@sw=Kana;hw=Automatic", engine: anthy, recipe: "やまだ{space}{Return}", expect: 山田}
  - {id: ja-10key, label: Japanese – Kana (10-key), keyboard: "ja_JP@sw=Kana", recipe: やまだ, expect: 山田}
  - {id: ko-2set, label: Korean – 2-Set, keyboard: "ko_KR@sw=Korean;hw=Automatic", engine: "hangul:2", recipe: rlawlsdn, expect: 김진우}
  - {id: ko-han2, label: Korean – 2-Set (m17n), keyboard: "ko_KR@sw=Korean;hw=Automatic", engine: "m17n:ko-han2", recipe: gksrmf, expect: 한글}
devices:
""")
models = [("iphone-17-pro", "iPhone 17 Pro", "26.0"), ("iphone-16e", "iPhone 16e", "18.3"),
          ("iphone-15", "iPhone 15", "17.0"), ("iphone-13-mini", "iPhone 13 mini", "15.0"),
          ("iphone-se-3", "iPhone SE (3rd generation)", "15.4"), ("ipad-air-m2", "iPad Air 11-inch (M2)", "17.4")]
for n in range(devices):
    ident, name, low = models[n % len(models)]
    unit = n // len(models)
    kind = "simulator" if n % 4 == 3 else "device"
    haptics = "false" if kind == "simulator" or ident.startswith("ipad") else "true"
    suffix = f"-{unit + 1}" if unit else ""
    prefix = "sim-" if kind == "simulator" else ""
    label = f"{name}{' Simulator' if kind == 'simulator' else ''}{f' #{unit + 1}' if unit else ''}"
    out.write(f"  - {{id: {prefix}{ident}{suffix}, name: \"{label}\", kind: {kind}, haptics: {haptics}, os: {{min: \"{low}\"}}}}\n")
out.write("""fields:
  - {id: full-name, label: Full name (Chinese characters), rules: [required, han-name], input_methods: [zh-pinyin, zh-zhuyin, zh-pinyin10]}
  - {id: japanese-name, label: Name (Japanese), rules: [required, japanese-name], input_methods: [ja-romaji, ja-kana, ja-10key]}
  - {id: korean-name, label: Name (Korean), rules: [required, korean-name], input_methods: [ko-2set, ko-han2]}
  - {id: nickname, label: Nickname, rules: [required], input_methods: [zh-pinyin, ja-romaji, ja-kana, ko-2set]}
  - {id: city, label: City, rules: [required], input_methods: [zh-pinyin, ja-romaji]}
  - {id: email, label: Email, rules: [required, email], input_methods: []}
haptics:
  confirmation:
    - {type: transient, time: 0, intensity: 1.0, sharpness: 0.5}
matrix:
  os: ["31.x", "30.x", "29.x", "28.x", "27.x", "26.x"]
  input_method: [zh-pinyin, zh-zhuyin, zh-pinyin10, ja-romaji, ja-kana, ja-10key, ko-2set, ko-han2]
  device: [""" + ", ".join(
    f"{'sim-' if n % 4 == 3 else ''}{models[n % len(models)][0]}{f'-{n // len(models) + 1}' if n // len(models) else ''}"
    for n in range(devices)) + """]
  appearance: [light, dark]
  orientation: [portrait, landscape]
""")
