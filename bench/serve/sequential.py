"""One client, one request at a time, on `qapass serve`: what each request costs the server when it is
not queued behind others. Each round records an observation, then reads PAGE (made again: the pass
changed), PAGE again (nothing changed) and the version. Prints the median and the worst of each, in
milliseconds, and the time to start (standard library only).

usage: python3 bench/serve/sequential.py QAPASS WORKDIR MATRIX [ROUNDS=15] [PAGE=/]

The server makes the standing in the background after a write and reads answer from the latest one made,
so PAGE read at once after the record may still be the one made before it. With SHOWN=1 in the
environment each round waits, after the record, until `/api/version` names a new revision (the record
shows), and then reads PAGE: the page made from the new standing, as a tester's page reloads it.
"""

import http.client
import json
import os
import statistics
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from load import Server, exact_os  # noqa: E402


def main():
    qapass, workdir, matrix = sys.argv[1:4]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 15
    page = sys.argv[5] if len(sys.argv) > 5 else "/"
    server = Server(qapass, workdir, matrix)
    started = server.start()
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=300)

    def timed(method, path, body=None):
        start = time.perf_counter()
        conn.request(method, path, body, {"Content-Type": "application/json"} if body else {})
        response = conn.getresponse()
        data = response.read()
        return response.status, (time.perf_counter() - start) * 1000, data

    def version():
        return json.loads(timed("GET", "/api/version")[2])["revision"]

    _, first_items, body = timed("GET", "/api/items")
    listing = json.loads(body)
    plan, items = listing["plan"], [item["id"] for item in listing["items"]]
    times = {name: [] for name in ["record", f"{page}, changed", f"{page}, unchanged", "version"]}
    shown = os.environ.get("SHOWN") == "1"
    for index in range(rounds):
        item = items[(index * 997) % len(items)]
        answer = {"item": item, "result": "pass", "tester": "mei", "note": f"seq-{index}", "build": plan["build"],
                  "plan": plan["fingerprint"]}
        if exact_os(item):
            answer["os"] = exact_os(item)
        body = json.dumps(answer)
        before = version() if shown else None
        for name, method, path, data in [("record", "POST", "/api/observations", body),
                                         (f"{page}, changed", "GET", page, None),
                                         (f"{page}, unchanged", "GET", page, None),
                                         ("version", "GET", "/api/version", None)]:
            if shown and name == f"{page}, changed":
                while version() == before:
                    time.sleep(0.01)
            status, elapsed, _ = timed(method, path, data)
            if status not in (200, 201):
                raise SystemExit(f"{name}: {status}")
            times[name].append(elapsed)
    server.stop()
    print(json.dumps({"items": len(items), "start_seconds": round(started, 2),
                      "first_items_ms": round(first_items, 1),
                      **{name: {"median": round(statistics.median(v), 1), "max": round(max(v), 1)}
                         for name, v in times.items()}}, indent=1))


if __name__ == "__main__":
    main()
