#!/usr/bin/env python3
"""Side-by-side covering-array benchmark: qapass against PICT, allpairspy, covertable and coverwise.

Subcommands:
  worker TOOL MODEL STRENGTH RUNS   run one peer RUNS times in this process; print JSON (rows, times)
  table                             run every tool on every model, validate, print/write the Markdown table

Every tool's rows, qapass' included, go through the same independent checker below: every coverable t-tuple
present, no row matching a forbidden combination. Coverable means some complete valid row holds the tuple
(computed by enumerating the assignments of the constrained parameters only).
"""
import itertools
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
MODELS = Path(os.environ.get("MODELS", "/work/shared/bench-models"))
QAPASS = Path(os.environ.get("QAPASS_BENCH", HERE / ".build" / "release" / "covering-bench"))
PICT = Path(os.environ.get("PICT", HERE.parent / ".venv" / "bin" / "pict"))
PEERS = ["pict", "allpairspy", "covertable", "coverwise"]
CAPS = {"pict": 90.0, "allpairspy": 30.0, "covertable": float(os.environ.get("COVERTABLE_CAP", "20")),
        "coverwise": 60.0}
RUNS = int(os.environ.get("RUNS", "5"))
STRENGTH_THREE = {"3_4", "3_13", "5_10", "10_20", "2_100", "ios_qa", "ios_qa_constrained"}


def load(stem):
    return json.loads((MODELS / f"{stem}.json").read_text())


def forbidden_tuples(model):
    """`if P in vs then Q in ws` -> for each Q, forbidden {P: vs, Q: values outside ws}, as level indices."""
    params = model["parameters"]
    index = {p["name"]: i for i, p in enumerate(params)}
    result = []
    for rule in model.get("constraints") or []:
        cond = {index[p]: {params[index[p]]["values"].index(v) for v in vs} for p, vs in rule["if"].items()}
        for q, ws in rule["then"].items():
            f = index[q]
            allowed = {params[f]["values"].index(w) for w in ws}
            entry = dict(cond)
            entry[f] = set(range(len(params[f]["values"]))) - allowed
            result.append(entry)
    return result


def violates(row, forbidden):
    return any(all(row[f] in levels for f, levels in c.items()) for c in forbidden)


def check(model, rows, strength):
    """(missing coverable tuples, violating rows, malformed rows) for rows of level indices."""
    params = model["parameters"]
    levels = [len(p["values"]) for p in params]
    k = len(levels)
    forbidden = forbidden_tuples(model)
    malformed = sum(1 for r in rows if len(r) != k or any(not (0 <= v < l) for v, l in zip(r, levels)))
    rows = [r for r in rows if len(r) == k and all(0 <= v < l for v, l in zip(r, levels))]
    violations = sum(1 for r in rows if violates(r, forbidden))
    constrained = sorted({f for c in forbidden for f in c})
    valid = [a for a in itertools.product(*(range(levels[f]) for f in constrained))
             if not violates(dict(zip(constrained, a)), forbidden)] if forbidden else None
    missing = 0
    for combo in itertools.combinations(range(k), strength):
        seen = {tuple(r[f] for f in combo) for r in rows}
        inner = [i for i, f in enumerate(constrained) if f in combo]
        if valid is not None and inner:
            positions = [combo.index(constrained[i]) for i in inner]
            feasible = {tuple(a[i] for i in inner) for a in valid}
        for t in itertools.product(*(range(levels[f]) for f in combo)):
            if t in seen:
                continue
            if valid is not None and inner and tuple(t[p] for p in positions) not in feasible:
                continue
            if valid is not None and not valid:
                continue
            missing += 1
    return missing, violations, malformed


# ---------------------------------------------------------------- peers


def run_allpairspy(model, strength):
    from allpairspy import AllPairs
    params = model["parameters"]
    values = [p["values"] for p in params]
    forbidden = forbidden_tuples(model)
    names = [[v for v in p["values"]] for p in params]

    def ok(row):
        n = len(row)
        for c in forbidden:
            if all(f < n for f in c) and all(names[f].index(row[f]) in lv for f, lv in c.items()):
                return False
        return True

    return [list(r) for r in AllPairs(values, filter_func=ok if forbidden else lambda r: True, n=strength)]


def run_covertable(model, strength):
    import covertable
    params = model["parameters"]
    factors = {p["name"]: p["values"] for p in params}
    constraints = []
    for rule in model.get("constraints") or []:
        cond = [{"operator": "in", "left": p, "values": vs} for p, vs in rule["if"].items()]
        cond = cond[0] if len(cond) == 1 else {"operator": "and", "conditions": cond}
        for q, ws in rule["then"].items():
            constraints.append({"operator": "or", "conditions": [
                {"operator": "not", "condition": cond}, {"operator": "in", "left": q, "values": ws}]})
    rows = covertable.make(factors, strength=strength, constraints=constraints or None)
    return [[r[p["name"]] for p in params] for r in rows]


def run_coverwise(model, strength):
    import coverwise

    def q(v):
        return '"' + v.replace('"', '\\"') + '"'

    constraints = []
    for rule in model.get("constraints") or []:
        cond = " AND ".join(f"{p} IN {{{', '.join(q(v) for v in vs)}}}" for p, vs in rule["if"].items())
        for p, ws in rule["then"].items():
            constraints.append(f"IF {cond} THEN {p} IN {{{', '.join(q(w) for w in ws)}}}")
    result = coverwise.generate(parameters=[{"name": p["name"], "values": p["values"]}
                                            for p in model["parameters"]],
                                constraints=constraints, strength=strength)
    return [[str(t[p["name"]]) for p in model["parameters"]] for t in result["tests"]]


