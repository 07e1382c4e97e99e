"""Answers a qapass HTML checklist, then opens the page regenerated for the same session after the build
under test was bumped, in the same headless Chromium (Selenium + chromium-driver), as a tester whose
checklist was regenerated mid-pass.

usage: html-checklist-build-bump.py BEFORE.html AFTER.html DOWNLOAD_DIR EARLIER_ID LATER_ID

On BEFORE it enters the tester and the exact OS and answers EARLIER_ID pass. It opens AFTER (the same plan under a new
build), reports what it shows for EARLIER_ID, the build field and the progress, answers LATER_ID pass
and saves the observation file. Prints one JSON object.

What the page stores must reach the browser's storage before AFTER is opened, and AFTER must restore it;
when Chromium lost it (``chromium.StorageLost``), the whole run is made again in a new browser.
"""

import json
import os
import sys

sys.dont_write_bytecode = True
from chromium import centred, restored, saved_file, stored, until_stored  # noqa: E402 (beside this script)
from selenium.webdriver.common.by import By  # noqa: E402


def main():
    before, after, downloads, earlier, later = sys.argv[1:6]

    def flow(driver, shown):
        def number(item):
            found = driver.find_element(By.CSS_SELECTOR, f'section[data-item="{item}"]')
            return int(found.get_attribute("id").split("-")[1])

        def answer(item, result):
            n = number(item)
            centred(driver, driver.find_element(By.CSS_SELECTOR, f'[name="result-{n}"][value="{result}"]')).click()

        driver.get("file://" + os.path.abspath(before))
        driver.find_element(By.ID, "tester").send_keys("mei")
        driver.find_element(By.ID, "os").send_keys("26.4.1")
        shown["build_before"] = driver.find_element(By.ID, "build").get_attribute("value")
        answer(earlier, "pass")
        shown["progress_before"] = driver.find_element(By.ID, "done").text
        stored(driver, shown)

        driver.get("file://" + os.path.abspath(after))
        restored(driver, "tester", "mei")
        shown["build_after"] = driver.find_element(By.ID, "build").get_attribute("value")
        n = number(earlier)
        section = driver.find_element(By.ID, f"item-{n}")
        shown["earlier_class"] = section.get_attribute("class")
        shown["earlier_problem"] = driver.find_element(By.ID, f"problem-{n}").text
        shown["earlier_result"] = driver.find_element(
            By.CSS_SELECTOR, f'[name="result-{n}"]:checked').get_attribute("value")
        shown["progress_after"] = driver.find_element(By.ID, "done").text
        answer(later, "pass")
        shown["progress_answered"] = driver.find_element(By.ID, "done").text
        driver.find_element(By.ID, "save").click()
        shown["status"] = driver.find_element(By.ID, "status").text
        shown["file"] = saved_file(downloads)

    print(json.dumps(until_stored(flow, downloads), ensure_ascii=False))


if __name__ == "__main__":
    main()
