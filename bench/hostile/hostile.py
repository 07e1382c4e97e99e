#!/usr/bin/env python3
"""Runs qapass on hostile inputs and prints a Markdown table (issue "Hardening"); called by run.sh.

Usage: hostile.py QAPASS [WORKDIR]

Then, for each output path, `qapass run --junit PATH`, and standard output that is full or closed; then
what qapass prints from hostile names, links and values (issue 32): Markdown read by cmark-gfm --unsafe,
printed shell run by bash, and terminal output searched for raw control characters.
`qapass ingest-junit` on hostile JUnit files (bad UTF-8 in an entity, DOCTYPEs, files over 10 MB and over
the 256 MiB limit, 200,000 attributes, a 50 MB test name) and `ingest-xcresult` on a 50 MB test name; then
`report` on a records file with a lone UTF-16 surrogate escape in one entry.

For each input, `qapass lint` and `qapass expand` run as child processes under a 4 GiB address-space
limit and a 20 s timeout; the table gives the first line of stderr, the exit code, the wall time, the peak
resident memory (ru_maxrss from wait4) and how much was written to stdout and stderr.
"""

import os
import resource
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time

TIMEOUT = 20.0
ADDRESS_SPACE = 4 << 30
NOBODY = 65534


def generate(work):
    """Writes the hostile inputs into `work` and returns (label, path, extra args, run as nobody) rows."""

    def write(name, data):
        path = os.path.join(work, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    cases = []
    levels = "\n".join(
        f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 10)
    )
    cases.append(
        ("alias bomb (billion laughs, 9 levels of 10)",
         write("alias-bomb.yaml", f"a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n{levels}\n".encode()),
         [], False))
    # fuzz-yaml found a bomb that stays under maxNodes: here about 9 million nodes (800,000 leaves) in one
    # matrix value, which `expand` prints as one JSON line.
    nested = ["&a0 [" + ", ".join(["lol"] * 10) + "]"]
    nested += [f"&a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 6)]
    nested += ["[" + ", ".join(["*a5"] * 7) + "]"]
    cases.append(
        ("alias bomb just under the node limit (9 million nodes in one value)",
         write("alias-bomb-small.yaml", ("os: [[" + ", ".join(nested) + "]]\n").encode()), [], False))
    cases.append(("100,000 nested '['", write("nested.yaml", b"[" * 100_000 + b"\n"), [], False))
    big = os.path.join(work, "big.yaml")
    with open(big, "wb") as f:
        line = b"# " + b"x" * 97 + b"\n"
        chunk = line * 10_000
        for _ in range(100):
            f.write(chunk)
    cases.append(("100 MB file (input limit 64 MiB)", big, [], False))
    dims = "".join(f"d{i}: [" + ", ".join(str(v) for v in range(10)) + "]\n" for i in range(6))
    cells = write("cells.yaml", dims.encode())
    cases.append(("10^6 combinations (limit 100,000)", cells, [], False))
    cases.append(("10^6 combinations, --max-combinations 1000000", cells,
                  ["--max-combinations", "1000000"], False))
    cases.append(("10 MB on one line (a value)",
                  write("long-line.yaml", b"os: [" + b"a" * (10 << 20) + b"]\n"), [], False))
    cases.append(("10 MB on one line, error at its end",
                  write("long-line-error.yaml", b"os: [" + b"a" * (10 << 20) + b"]]\n"), [], False))
    cases.append(("invalid UTF-8 (Latin-1 byte)",
                  write("latin1.yaml", b"os: [caf\xe9]\n"), [], False))
    cases.append(("NUL bytes", write("nul.yaml", b"os: [a\x00b]\n"), [], False))
    devices = "".join(f"  - {{id: d{i}, nam: x}}\n" for i in range(20_000))
    cases.append(("20,000 errors in one 490 KB file",
                  write("many-errors.yaml",
                        ("version: 1\nname: x\nmatrix:\n  os: [\"18.x\"]\n  input_method: [a]\n  device: [b]\n"
                         f"devices:\n{devices}").encode()), [], False))
    # Issue 32, finding 6: include and exclude entries merged through an index, at most 1,000 of each.
    cells = "d0: [" + ", ".join(f"a{i}" for i in range(72)) + "]\n" + "".join(
        f"d{j}: [" + ", ".join(f"v{i}" for i in range(10)) + "]\n" for j in range(1, 4))
    cases.append(("72,000 cells, 100 include entries adding a key each",
                  write("include-100.yaml", (cells + "include:\n" + "".join(
                      f"  - {{x{i}: y{i}}}\n" for i in range(100))).encode()), [], False))
    default = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "matrices",
                                "default.yaml")).read().rstrip("\n")
    for kind, count in (("include", 1_000), ("include", 2_000), ("exclude", 1_000), ("exclude", 20_000)):
        entry = ('{os: "27.x", note%d: n}' if kind == "include"
                 else '{os: "27.x", device: iphone-11, input_method: zh-pinyin}')
        entries = "".join("    - " + (entry % i if "%d" in entry else entry) + "\n" for i in range(count))
        cases.append((f"default matrix, {count:,} {kind} entries (limit 1,000)",
                      write(f"default-{kind}-{count}.yaml", (default + f"\n  {kind}:\n" + entries).encode()),
                      [], False))
    zero = os.path.join(work, "zero.yaml")
    os.symlink("/dev/zero", zero)
    cases.append(("symlink to /dev/zero", zero, [], False))
    fifo = os.path.join(work, "fifo")
    os.mkfifo(fifo)
    link = os.path.join(work, "fifo.yaml")
    os.symlink(fifo, link)
    cases.append(("symlink to a FIFO with no writer", link, [], False))
    locked = write("unreadable.yaml", b"os: [a]\n")
    os.chmod(locked, 0)
    cases.append(("chmod 000 file, as root", locked, [], False))
    cases.append(("chmod 000 file, as nobody (setpriv)", locked, [], True))
    directory = os.path.join(work, "a-directory.yaml")
    os.mkdir(directory)
    cases.append(("a directory", directory, [], False))
    return cases


