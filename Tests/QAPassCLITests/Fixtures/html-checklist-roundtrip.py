"""Drives a qapass HTML checklist in headless Chromium (Selenium + chromium-driver) as a tester would.

usage: html-checklist-roundtrip.py CHECKLIST.html DOWNLOAD_DIR

Fills in three items (pass with a hostile note and a link, blocked, skipped), checks that saving refuses a
blocked item without a reason, reloads the page to check that the tester's name and the answers were kept,
then saves the observation file. Prints one JSON object: the saved file's path and what the page showed.
"""

import glob
import json
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

NOTE = '- stayed: red # after "张伟" and \'Return\'\nsecond line'


def main():
    page, downloads = sys.argv[1], sys.argv[2]
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("QAPASS_CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_experimental_option(
        "prefs", {"download.default_directory": downloads, "download.prompt_for_download": False})
    service = Service(os.environ.get("QAPASS_CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    shown = {}
    try:
        driver.get("file://" + os.path.abspath(page))
        # A self-contained page loads nothing else.
        shown["resources"] = driver.execute_script(
            "return performance.getEntriesByType('resource').map(function (e) { return e.name; });")
        driver.find_element(By.ID, "tester").send_keys("mei")

        def answer(number, result, note=None, evidence=None):
            driver.find_element(By.CSS_SELECTOR, f'[name="result-{number}"][value="{result}"]').click()
            if note is not None:
                box = driver.find_element(By.NAME, f"note-{number}")
                box.clear()
                box.send_keys(note)
            if evidence is not None:
                driver.find_element(By.NAME, f"evidence-{number}").send_keys(evidence)

        answer(1, "pass", NOTE, "https://qa.example.com/runs/1.mov")
        answer(2, "blocked")
        driver.find_element(By.ID, "save").click()
        shown["refused"] = driver.find_element(By.ID, "status").text
        shown["problem"] = driver.find_element(By.ID, "problem-2").text
        shown["saved_while_refused"] = glob.glob(os.path.join(downloads, "*"))

        # The page keeps the tester and the answers across a reload.
        driver.refresh()
        shown["tester_after_reload"] = driver.find_element(By.ID, "tester").get_attribute("value")
        shown["item1_after_reload"] = driver.find_element(
            By.CSS_SELECTOR, '[name="result-1"]:checked').get_attribute("value")
        answer(2, "blocked", "the test phone is being restored")
        answer(3, "skipped")
        driver.find_element(By.ID, "save").click()
        shown["status"] = driver.find_element(By.ID, "status").text
        deadline = time.time() + 20
        files = []
        while time.time() < deadline:
            files = [f for f in glob.glob(os.path.join(downloads, "*.yaml"))]
            if files and not glob.glob(os.path.join(downloads, "*.crdownload")):
                break
            time.sleep(0.1)
        shown["file"] = files[0] if files else None
    finally:
        driver.quit()
    print(json.dumps(shown, ensure_ascii=False))


if __name__ == "__main__":
    main()
