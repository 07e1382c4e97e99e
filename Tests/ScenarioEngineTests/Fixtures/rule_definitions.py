"""An independent check of a scenario pack's expectations: the rules' definitions (docs/DOMAIN.md
section 8), written again in Python from the definitions alone, with Unicode data from other
sources than qapass uses: names and categories from PyPI `unicodedata2` (Unicode 17.0), block
bounds, Unified_Ideograph, White_Space, Variation_Selector, Hangul_Syllable_Type and
Default_Ignorable_Code_Point from Debian's `unicode-data` files (/usr/share/unicode, Unicode 15.0;
the classes other than ideographs have not changed since 5.2). Regex rules are matched with
Python's `re` (the whole text).

unicodedata2 17.0.0, like Swift 6.3.1, gives no name to the ideographs Unicode 17.0 added; an
ideograph-like letter neither source knows is reported as undecided, never guessed.

Reads JSON on stdin: a list of {"rules": ["required", "han-name", "regex:…"], "text": "…",
"expect": "valid" | "invalid" | "incomplete" | "not-valid", "where": "…"}. Prints one line per
disagreement and a summary; exits 1 when any expectation disagrees with the definitions.
"""

import json
import re
import sys

import unicodedata2 as ud

UCD = "/usr/share/unicode/"


def ranges(name, value):
    """The code points a PropList-style file assigns to `value`."""
    points = set()
    for line in open(UCD + name, encoding="utf-8"):
        fields = [f.strip() for f in line.split("#", 1)[0].split(";")]
        if len(fields) != 2 or fields[1] != value:
            continue
        low, _, high = fields[0].partition("..")
        points.update(range(int(low, 16), int(high or low, 16) + 1))
    return points


def block(name):
    for line in open(UCD + "Blocks.txt", encoding="utf-8"):
        fields = [f.strip() for f in line.split("#", 1)[0].split(";")]
        if len(fields) == 2 and fields[1] == name:
            low, _, high = fields[0].partition("..")
            return range(int(low, 16), int(high, 16) + 1)
    raise SystemExit("Blocks.txt has no block " + name)


WHITE_SPACE = ranges("PropList.txt", "White_Space")
SELECTORS = {p for p in ranges("PropList.txt", "Variation_Selector") if "MONGOLIAN" not in ud.name(chr(p), "")}
SYLLABLES = ranges("HangulSyllableType.txt", "LV") | ranges("HangulSyllableType.txt", "LVT")
CONJOINING = ranges("HangulSyllableType.txt", "L") | ranges("HangulSyllableType.txt", "V") | ranges(
    "HangulSyllableType.txt", "T")
IGNORABLE = ranges("DerivedCoreProperties.txt", "Default_Ignorable_Code_Point")
COMPATIBILITY_JAMO = {p for p in block("Hangul Compatibility Jamo")
                      if ud.category(chr(p)) == "Lo" and p not in IGNORABLE}
KANA_BLOCKS = list(block("Hiragana")) + list(block("Katakana"))
KANA = {p for p in KANA_BLOCKS
        if (ud.category(chr(p)) == "Lo" and not ud.decomposition(chr(p)).startswith("<"))
        or ud.category(chr(p)) == "Lm"} | {0x3005}  # 々 IDEOGRAPHIC ITERATION MARK
SEPARATORS = {0x00B7, 0x30FB, 0x2027}  # MIDDLE DOT, KATAKANA MIDDLE DOT, HYPHENATION POINT


UNIFIED = ranges("PropList.txt", "Unified_Ideograph")


class Undecided(Exception):
    pass


def is_ideograph(c):
    name = ud.name(c, "")
    if name.startswith("CJK UNIFIED IDEOGRAPH-") or name.startswith("CJK COMPATIBILITY IDEOGRAPH-"):
        return True
    if ord(c) in UNIFIED:
        return True
    if name == "" and ud.category(c) == "Lo":
        raise Undecided("U+%04X" % ord(c))
    return False


def required(text):
    return "invalid" if all(ord(c) in WHITE_SPACE for c in text) else "valid"


def han_name(text):
    previous = "start"
    for c in text:
        if is_ideograph(c):
            previous = "ideograph"
        elif ord(c) in SELECTORS and previous == "ideograph":
            previous = "selector"
        elif ord(c) in SEPARATORS and previous in ("ideograph", "selector"):
            previous = "separator"
        else:
            return "invalid"
    return "invalid" if previous == "separator" else "valid"


def japanese_name(text):
    after_kanji = False
    for c in text:
        if is_ideograph(c):
            after_kanji = True
        elif ord(c) in KANA or (ord(c) in SELECTORS and after_kanji):
            after_kanji = False
        else:
            return "invalid"
    return "valid"


def korean_name(text):
    points = [ord(c) for c in text]
    end = len(points)
    while end > 0 and points[end - 1] in CONJOINING:
        end -= 1
    trailing = len(points) - end
    if trailing > 3:
        return "invalid"
    if trailing == 0 and end > 0 and points[end - 1] in COMPATIBILITY_JAMO:
        end -= 1
        trailing = 1
    if any(p not in SYLLABLES for p in points[:end]):
        return "invalid"
    return "incomplete" if trailing else "valid"


ATEXT = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+")
LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?")


def email(text):
    if text == "":
        return "valid"
    if len(text) > 254 or not text.isascii() or text.count("@") != 1:
        return "invalid"
    local, domain = text.split("@")
    labels = domain.split(".")
    ok = (1 <= len(local) <= 64 and all(ATEXT.fullmatch(atom) for atom in local.split("."))
          and len(labels) >= 2 and all(len(l) <= 63 and LABEL.fullmatch(l) for l in labels)
          and len(labels[-1]) >= 2 and not labels[-1].isdigit())
    return "valid" if ok else "invalid"


RULES = {"required": required, "han-name": han_name, "japanese-name": japanese_name,
         "korean-name": korean_name, "email": email}


def verdict(rules, text):
    for rule in rules:
        if rule.startswith("regex:"):
            result = "valid" if text == "" or re.fullmatch(rule[len("regex:"):], text) else "invalid"
        else:
            result = RULES[rule](text)
        if result != "valid":
            return result
    return "valid"


def main():
    assert ud.unidata_version.startswith("17."), ud.unidata_version
    cases = json.load(sys.stdin)
    disagreements = undecided = 0
    for case in cases:
        try:
            computed = verdict(case["rules"], case["text"])
        except Undecided as error:
            undecided += 1
            print("undecided:", case["where"], error)
            continue
        wanted = case["expect"]
        if computed != wanted and not (wanted == "not-valid" and computed != "valid"):
            disagreements += 1
            print("disagree:", case["where"], "+".join(case["rules"]), json.dumps(case["text"]),
                  "pack", wanted, "definitions", computed)
    distinct = len({(tuple(c["rules"]), c["text"]) for c in cases})
    print("checked", len(cases), "expectations of", distinct, "texts:", disagreements, "disagreements,",
          undecided, "undecided")
    sys.exit(1 if disagreements or undecided else 0)


if __name__ == "__main__":
    main()
