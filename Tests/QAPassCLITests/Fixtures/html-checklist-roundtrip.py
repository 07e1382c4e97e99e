"""Drives a qapass HTML checklist in headless Chromium (Selenium + chromium-driver) as a tester would.

usage: html-checklist-roundtrip.py CHECKLIST.html DOWNLOAD_DIR

Fills in three items (pass with a hostile note and a link, blocked, skipped with a note holding a lone
UTF-16 surrogate), checks that saving refuses
an OS that is not an exact release of the session's and a blocked item without a reason, reloads the page
to check that the tester's name, the exact OS and the answers were kept, then saves the observation file.
Prints one JSON object: the saved file's path and what the page showed.

What the page stores must reach the browser's storage before the reload, and the reloaded page must restore
it; when Chromium lost it (``chromium.StorageLost``), the whole run is made again in a new browser.
"""

import glob
import json
import os
import sys

sys.dont_write_bytecode = True
from chromium import centred, restored, saved_file, stored, until_stored  # noqa: E402 (beside this script)
from selenium.webdriver.common.by import By  # noqa: E402

NOTE = '- stayed: red # after "张伟" and \'Return\'\nsecond line'


def main():
    page, downloads = sys.argv[1], sys.argv[2]

    def flow(driver, shown):
        driver.get("file://" + os.path.abspath(page))
        # A self-contained page loads nothing else.
        shown["resources"] = driver.execute_script(
            "return performance.getEntriesByType('resource').map(function (e) { return e.name; });")
        driver.find_element(By.ID, "tester").send_keys("mei")

        def answer(number, result, note=None, evidence=None):
            centred(driver, driver.find_element(By.CSS_SELECTOR, f'[name="result-{number}"][value="{result}"]')).click()
            if note is not None:
                box = centred(driver, driver.find_element(By.NAME, f"note-{number}"))
                box.clear()
                box.send_keys(note)
            if evidence is not None:
                centred(driver, driver.find_element(By.NAME, f"evidence-{number}")).send_keys(evidence)

        answer(1, "pass", NOTE, "https://qa.example.com/runs/1.mov")
        answer(2, "blocked")
        # The session's OS as planned is not an exact release.
        driver.find_element(By.ID, "os").send_keys("26.x")
        driver.find_element(By.ID, "save").click()
        shown["refused_os"] = driver.find_element(By.ID, "status").text
        shown["progress"] = driver.find_element(By.ID, "done").text
        driver.find_element(By.ID, "os").clear()
        driver.find_element(By.ID, "os").send_keys("26.4.1")
        driver.find_element(By.ID, "save").click()
        shown["refused"] = driver.find_element(By.ID, "status").text
        shown["problem"] = driver.find_element(By.ID, "problem-2").text
        shown["saved_while_refused"] = glob.glob(os.path.join(downloads, "*"))

        # The page keeps the tester and the answers across a reload.
        stored(driver, shown)
        driver.refresh()
        restored(driver, "tester", "mei")
        shown["tester_after_reload"] = driver.find_element(By.ID, "tester").get_attribute("value")
        shown["os_after_reload"] = driver.find_element(By.ID, "os").get_attribute("value")
        shown["progress_after_reload"] = driver.find_element(By.ID, "done").text
        shown["item1_after_reload"] = driver.find_element(
            By.CSS_SELECTOR, '[name="result-1"]:checked').get_attribute("value")
        answer(2, "blocked", "the test phone is being restored")
        answer(3, "skipped")
        # Half an emoji, as an input method cut it: a lone UTF-16 surrogate no WebDriver key can type.
        driver.execute_script(
            "var box = document.getElementsByName('note-3')[0]; box.value = 'cut \\ud83d here';"
            " box.dispatchEvent(new Event('input'));")
        driver.find_element(By.ID, "save").click()
        shown["status"] = driver.find_element(By.ID, "status").text
        shown["file"] = saved_file(downloads)

    print(json.dumps(until_stored(flow, downloads), ensure_ascii=False))


if __name__ == "__main__":
    main()