def limit_child():
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def run(command, work, as_nobody):
    """Runs one command; returns (exit, first stderr line, seconds, peak MB, stdout bytes, stderr bytes)."""
    if as_nobody:
        command = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", "--"] + command
    out_path = os.path.join(work, "stdout")
    err_path = os.path.join(work, "stderr")
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        start = time.monotonic()
        child = subprocess.Popen(command, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                 preexec_fn=limit_child, cwd=work)
        timed_out = False
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - start > TIMEOUT:
                os.kill(child.pid, signal.SIGKILL)
                pid, status, usage = os.wait4(child.pid, 0)
                timed_out = True
                break
            time.sleep(0.005)
        seconds = time.monotonic() - start
        child.returncode = 0  # reaped by wait4 above
    if timed_out:
        code = f"killed after {TIMEOUT:.0f} s"
    elif os.WIFSIGNALED(status):
        code = f"signal {signal.Signals(os.WTERMSIG(status)).name}"
    else:
        code = str(os.WEXITSTATUS(status))
    with open(err_path, "rb") as f:
        first = f.readline(300).decode("utf-8", "replace").rstrip("\n")
    return (code, first, seconds, usage.ru_maxrss / 1024, os.path.getsize(out_path), os.path.getsize(err_path))


def size(n):
    for unit, scale in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} B"


def cell(text):
    text = text.replace("|", "\\|")
    return text if len(text) <= 110 else text[:107] + "..."