def run_pict(model, strength):
    """Microsoft PICT's command-line tool (from the pypict package) on a model file; constraints as IF/THEN."""
    import tempfile

    def q(v):
        return '"' + v.replace('"', '\\"') + '"'

    lines = [f"{p['name']}: " + ", ".join(p["values"]) for p in model["parameters"]]
    lines.append("")
    for rule in model.get("constraints") or []:
        cond = " AND ".join(f"[{p}] IN {{{', '.join(q(v) for v in vs)}}}" for p, vs in rule["if"].items())
        for p, ws in rule["then"].items():
            lines.append(f"IF {cond} THEN [{p}] IN {{{', '.join(q(w) for w in ws)}}};")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        name = f.name
    try:
        out = subprocess.run([str(PICT), name, f"/o:{strength}", "/r:0"], capture_output=True, text=True,
                             check=True).stdout
    finally:
        os.unlink(name)
    return [line.split("\t") for line in out.strip().split("\n")[1:]]


RUNNERS = {"pict": run_pict, "allpairspy": run_allpairspy, "covertable": run_covertable, "coverwise": run_coverwise}


def worker(tool, stem, strength, runs):
    model = load(stem)
    times, cpu, rows = [], [], None
    for _ in range(runs):
        start = time.perf_counter()
        cpu_start = cpu_seconds()
        rows = RUNNERS[tool](model, strength)
        cpu.append((cpu_seconds() - cpu_start) * 1000)
        times.append((time.perf_counter() - start) * 1000)
        if times[-1] > 2000:  # slow tools: one or two runs are enough
            break
    params = model["parameters"]
    levels = [[p["values"].index(str(v)) if str(v) in p["values"] else -1 for v, p in zip(r, params)]
              for r in rows]
    print(json.dumps({"rows": levels, "times": times, "cpu": cpu}))


def cpu_seconds():
    """CPU time of this process and of its finished children (PICT and coverwise run as subprocesses)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


# ---------------------------------------------------------------- table


def run_qapass(stem, strength):
    out = subprocess.run([str(QAPASS), str(MODELS / f"{stem}.json"), "--strength", str(strength),
                          "--runs", str(RUNS), "--print-rows"], capture_output=True, text=True, check=True)
    lines = out.stdout.strip().split("\n")
    summary = json.loads(lines[-1])
    params = load(stem)["parameters"]
    rows = [[p["values"].index(v) for v, p in zip(line.split("\t"), params)] for line in lines[:-1]]
    return rows, [summary["median_ms"]], [summary["cpu_median_ms"]]


def run_peer(tool, stem, strength):
    cap = CAPS[tool]
    try:
        out = subprocess.run([sys.executable, __file__, "worker", tool, stem, str(strength), str(RUNS)],
                             capture_output=True, text=True, timeout=cap)
    except subprocess.TimeoutExpired:
        return None, f"timeout > {cap:.0f} s"
    if out.returncode != 0:
        last = (out.stderr.strip().split("\n") or ["error"])[-1]
        return None, f"error: {last[:60]}"
    data = json.loads(out.stdout.strip().split("\n")[-1])
    return data, None


def cell(model, rows, times, cpu, strength):
    missing, violations, malformed = check(model, rows, strength)
    text = f"{len(rows)} ({fmt(statistics.median(times))}; CPU {fmt(statistics.median(cpu))})"
    if missing or violations or malformed:
        text += f" INVALID: {missing} missing, {violations} forbidden, {malformed} malformed"
    return text


def fmt(ms):
    return f"{ms / 1000:.2f} s" if ms >= 1000 else f"{ms:.1f} ms"


def table():
    load_before = os.getloadavg()[0]
    stems = sorted(p.stem for p in MODELS.glob("*.json"))
    header = "| model | t | best known | qapass | " + " | ".join(PEERS) + " |"
    lines = [header, "|" + "---|" * (4 + len(PEERS))]
    print(header, flush=True)
    print(lines[1], flush=True)
    for stem in stems:
        model = load(stem)
        for strength in [2, 3]:
            if strength == 3 and stem not in STRENGTH_THREE:
                continue
            best = (model.get("best_known", {}).get(str(strength)) or {}).get("rows")
            rows, times, cpu = run_qapass(stem, strength)
            cells = [cell(model, rows, times, cpu, strength)]
            for tool in PEERS:
                data, problem = run_peer(tool, stem, strength)
                cells.append(problem if problem else
                             cell(model, data["rows"], data["times"], data["cpu"], strength))
            line = f"| {model['name']} | {strength} | {best if best is not None else '-'} | " + " | ".join(cells) + " |"
            lines.append(line)
            print(line, flush=True)
    import platform
    note = (f"\nRows (median wall time and median CPU time of up to {RUNS} runs; qapass release build, "
            f"in-process, default effort; PICT through its command-line tool and coverwise through its bundled "
            f"native CLI, process start included; allpairspy and covertable in-process Python). "
            f"Every array validated by the same Python checker (all coverable tuples, no forbidden row). "
            f"Caps: PICT {CAPS['pict']:.0f} s, allpairspy {CAPS['allpairspy']:.0f} s, "
            f"covertable {CAPS['covertable']:.0f} s, coverwise 60 s. Machine: {platform.machine()}, "
            f"{os.cpu_count()} cores, Python {platform.python_version()}; 1-minute load average "
            f"{load_before:.1f} at the start and {os.getloadavg()[0]:.1f} at the end (the machine is shared, "
            f"so wall times are only comparable within one run).\n")
    (HERE / "results.md").write_text("# Covering-array benchmark\n\n" + "\n".join(lines) + "\n" + note)
    print(note)


if __name__ == "__main__":
    if sys.argv[1] == "worker":
        worker(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
    elif sys.argv[1] == "table":
        table()
    else:
        sys.exit(__doc__)
