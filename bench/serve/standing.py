"""What one standing costs `qapass serve` in CPU (standard library only): the CPU time of the server's
background maker thread for each change. Each round records one observation
through recordObservation, waits until `/api/version` names a new revision (the standing, the dashboard
and getProgress are made), then until the maker is idle again, and reads the thread's CPU time from
/proc (`schedstat`, in nanoseconds). A round's figure also holds the maker's checks for changes
(`passRevision`, every 0.25 s, about 1 ms each). Prints JSON: the median, lowest and highest CPU
milliseconds per standing, and the whole server's CPU per round (the record, the version reads).

usage: python3 bench/serve/standing.py QAPASS [ROUNDS=15]          (DEVICES=12 in the environment)

The pass is bench/scale's matrix of DEVICES devices (12: 12,342 manual items) with its 5,916 observations
recorded, made once in bench/out/serve-standing/DEVICES and copied afresh for each run, so runs of two
builds start from the same files.
"""

import http.client
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from load import PLAN, Server, exact_os  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def prepare(qapass, devices):
    """The pass in a fresh folder: made once per DEVICES, then copied."""
    base = os.path.join(ROOT, "bench", "out", "serve-standing")
    made = os.path.join(base, str(devices))
    if not os.path.isdir(made):
        building = made + ".part"
        shutil.rmtree(building, ignore_errors=True)
        os.makedirs(os.path.join(building, "matrices"))
        with open(os.path.join(building, "matrices", "scale.yaml"), "w") as matrix:
            subprocess.run([sys.executable, os.path.join(ROOT, "bench/scale/generate.py"), str(devices)],
                           stdout=matrix, check=True)
        subprocess.run([qapass, "checklist", "matrices/scale.yaml", *PLAN], cwd=building, check=True,
                       stdout=subprocess.DEVNULL)
        with open(os.path.join(base, f"plan-{devices}.json"), "w") as plan:
            subprocess.run([qapass, "plan", "matrices/scale.yaml", *PLAN, "--format", "json"], cwd=building,
                           stdout=plan, check=True)
        subprocess.run([sys.executable, os.path.join(ROOT, "bench/scale/observations.py"), plan.name,
                        "observations"], cwd=building, check=True, stdout=subprocess.DEVNULL)
        os.rename(building, made)
    workdir = os.path.join(base, "pass")
    shutil.rmtree(workdir, ignore_errors=True)
    shutil.copytree(made, workdir)
    return workdir


def cpu_ns(path):
    """Nanoseconds on a CPU, from a `schedstat` file."""
    with open(path) as stat:
        return int(stat.read().split()[0])


def process_ms(pid):
    """Milliseconds of CPU of the whole process (user and system), in clock ticks."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def maker_thread(pid):
    """The `schedstat` path of the server's background maker thread: the one thread that is neither the
    main thread nor one of libmicrohttpd's (`MHD-…`), which answer the requests."""
    found = []
    for tid in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{tid}/comm") as comm:
            if tid != str(pid) and not comm.read().startswith("MHD"):
                found.append(f"/proc/{pid}/task/{tid}/schedstat")
    if len(found) != 1:
        raise SystemExit(f"expected one maker thread in the server, found {len(found)}")
    return found[0]


def idle(path, quiet=0.6):
    """Waits until the thread at `path` used under 5 ms of CPU in `quiet` seconds."""
    while True:
        before = cpu_ns(path)
        time.sleep(quiet)
        if cpu_ns(path) - before < 5_000_000:
            return


def measure(server, rounds):
    """The maker's and the whole server's CPU milliseconds for each of `rounds` changes, and the items."""
    pid = server.process.pid
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=300)

    def get(method, path, body=None):
        conn.request(method, path, body, {"Content-Type": "application/json"} if body else {})
        response = conn.getresponse()
        return response.status, response.read()

    listing = json.loads(get("GET", "/api/items")[1])
    plan, items = listing["plan"], [item["id"] for item in listing["items"]]
    thread = maker_thread(pid)
    idle(thread)
    maker_ms, server_ms = [], []
    for index in range(rounds):
        before = json.loads(get("GET", "/api/version")[1])["revision"]
        maker, whole = cpu_ns(thread), process_ms(pid)
        item = items[(index * 997) % len(items)]
        answer = {"item": item, "result": "pass", "tester": "mei", "note": f"standing-{index}",
                  "build": plan["build"], "plan": plan["fingerprint"]}
        if exact_os(item):
            answer["os"] = exact_os(item)
        status, reply = get("POST", "/api/observations", json.dumps(answer))
        if status != 201:
            raise SystemExit(f"record: {status} {reply.decode()}")
        while json.loads(get("GET", "/api/version")[1])["revision"] == before:
            time.sleep(0.02)
        idle(thread)
        maker_ms.append((cpu_ns(thread) - maker) / 1e6)
        server_ms.append(process_ms(pid) - whole)
    return items, maker_ms, server_ms


def main():
    qapass = os.path.abspath(sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    devices = int(os.environ.get("DEVICES", "12"))
    server = Server(qapass, prepare(qapass, devices), "matrices/scale.yaml")
    server.start()
    try:
        items, maker_ms, server_ms = measure(server, rounds)
    finally:
        server.stop()
    print(json.dumps({
        "items": len(items), "rounds": rounds,
        "maker_cpu_ms": {"median": round(statistics.median(maker_ms), 1), "min": round(min(maker_ms), 1),
                         "max": round(max(maker_ms), 1)},
        "server_cpu_ms": {"median": round(statistics.median(server_ms), 1)},
        "load": open("/proc/loadavg").read().split()[:3]}, indent=1))


if __name__ == "__main__":
    main()