def kind(path):
    """What is at `path` now, without following a link: the file type (and a link's target)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return "nothing"
    if stat.S_ISLNK(mode):
        return f"link to {os.readlink(path)}"
    for test, name in ((stat.S_ISFIFO, "FIFO"), (stat.S_ISCHR, "char device"), (stat.S_ISDIR, "folder")):
        if test(mode):
            return name
    return f"file, {size(os.path.getsize(path))}"


def outputs(qapass, work):
    """Output paths (issue "Every mistake caught early"): `run --junit PATH` and standard output."""
    matrix = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "matrices", "default.yaml")
    out = os.path.join(work, "out")
    os.makedirs(out)
    with open(os.path.join(out, "r1.xml"), "w") as f:
        f.write("old\n")
    os.symlink("r1.xml", os.path.join(out, "latest.xml"))
    os.symlink("nowhere.xml", os.path.join(out, "dangling.xml"))
    os.mkfifo(os.path.join(out, "deaf.fifo"))
    os.mkfifo(os.path.join(out, "read.fifo"))
    rows = [
        ("/dev/full", "/dev/full", []),
        ("/dev/null", "/dev/null", []),
        ("symlink to a report", "out/latest.xml", []),
        ("dangling symlink", "out/dangling.xml", []),
        ("FIFO, no reader", "out/deaf.fifo", []),
        ("FIFO with a reader", "out/read.fifo", []),
        ("a folder", "out", []),
        ("missing folder", "out/no/such/r.xml", []),
        ("missing folder, --create-folders", "out/new/r.xml", ["--create-folders"]),
        ("- (standard output)", "-", []),
    ]
    print()
    print("| output | command | exit | wall | afterwards | first line of stderr |")
    print("| --- | --- | ---: | ---: | --- | --- |")
    for label, path, extra in rows:
        reader = None
        if label == "FIFO with a reader":
            reader = subprocess.Popen(["cat", os.path.join(work, path)], stdout=subprocess.DEVNULL)
            time.sleep(0.1)
        code, first, seconds, _, _, _ = run([qapass, "run", matrix, "--junit", path] + extra, work, False)
        if reader:
            reader.wait(timeout=10)
        target = path if path.startswith("/") or path == "-" else os.path.join(work, path)
        after = "stdout" if path == "-" else kind(target)
        if label.startswith("symlink"):
            after += f"; r1.xml: {kind(os.path.join(out, 'r1.xml'))}"
        print(f"| {cell(label)} | run --junit | {code} | {seconds:.2f} s | {after} | `{cell(first.replace(work + '/', ''))}` |",
              flush=True)
    for label, shell in (("stdout is /dev/full", f"'{qapass}' plan '{matrix}' > /dev/full"),
                         ("stdout is a pager closed early", f"'{qapass}' plan '{matrix}' | head -c 1 > /dev/null")):
        start = time.monotonic()
        child = subprocess.run(["bash", "-c", f"set -o pipefail; {shell}"], capture_output=True, cwd=work)
        first = child.stderr.decode("utf-8", "replace").split("\n")[0]
        print(f"| {label} | plan | {child.returncode} | {time.monotonic() - start:.2f} s | | `{cell(first)}` |")


def escapes(qapass, work):
    """What qapass prints from hostile text (issue 32): Markdown as GitHub renders it (cmark-gfm --unsafe:
    live <script>, <img> and javascript: links counted), printed shell run by bash with stub xcrun,
    defaults and open (did `touch injected` run?), and raw ESC/BEL bytes on stdout and stderr."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    folder = os.path.join(work, "escapes")
    os.makedirs(os.path.join(folder, "matrices"))
    os.makedirs(os.path.join(folder, "bin"))
    for name in ("xcrun", "defaults", "open"):
        stub = os.path.join(folder, "bin", name)
        with open(stub, "w") as f:
            f.write("#!/bin/sh\nexit 0\n")
        os.chmod(stub, 0o755)
    with open(os.path.join(root, "matrices", "default.yaml")) as f:
        default = f.read()

    def matrix(name, text):
        path = os.path.join(folder, "matrices", name)
        with open(path, "w") as f:
            f.write(text)
        return os.path.relpath(path, folder)

    hostile = default.replace(
        "name: Sign-up form — CJK name fields and save haptics",
        'name: "<script>alert(1)</script> [x](javascript:alert(1)) <javascript:alert(1)>"').replace(
        'build: "4.12.0 (812)"', 'build: "<img src=x onerror=alert(2)>"')
    hostile = "\n".join(
        line.replace("label: ", 'label: "<script>alert(3)</script> <img src=x onerror=alert(3)> ', 1) + '"'
        if line.startswith("    label: ") else line for line in hostile.split("\n"))
    hostile = hostile.replace("\nmatrix:", '\ntesters:\n  - {name: "<script>alert(4)</script>", devices: [iphone-16e]}\n'
                              "matrix:", 1)
    markup = matrix("markup.yaml", hostile)
    label_newline = matrix("label-newline.yaml", default.replace(
        "label: Chinese Simplified – Pinyin QWERTY", 'label: "Pinyin\\ntouch injected"'))
    language_newline = matrix("language-newline.yaml", default.replace(
        "  device: [", '  language: ["en\\ntouch injected"]\n  device: [', 1))
    esc_value = matrix("esc-value.yaml", default.replace(
        "name: Sign-up form — CJK name fields and save haptics",
        'name: "Sign-up \\e]0;owned\\a\\e[8m hidden"'))
    fixtures = os.path.join(root, "Tests", "SimulatorsTests", "Fixtures")
    shutil.copy(os.path.join(fixtures, "simulators.yaml"), os.path.join(folder, "matrices", "simulators.yaml"))
    with open(os.path.join(fixtures, "simctl-list-devices.json")) as f:
        simctl = f.read()
    for udid in set(part.split('"')[0] for part in simctl.split('"udid" : "')[1:]):
        simctl = simctl.replace(f'"udid" : "{udid}"', f'"udid" : "{udid}\'; touch injected; \'"')
    simctl = simctl.replace('"name" : "iPhone 16e"', '"name" : "iPhone 16e\\ntouch injected\\n\\u001b]0;owned\\u0007"')
    with open(os.path.join(folder, "simctl.json"), "w") as f:
        f.write(simctl)
    cmark = shutil.which("cmark-gfm")

    def render(markdown):
        if not cmark:
            return "cmark-gfm not installed"
        if isinstance(markdown, str):
            markdown = markdown.encode()
        html = subprocess.run([cmark, "--unsafe", "-e", "table", "-e", "autolink"], input=markdown,
                              capture_output=True).stdout.decode("utf-8", "replace")
        links = html.count('href="javascript')
        images = html.count("<img") - html.count('<img src="coverage-')
        return f"{html.count('<script')} `<script>`, {images} `<img>` but the grids, {links} javascript: links"

    def shell(text):
        injected = os.path.join(folder, "injected")
        if os.path.exists(injected):
            os.remove(injected)
        subprocess.run(["bash", "-c", text], cwd=folder, capture_output=True,
                       env={"PATH": os.path.join(folder, "bin") + ":/usr/bin:/bin"})
        return "injected line RAN" if os.path.exists(injected) else "injected line did not run"

    def raw_controls(data):
        raw = data.count(b"\x1b") + data.count(b"\x07")
        return f"{raw} raw ESC/BEL bytes"

    def destinations(out):
        lines = [line[line.index("-destination"):] for line in out.decode().split("\n") if "-destination" in line]
        return f"{len(lines)} destinations run in bash: " + shell("\n".join("printf '%s\\n' " + line for line in lines))

    # Evidence links that bypassed the old link check, recorded on the default matrix, then the report.
    shutil.copy(os.path.join(root, "matrices", "default.yaml"), os.path.join(folder, "matrices", "default.yaml"))
    run([qapass, "checklist", "matrices/default.yaml"], folder, False)
    bypasses = ["javascript&#58;alert(1)", "\tjavascript:alert(2)", "java\x01script:alert(3)",
                "\x0bjavascript:alert(4)", "javascript&colon;alert(5)", "javascript:\nalert(6)"]
    record = [qapass, "record", "1", "--session", "iphone-16e.26.x", "--result", "fail", "--tester", "t",
              "--os", "26.1"]
    for link in bypasses:
        record += ["--evidence", link]
    run(record, folder, False)

    def report(out, err):
        with open(os.path.join(folder, "reports", "report.md")) as f:
            return render(f.read())

    sims = ["--matrix", "matrices/simulators.yaml", "--simctl-json", "simctl.json"]
    rows = [
        ("evidence links `javascript&#58;`, tab, VT, `java\\x01script:`, `&colon;`, newline",
         ["report", "matrices/default.yaml", "--format", "markdown", "--out", "reports"], report),
        ("names with `<script>`, `<img onerror>`, `javascript:` links", ["plan", markup, "--format", "markdown"],
         lambda out, err: render(out)),
        ("the same, `--assign`", ["plan", markup, "--format", "markdown", "--assign"], lambda out, err: render(out)),
        ("`label:` with a newline and `touch injected`", ["lint", label_newline], None),
        ("`language:` value with a newline and `touch injected`", ["lint", language_newline], None),
        ("ESC, OSC, BEL in the matrix's name", ["lint", esc_value], lambda out, err: raw_controls(out + err)),
        ("simctl UDIDs `X'; touch injected; '`", ["destinations", "matrices/simulators.yaml",
                                                  "--simctl-json", "simctl.json", "--allow-missing"],
         lambda out, err: destinations(out)),
        ("simctl name with a newline, `touch injected`, OSC; UDID as above",
         ["simulator-setup", "sim-iphone-16e.18.x"] + sims,
         lambda out, err: f"name in the script: {b'touch injected' in out}, " + shell(out.decode()) + ", "
         + raw_controls(out + err)),
    ]
    print()
    print("| hostile text | command | exit | wall | peak RSS | result | first line of stderr |")
    print("| --- | --- | ---: | ---: | ---: | --- | --- |")
    for label, arguments, check in rows:
        code, first, seconds, peak, _, _ = run([qapass] + arguments, folder, False)
        with open(os.path.join(folder, "stdout"), "rb") as f:
            out = f.read()
        with open(os.path.join(folder, "stderr"), "rb") as f:
            err = f.read()
        result = check(out, err) if check else ""
        print(f"| {cell(label)} | {arguments[0]} | {code} | {seconds:.2f} s | {peak:.0f} MB | {result} "
              f"| `{cell(first.replace(work + '/', ''))}` |", flush=True)


