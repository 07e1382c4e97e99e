"""Load on `qapass serve`: CLIENTS threads record observations through recordObservation and read the
dashboard while RECORDERS `qapass record` processes append too; prints latencies and checks that every
acknowledged record is in the records file exactly once.

usage: python3 bench/serve/load.py QAPASS WORKDIR BASE_URL [CLIENTS=20] [PER_CLIENT=10] [RECORDERS=2]

WORKDIR holds the matrix and its checklists (qapass checklist), and `qapass serve` runs on BASE_URL
over it. Standard library only.
"""

import http.client
import json
import subprocess
import sys
import threading
import time
import urllib.parse


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else float("nan")


def main():
    qapass, workdir, base = sys.argv[1:4]
    clients = int(sys.argv[4]) if len(sys.argv) > 4 else 20
    per_client = int(sys.argv[5]) if len(sys.argv) > 5 else 10
    recorders = int(sys.argv[6]) if len(sys.argv) > 6 else 2
    url = urllib.parse.urlparse(base)

    def connection():
        return http.client.HTTPConnection(url.hostname, url.port, timeout=120)

    first = connection()
    first.request("GET", "/api/items")
    listing = json.loads(first.getresponse().read())
    plan = listing["plan"]
    items = [item["id"] for item in listing["items"]]
    record_ms, dashboard_ms, errors, acknowledged = [], [], [], []
    lock = threading.Lock()

    def client(number):
        conn = connection()
        for index in range(per_client):
            marker = f"c{number}-{index}"
            body = json.dumps({"item": items[(number * per_client + index) % len(items)], "result": "pass",
                               "tester": "mei", "note": marker, "build": plan["build"],
                               "plan": plan["fingerprint"]})
            start = time.perf_counter()
            conn.request("POST", "/api/observations", body, {"Content-Type": "application/json"})
            response = conn.getresponse()
            response.read()
            elapsed = (time.perf_counter() - start) * 1000
            start = time.perf_counter()
            conn.request("GET", "/")
            page = conn.getresponse()
            page.read()
            page_ms = (time.perf_counter() - start) * 1000
            with lock:
                record_ms.append(elapsed)
                dashboard_ms.append(page_ms)
                if response.status == 201:
                    acknowledged.append(marker)
                else:
                    errors.append(f"{marker}: {response.status}")

    def recorder(number):
        for index in range(per_client):
            marker = f"r{number}-{index}"
            done = subprocess.run(
                [qapass, "record", items[index % len(items)], "--result", "pass", "--tester", "jun", "--note", marker],
                cwd=workdir, capture_output=True)
            with lock:
                (acknowledged if done.returncode == 0 else errors).append(marker)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    threads += [threading.Thread(target=recorder, args=(n,)) for n in range(recorders)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - start
    records = open(f"{workdir}/observations/records.yaml", encoding="utf-8").read()
    missing = [m for m in acknowledged if records.count(f"note: {m}\n") != 1]
    print(json.dumps({
        "items": len(items), "clients": clients, "records_per_client": per_client, "record_processes": recorders,
        "acknowledged": len(acknowledged), "errors": errors[:5], "not_present_exactly_once": missing[:5],
        "wall_seconds": round(wall, 1),
        "record_ms": {"p50": round(percentile(record_ms, 50), 1), "p99": round(percentile(record_ms, 99), 1)},
        "dashboard_ms": {"p50": round(percentile(dashboard_ms, 50), 1),
                         "p99": round(percentile(dashboard_ms, 99), 1)},
    }, indent=1))


if __name__ == "__main__":
    main()
