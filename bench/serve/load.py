"""Load on `qapass serve` (standard library only): CLIENTS threads each record an observation through
recordObservation and read the dashboard (`GET /`), again and again, while RECORDERS `qapass record`
processes append to the same records file in a loop; then the server is killed with SIGKILL in the
middle of the same load and started again. Prints JSON: the latencies (p50, p99, max) of both
requests, `qapass record`'s own throughput alone and under load, how soon a record shows (a probe
records through the server and with `qapass record` in turn, every 2 s, and reads the item's history
until the record is in it), and the checks: every acknowledged
record (a 201, or a `qapass record` exit 0) is in observations/records.yaml exactly once, no record
is there twice, and after the restart the served verdict and counts are those `qapass report`
computes from the files.

usage: python3 bench/serve/load.py QAPASS WORKDIR MATRIX [CLIENTS=20] [SECONDS=60] [RECORDERS=2] [THINK=0]

THINK is the mean pause of a client after each record and dashboard, in seconds (exponentially
distributed, seeded): 0 sends the next request as soon as the last is answered (the server saturated);
1 is 20 clients recording about once a second each, still far more than testers answering by hand.

WORKDIR holds MATRIX and its checklists (`qapass checklist MATRIX`); the server is started here on a
free loopback port, with `--max-combinations 1000000` as bench/scale plans.
"""

import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time

PLAN = ["--max-combinations", "1000000"]


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else float("nan")


def summary(values):
    return {"n": len(values), "p50": round(percentile(values, 50), 1), "p95": round(percentile(values, 95), 1),
            "p99": round(percentile(values, 99), 1), "max": round(max(values), 1) if values else None}


