#!/usr/bin/env python3
"""Compares a scenario pack's expectations with the team's own verdicts (matrices/expected-verdicts.yaml).

Every composition step that checks a committed text (no marked text, the text given, the message and
the button both checked) says what the pack expects the field to decide: no message and submit enabled
is `valid`, a message is `invalid`, neither is `incomplete`. The team's verdict for the field is its
rules' verdicts in order, the first that is not `valid` deciding. Prints, per pack, each text the two
disagree on and each text the team's file does not decide yet, once per field's rules.

    bench/outsiders/compare-verdicts.py PACK.json...
"""
import json
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent


def unquote(quoted):
    """A YAML double-quoted scalar's value (\\\\, \\", \\t, \\uXXXX, \\UXXXXXXXX); plain text as is."""
    if not (len(quoted) >= 2 and quoted[0] == '"' and quoted[-1] == '"'):
        return quoted
    body, out, i = quoted[1:-1], [], 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        e = body[i + 1]
        if e in "uU":
            n = 4 if e == "u" else 8
            out.append(chr(int(body[i + 2:i + 2 + n], 16)))
            i += 2 + n
        else:
            out.append("\t" if e == "t" else e)
            i += 2
    return "".join(out)


def team_verdicts():
    rules, rule = {}, None
    for line in (HERE / "matrices" / "expected-verdicts.yaml").read_text().splitlines():
        if line.startswith("  ") and not line.startswith("    ") and line.endswith(":"):
            rule = unquote(line[2:-1])
            rules[rule] = {}
        elif line.startswith('    "'):
            key, _, verdict = line[4:].rpartition(": ")
            rules[rule][unquote(key)] = verdict
    return rules


def field_verdict(rules, names, text):
    """The first non-valid verdict of the field's rules, or None when some rule's verdict is unknown."""
    for name in names:
        verdict = rules.get(name, {}).get(text)
        if verdict is None and name == "required":
            # The file's definition: invalid when empty or only white space.
            verdict = "invalid" if text == "" or text.isspace() else "valid"
        if verdict is None:
            return None
        if verdict != "valid":
            return verdict
    return "valid"


def expected(step):
    e = step["expect"]
    if step.get("marked") or "text" not in e or "messageShown" not in e or "submitEnabled" not in e:
        return None
    if e["messageShown"]:
        return "invalid"
    return "valid" if e["submitEnabled"] else "incomplete"


def main(paths):
    rules = team_verdicts()
    for path in paths:
        pack = json.loads(pathlib.Path(path).read_text())
        seen, disagree, unknown = set(), [], []
        for item in pack["items"]:
            script = item.get("composition")
            if not script:
                continue
            names = script["field"]["rules"]
            for step in script["steps"]:
                want = expected(step)
                if want is None:
                    continue
                text = step["expect"]["text"]
                key = (tuple(names), text)
                if key in seen:
                    continue
                seen.add(key)
                ours = field_verdict(rules, names, text)
                where = "%s [%s] %s" % (item["id"], "+".join(names), json.dumps(text, ensure_ascii=False))
                if ours is None:
                    unknown.append(("+".join(names), text))
                elif ours != want:
                    disagree.append("%s: pack %s, team %s" % (where, want, ours))
        print("%s: %d texts judged, %d disagreements, %d not in the team's file" % (
            pathlib.Path(path).name, len(seen), len(disagree), len(unknown)))
        for line in disagree:
            print("  DISAGREE " + line)
        by_rules = {}
        for names, text in unknown:
            by_rules.setdefault(names, []).append(json.dumps(text, ensure_ascii=False))
        for names, texts in sorted(by_rules.items()):
            print("  not in the file for [%s]: %s" % (names, " ".join(texts)))


if __name__ == "__main__":
    main(sys.argv[1:])
