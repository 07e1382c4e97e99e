"""Answers a qapass HTML checklist, then opens the page written for the same session after a re-plan, in
the same headless Chromium (Selenium + chromium-driver), as a tester whose checklist was regenerated.

usage: html-checklist-replan.py BEFORE.html AFTER.html DOWNLOAD_DIR KEPT_ID GONE_ID DRAFT_ID RENAMED_ID NEW_ID

On BEFORE it picks the first tester of the catalog's list that is not the assignee, enters the exact OS,
answers KEPT_ID pass, GONE_ID fail (an item the re-plan removes) and RENAMED_ID fail with a note (an item
the re-plan renames NEW_ID with renamed_from), and types a note on DRAFT_ID without a result. It opens
AFTER (other numbers, other plan fingerprint) and reports what it shows for those items and what its
status line says, then saves the observation file there. Prints one JSON object.

What the page stores must reach the browser's storage before AFTER is opened, and AFTER must restore it;
when Chromium lost it (``chromium.StorageLost``), the whole run is made again in a new browser.
"""

import json
import os
import sys

sys.dont_write_bytecode = True
from chromium import centred, restored, saved_file, stored, until_stored  # noqa: E402 (beside this script)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402


def main():
    before, after, downloads, kept, gone, draft, renamed, new = sys.argv[1:9]

    def flow(driver, shown):
        def section(item):
            found = driver.find_elements(By.CSS_SELECTOR, f'section[data-item="{item}"]')
            return found[0] if found else None

        def number(item):
            return int(section(item).get_attribute("id").split("-")[1])

        driver.get("file://" + os.path.abspath(before))
        tester = Select(driver.find_element(By.ID, "tester"))
        shown["testers"] = [o.get_attribute("value") for o in tester.options]
        shown["default_tester"] = tester.first_selected_option.get_attribute("value")
        others = [name for name in shown["testers"] if name and name != shown["default_tester"]]
        tester.select_by_value(others[0])
        shown["tester_note"] = driver.find_element(By.ID, "tester-note").text
        driver.find_element(By.ID, "os").send_keys("26.2")
        shown["numbers_before"] = {item: number(item) for item in (kept, gone, draft)}
        for item, result in ((kept, "pass"), (gone, "fail"), (renamed, "fail")):
            n = number(item)
            centred(driver, driver.find_element(By.CSS_SELECTOR, f'[name="result-{n}"][value="{result}"]')).click()
        centred(driver, driver.find_element(By.NAME, f"note-{number(draft)}")).send_keys("keyboard froze once")
        centred(driver, driver.find_element(By.NAME, f"note-{number(renamed)}")).send_keys("the last jamo vanished")

        stored(driver, shown)
        driver.get("file://" + os.path.abspath(after))
        restored(driver, "tester", others[0])
        shown["status_on_load"] = driver.find_element(By.ID, "status").text
        shown["numbers_after"] = {item: number(item) for item in (kept, draft)}
        shown["gone_shown"] = section(gone) is not None
        n = number(kept)
        shown["kept_result"] = driver.find_element(
            By.CSS_SELECTOR, f'[name="result-{n}"]:checked').get_attribute("value")
        shown["draft_note"] = driver.find_element(By.NAME, f"note-{number(draft)}").get_attribute("value")
        shown["draft_result"] = driver.find_element(
            By.CSS_SELECTOR, f'[name="result-{number(draft)}"]:checked').get_attribute("value")
        shown["kept_folded"] = "folded" in section(kept).get_attribute("class")
        shown["renamed_shown"] = section(renamed) is not None
        shown["new_result"] = driver.find_element(
            By.CSS_SELECTOR, f'[name="result-{number(new)}"]:checked').get_attribute("value")
        shown["new_note"] = driver.find_element(By.NAME, f"note-{number(new)}").get_attribute("value")
        shown["progress"] = driver.find_element(By.ID, "done").text
        shown["os"] = driver.find_element(By.ID, "os").get_attribute("value")
        shown["tester"] = driver.find_element(By.ID, "tester").get_attribute("value")
        driver.find_element(By.ID, "save").click()
        shown["status"] = driver.find_element(By.ID, "status").text
        shown["file"] = saved_file(downloads)

    print(json.dumps(until_stored(flow, downloads), ensure_ascii=False))


if __name__ == "__main__":
    main()
