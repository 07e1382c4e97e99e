"""Two headless Chromium browsers (a tablet's and a phone's size) on one served pass, driven by Selenium.

usage: serve-two-browsers.py BASE_URL QAPASS WORKDIR FAIL_ITEM BLOCKED_ITEM SCREENSHOTS

Both open the dashboard. The tablet records FAIL_ITEM as a failure from its page (a same-origin fetch to
recordObservation with the plan stamp listItems gave it); then `qapass record` (the QAPASS executable, in
WORKDIR) records BLOCKED_ITEM as blocked from the terminal. For each change it measures how long each
browser's dashboard took to show it. Prints one JSON object.
"""

import json
import os
import subprocess
import sys
import time

sys.dont_write_bytecode = True
from chromium import browser, exact_release  # noqa: E402 (beside this script)
from selenium.webdriver.common.by import By  # noqa: E402

NOTE = "message stayed <b>after</b> choosing 张伟"
REASON = "no SIM in the phone"


def shows(driver, table, text):
    try:
        return text in driver.find_element(By.ID, table).text
    except Exception:
        return False


def seconds_until(drivers, table, text, limit=10):
    start = time.time()
    seen = [None] * len(drivers)
    while time.time() - start < limit and None in seen:
        for index, driver in enumerate(drivers):
            if seen[index] is None and shows(driver, table, text):
                seen[index] = round(time.time() - start, 2)
        time.sleep(0.05)
    return seen


def main():
    base, qapass, workdir, fail_item, blocked_item, shots = sys.argv[1:7]
    tablet = browser(extra=("--window-size=820,1180",))
    phone = browser(extra=("--window-size=390,844",))
    drivers = [tablet, phone]
    shown = {}
    try:
        for driver in drivers:
            driver.get(base + "/")
        shown["verdict_before"] = tablet.find_element(By.ID, "verdict").text
        time.sleep(1.5)  # both polling
        tablet.set_script_timeout(30)
        recorded = tablet.execute_async_script(
            """
            var item = arguments[0], note = arguments[1], os = arguments[2], done = arguments[arguments.length - 1];
            fetch("/api/items").then(r => r.json()).then(list => fetch("/api/observations", {
              method: "POST", headers: {"Content-Type": "application/json"},
              body: JSON.stringify({item: item, result: "fail", tester: "mei", note: note, os: os,
                build: list.plan.build, plan: list.plan.fingerprint})
            })).then(r => done(r.status)).catch(e => done(String(e)));
            """, fail_item, NOTE, exact_release(fail_item))
        shown["browser_record_status"] = recorded
        shown["browser_record_seconds"] = seconds_until(drivers, "failures", NOTE)

        subprocess.run(
            [qapass, "record", blocked_item, "--result", "blocked", "--reason", REASON, "--tester", "jun",
             "--os", exact_release(blocked_item)],
            cwd=workdir, check=True, capture_output=True)
        shown["terminal_record_seconds"] = seconds_until(drivers, "blocked", REASON)
        shown["verdict_after"] = phone.find_element(By.ID, "verdict").text
        shown["failures_html"] = tablet.find_element(By.ID, "failures").get_attribute("innerHTML")
        os.makedirs(shots, exist_ok=True)
        tablet.save_screenshot(os.path.join(shots, "serve-dashboard-tablet.png"))
        phone.save_screenshot(os.path.join(shots, "serve-dashboard-phone.png"))
        shown["console_errors"] = [
            entry["message"] for driver in drivers for entry in driver.get_log("browser")
            if entry.get("level") == "SEVERE"]
    finally:
        for driver in drivers:
            driver.quit()
    print(json.dumps(shown, ensure_ascii=False))


if __name__ == "__main__":
    main()