def junit(qapass, work):
    """JUnit files given to `ingest-junit` (issue 32, findings 3, 6 and 7), against the default matrix."""
    folder = os.path.join(work, "junit")
    os.makedirs(os.path.join(folder, "matrices"))
    shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "matrices", "default.yaml"),
                os.path.join(folder, "matrices", "default.yaml"))

    def write(name, data):
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
        return name

    def suite(body):
        return b'<testsuites><testsuite name="S">' + body + b"</testsuite></testsuites>\n"

    laughs = "".join(f'<!ENTITY l{i} "' + f"&l{i - 1};" * 10 + '">' for i in range(1, 10))
    rows = [
        ("entity named in invalid UTF-8 (&\\xff;)",
         write("ff.xml", suite(b'<testcase classname="c" name="t">&\xff;</testcase>'))),
        ("10.1 MB of <system-out> in one test case",
         write("output.xml", suite(b'<testcase classname="c" name="t"><system-out>'
                                   + b"Typing in the name field.\n" * 390_000 + b"</system-out></testcase>"))),
        ("250,000 test cases (10.5 MB)",
         write("cases.xml", suite(b"".join(b'<testcase classname="C" name="t%06d"/>' % i for i in range(250_000))))),
        ("billion laughs in a DOCTYPE",
         write("laughs.xml", f'<!DOCTYPE t [<!ENTITY l0 "lol">{laughs}]><testsuite name="&l9;"/>'.encode())),
        ("XXE (external entity to /etc/passwd)",
         write("xxe.xml", b'<!DOCTYPE t [<!ENTITY x SYSTEM "file:///etc/passwd">]><testsuite name="&x;"/>')),
        ("200,000 attributes on one element (2.3 MB)",
         write("attributes.xml", suite(b"<testcase " + b" ".join(b'a%d="x"' % i for i in range(200_000))
                                       + b' classname="c" name="t"/>'))),
        ("a 50 MB test name", write("name.xml", suite(b'<testcase classname="c" name="' + b"n" * (50 << 20) + b'"/>'))),
        ("64 MiB + 1 of NUL bytes (over other inputs' limit)", "nul.xml"),
        ("256 MiB + 1 (sparse; over JUnit's limit)", "big.xml"),
    ]
    for name, size in (("nul.xml", (64 << 20) + 1), ("big.xml", (256 << 20) + 1)):
        with open(os.path.join(folder, name), "wb") as f:
            f.truncate(size)
    device = b'{"deviceName": "iPhone 16e", "modelName": "iPhone 16e", "platform": "iOS", "osVersion": "26.1"}'
    rows.append(("an Xcode result (JSON) with a 50 MB test name",
                 write("name.json", b'{"devices": [' + device + b'], "testNodes": [{"name": "UITests", '
                       b'"nodeType": "UI test bundle", "children": [{"name": "' + b"n" * (50 << 20)
                       + b'", "nodeType": "Test Case", "result": "Passed"}]}]}\n')))
    print()
    print("| JUnit file | exit | wall | peak RSS | first line of stderr (or stdout) |")
    print("| --- | ---: | ---: | ---: | --- |")
    for label, name in rows:
        command = ["ingest-junit", name, "--device", "iphone-16e", "--os", "26.x"]
        if name.endswith(".json"):
            command = ["ingest-xcresult", name, "--device", "iphone-16e"]
        code, first, seconds, peak, _, _ = run(
            [qapass] + command + ["--time", "2026-11-29T18:04:05Z"], folder, False)
        if not first:
            with open(os.path.join(folder, "stdout"), "rb") as f:
                first = f.readline(300).decode("utf-8", "replace").rstrip("\n")
        print(f"| {cell(label)} | {code} | {seconds:.2f} s | {peak:.0f} MB | `{cell(first)}` |", flush=True)