class Server:
    def __init__(self, qapass, workdir, matrix):
        self.qapass, self.workdir, self.matrix = qapass, workdir, matrix
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.process = None

    def start(self):
        started = time.perf_counter()
        self.process = subprocess.Popen(
            [self.qapass, "serve", self.matrix, *PLAN, "--listen", f"127.0.0.1:{self.port}"], cwd=self.workdir,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("serving the pass at"):
            raise SystemExit(f"qapass serve did not start: {line!r}")
        threading.Thread(target=self.process.stdout.read, daemon=True).start()
        return time.perf_counter() - started

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        self.process.terminate()
        self.process.wait()

    def get(self, path):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, response.read()


def exact_os(item):
    """`26.4.1` for an item of `26.x`: `record` and recordObservation require the exact release then."""
    parts = item.split(".")
    for major, after in zip(parts, parts[1:]):
        if after == "x" and major.isdigit():
            return major + ".4.1"
    return None


def main():
    qapass, workdir, matrix = sys.argv[1:4]
    clients = int(sys.argv[4]) if len(sys.argv) > 4 else 20
    seconds = float(sys.argv[5]) if len(sys.argv) > 5 else 60
    recorders = int(sys.argv[6]) if len(sys.argv) > 6 else 2
    think = float(sys.argv[7]) if len(sys.argv) > 7 else 0.0
    server = Server(qapass, workdir, matrix)
    first_start = server.start()
    status, body = server.get("/api/items")
    listing = json.loads(body)
    plan = listing["plan"]
    items = [item["id"] for item in listing["items"]]

    lock = threading.Lock()
    acknowledged, unanswered, errors = [], [], []
    record_ms, dashboard_ms, cli_seconds = [], [], []
    state = {"phase": "load", "stop": False, "down": False}

    def record_once(conn, marker, item):
        answer = {"item": item, "result": "pass", "tester": "mei", "note": marker, "build": plan["build"],
                  "plan": plan["fingerprint"]}
        if exact_os(item):
            answer["os"] = exact_os(item)
        body = json.dumps(answer)
        start = time.perf_counter()
        conn.request("POST", "/api/observations", body, {"Content-Type": "application/json"})
        response = conn.getresponse()
        response.read()
        return response.status, (time.perf_counter() - start) * 1000

    def client(number):
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
        pauses = random.Random(number)
        index = 0
        while not state["stop"]:
            if think > 0:
                time.sleep(pauses.expovariate(1 / think))
            marker = f"c{number}-{index}"
            item = items[(number * 7919 + index * 31) % len(items)]
            index += 1
            try:
                status, elapsed = record_once(conn, marker, item)
            except (OSError, http.client.HTTPException):
                with lock:
                    unanswered.append(marker)
                conn.close()
                while state["down"] and not state["stop"]:
                    time.sleep(0.05)
                conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
                continue
            try:
                start = time.perf_counter()
                conn.request("GET", "/")
                page = conn.getresponse()
                page.read()
                page_ms = (time.perf_counter() - start) * 1000
            except (OSError, http.client.HTTPException):
                page, page_ms = None, None
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
            with lock:
                if status == 201:
                    acknowledged.append(marker)
                    if state["phase"] == "load":
                        record_ms.append(elapsed)
                else:
                    errors.append(f"{marker}: {status}")
                if page is not None and page.status == 200 and state["phase"] == "load":
                    dashboard_ms.append(page_ms)

    def recorder(number):
        index = 0
        while not state["stop"]:
            marker = f"r{number}-{index}"
            item = items[(number * 104729 + index * 17 + 5) % len(items)]
            index += 1
            start = time.perf_counter()
            os_option = ["--os", exact_os(item)] if exact_os(item) else []
            done = subprocess.run([qapass, "record", item, "--result", "pass", "--tester", "jun", "--note", marker]
                                  + os_option, cwd=workdir, capture_output=True)
            elapsed = time.perf_counter() - start
            with lock:
                if done.returncode == 0:
                    acknowledged.append(marker)
                    if state["phase"] == "load":
                        cli_seconds.append(elapsed)
                else:
                    errors.append(f"{marker}: exit {done.returncode}: {done.stderr[-200:]!r}")

    visible = {"api": [], "cli": []}

    def probe():
        """Every 2 s: a record through the server, then one with `qapass record`, each on an item of its
        own; the time from its acknowledgement to its note in the item's served history."""
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
        index = 0
        while not state["stop"] and state["phase"] == "load":
            time.sleep(2)
            way = "api" if index % 2 == 0 else "cli"
            marker = f"p-{index}"
            item = items[(index * 613 + 11) % len(items)]
            index += 1
            if way == "api":
                status, _ = record_once(conn, marker, item)
                ok = status == 201
            else:
                os_option = ["--os", exact_os(item)] if exact_os(item) else []
                done = subprocess.run([qapass, "record", item, "--result", "pass", "--tester", "jun", "--note",
                                       marker] + os_option, cwd=workdir, capture_output=True)
                ok = done.returncode == 0
            acked = time.perf_counter()
            with lock:
                (acknowledged if ok else errors).append(marker)
            if not ok:
                continue
            # Only while the load phase lasts: the server is killed after it.
            while not state["stop"] and state["phase"] == "load":
                try:
                    conn.request("GET", f"/api/items/{item}/history")
                    response = conn.getresponse()
                    body = response.read()
                except (OSError, http.client.HTTPException):
                    break
                if marker.encode() in body:
                    visible[way].append((time.perf_counter() - acked) * 1000)
                    break
                time.sleep(0.02)

    # `qapass record` alone, before the load, for its own throughput.
    alone = []
    for index in range(5):
        start = time.perf_counter()
        os_option = ["--os", exact_os(items[index])] if exact_os(items[index]) else []
        done = subprocess.run([qapass, "record", items[index], "--result", "pass", "--tester", "jun", "--note",
                               f"alone-{index}"] + os_option, cwd=workdir, capture_output=True)
        alone.append(time.perf_counter() - start)
        (acknowledged if done.returncode == 0 else errors).append(f"alone-{index}")

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    threads += [threading.Thread(target=recorder, args=(n,)) for n in range(recorders)]
    threads.append(threading.Thread(target=probe))
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    measured = time.perf_counter() - started
    counted = len(record_ms)
    # The same load goes on while the server is killed and started again.
    state["phase"] = "crash"
    time.sleep(min(5.0, seconds / 4))
    state["down"] = True
    server.kill()
    killed_at = len(acknowledged)
    restart = server.start()
    state["down"] = False
    time.sleep(min(5.0, seconds / 4))
    resumed = len(acknowledged) - killed_at
    state["stop"] = True
    for thread in threads:
        thread.join()

    records = open(os.path.join(workdir, "observations", "records.yaml"), encoding="utf-8").read()
    notes = [line.split("note: ", 1)[1] for line in records.splitlines() if line.strip().startswith("note: ")]
    seen = {}
    for note in notes:
        seen[note] = seen.get(note, 0) + 1
    not_once = [m for m in acknowledged if seen.get(m, 0) != 1]
    twice = [m for m, n in seen.items() if n > 1]
    # After the restart the server serves what `qapass report` computes from the files, within 2 s of
    # the last change (the report is computed first, so the wait is counted from at least then).
    report = subprocess.run([qapass, "report", "--format", "json", "--out", "-"], cwd=workdir, capture_output=True)
    computed = json.loads(report.stdout)
    asked = time.perf_counter()
    while True:
        _, body = server.get("/api/progress")
        served = json.loads(body)
        same = all(served[key] == computed[key] for key in ["verdict", "reasons", "counts", "progress"])
        if same or time.perf_counter() - asked > 2:
            break
        time.sleep(0.05)
    server.stop()
    print(json.dumps({
        "items": len(items), "clients": clients, "record_processes": recorders, "think_seconds": think,
        "first_start_seconds": round(first_start, 2), "restart_seconds": round(restart, 2),
        "load_seconds": round(measured, 1),
        "record_ms": summary(record_ms), "dashboard_ms": summary(dashboard_ms),
        "served_records_per_second": round(counted / measured, 1),
        "qapass_record_alone_seconds": summary([s * 1000 for s in alone]),
        "qapass_record_under_load_ms": summary([s * 1000 for s in cli_seconds]),
        "qapass_record_per_second_under_load": round(len(cli_seconds) / measured, 2),
        "acknowledged": len(acknowledged), "unanswered_at_kill": len(unanswered),
        "acknowledged_after_restart": resumed, "errors": errors[:5], "error_count": len(errors),
        "acknowledged_not_present_once": not_once[:5], "present_twice": twice[:5],
        "served_equals_report_after_restart": same,
        "record_shows_after_ms": {way: summary(values) for way, values in visible.items()},
    }, indent=1))


if __name__ == "__main__":
    main()
