"""The decision forms of the served pages in headless Chromium, driven by Selenium.

usage: serve-decision-forms.py BASE_URL FAILING_ITEM

1. On FAILING_ITEM's history page, a lead fills the waiver form and sends it: what the form says, and
   how long until the page shows the waiver.
2. On the dashboard, the lead types in the carry form; meanwhile someone records (a request of the
   page's own): the page must not reload over the typed text, and says the pass changed. Then the
   carry is sent with a build that has no results: what the form says.
Prints one JSON object.
"""

import json
import sys
import time

sys.dont_write_bytecode = True
from chromium import browser, centred, exact_release, seconds_until  # noqa: E402 (beside this script)
from selenium.webdriver.common.by import By  # noqa: E402


def text_of(driver, selector):
    try:
        return driver.find_element(By.CSS_SELECTOR, selector).text
    except Exception:
        return ""


def fill(driver, form, values):
    for name, value in values.items():
        field = driver.find_element(By.CSS_SELECTOR, "#%s [name='%s']" % (form, name))
        centred(driver, field).clear()
        field.send_keys(value)


def main():
    base, item = sys.argv[1:3]
    driver = browser(extra=("--window-size=390,844",))
    shown = {}
    try:
        driver.get(base + "/items/" + item)
        fill(driver, "waive", {"by": "lead", "reason": "known <bug>", "approver": "kim", "expires": "2099-12-31"})
        centred(driver, driver.find_element(By.CSS_SELECTOR, "#waive button")).click()
        shown["waive_seconds"] = seconds_until(lambda: "Waiver (holds)" in text_of(driver, "#decisions"))
        shown["decisions"] = text_of(driver, "#decisions")

        driver.get(base + "/")
        driver.execute_script("window.qapassMarker = 1;")
        fill(driver, "carry", {"by": "lead", "from_build": "0.0.1 (1)", "checks": "m1", "reason": "icons only"})
        driver.set_script_timeout(30)
        shown["record_status"] = driver.execute_async_script(
            """
            var item = arguments[0], os = arguments[1], done = arguments[arguments.length - 1];
            fetch("/api/items").then(r => r.json()).then(list => fetch("/api/observations", {
              method: "POST", headers: {"Content-Type": "application/json"},
              body: JSON.stringify({item: item, result: "pass", tester: "mei", os: os,
                build: list.plan.build, plan: list.plan.fingerprint})
            })).then(r => done(r.status)).catch(e => done(String(e)));
            """, item, exact_release(item))
        shown["held_seconds"] = seconds_until(lambda: "changed" in text_of(driver, "#live"))
        time.sleep(1.5)
        shown["kept_typed_text"] = driver.execute_script(
            "return window.qapassMarker === 1 && document.querySelector(\"#carry [name='reason']\").value;")
        centred(driver, driver.find_element(By.CSS_SELECTOR, "#carry button")).click()
        seconds_until(lambda: text_of(driver, "#carry .outcome").startswith("Refused"))
        shown["carry_outcome"] = text_of(driver, "#carry .outcome")
        shown["console_errors"] = [
            entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
    finally:
        driver.quit()
    print(json.dumps(shown, ensure_ascii=False))


if __name__ == "__main__":
    main()