def records(qapass, work):
    """A records file of two entries, one with a lone UTF-16 surrogate escape in its note (issue 32,
    finding 8): `report` names that entry at the escape and counts the other."""
    folder = os.path.join(work, "records")
    os.makedirs(os.path.join(folder, "matrices"))
    shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "matrices", "default.yaml"),
                os.path.join(folder, "matrices", "default.yaml"))
    run([qapass, "checklist", "matrices/default.yaml"], folder, False)
    for number, note in (("1", "placeholder"), ("2", "fine")):
        run([qapass, "record", number, "--session", "iphone-16e.26.x", "--result", "pass", "--tester", "t",
             "--os", "26.1", "--note", note], folder, False)
    path = os.path.join(folder, "observations", "records.yaml")
    with open(path) as f:
        text = f.read()
    with open(path, "w") as f:
        f.write(text.replace("note: placeholder", 'note: "typed \\ud83d in the field"'))
    code, first, seconds, peak, _, _ = run(
        [qapass, "report", "matrices/default.yaml", "--format", "json", "--out", "reports"], folder, False)
    counted = "report not written"
    report = os.path.join(folder, "reports", "report.json")
    if os.path.exists(report):
        import json
        with open(report) as f:
            items = {item["id"]: item["outcome"] for item in json.load(f)["items"]}
        counted = ", ".join(f"{which}: {items.get(f'manual.ime.{which}.iphone-16e.26.x.zh-pinyin.full-name')}"
                            for which in ("m1", "m2"))
    print()
    print("| records file | command | exit | wall | peak RSS | items | first line of stderr |")
    print("| --- | --- | ---: | ---: | ---: | --- | --- |")
    print(f"| two entries, the first's note holding `\\ud83d` | report | {code} | {seconds:.2f} s | {peak:.0f} MB "
          f"| {counted} | `{cell(first)}` |", flush=True)


def main():
    qapass = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="qapass-hostile-")
    os.chmod(work, 0o755)
    try:
        cases = generate(work)
        print("| input | command | exit | wall | peak RSS | stdout | stderr | first line of stderr |")
        print("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |")
        for label, path, extra, as_nobody in cases:
            for command in ("lint", "expand"):
                code, first, seconds, peak, out, err = run([qapass, command, path] + extra, work, as_nobody)
                first = first.replace(work + "/", "")
                print(f"| {cell(label)} | {command} | {code} | {seconds:.2f} s | {peak:.0f} MB | {size(out)} "
                      f"| {size(err)} | `{cell(first)}` |", flush=True)
        outputs(qapass, work)
        escapes(qapass, work)
        junit(qapass, work)
        records(qapass, work)
    finally:
        for root, dirs, files in os.walk(work):
            for name in dirs + files:
                path = os.path.join(root, name)
                if not os.path.islink(path):
                    os.chmod(path, 0o755 if os.path.isdir(path) else 0o644)
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
