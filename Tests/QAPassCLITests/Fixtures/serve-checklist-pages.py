"""Two headless Chromium browsers (a tablet's and a phone's size) on one session's served checklist, and
a third on the dashboard, driven by Selenium.

usage: serve-checklist-pages.py BASE_URL QAPASS WORKDIR SESSION MATRIX OLD_BUILD NEW_BUILD SCREENSHOTS

1. The tablet's tester answers item 1 `fail` with a note on the page before giving the exact OS: what
   the item's problem line says (nothing is sent). With the OS given, the answer again: how long the
   phone's page (its item 1 line) and the dashboard (its failures) take to show it.
2. `qapass record 3 --session SESSION --result pass --tester jun --os RELEASE` (the QAPASS executable,
   in WORKDIR): how long both pages take to show it.
3. The build in MATRIX is bumped from OLD_BUILD to NEW_BUILD while both pages are open; the tablet
   answers item 2 `pass` at once: what the server answered (the item's problem line), whether the
   notice shows on the tablet, and how long the phone's page takes to show it by itself.
Screenshots go to SCREENSHOTS. Prints one JSON object.
"""

import json
import os
import subprocess
import sys
import time

sys.dont_write_bytecode = True
from chromium import browser, centred, exact_release, seconds_until  # noqa: E402 (beside this script)
from selenium.webdriver.common.by import By  # noqa: E402

NOTE = "candidate bar stayed <b>open</b> after 张伟"


def text_of(driver, element_id):
    try:
        return driver.find_element(By.ID, element_id).text
    except Exception:
        return ""


def choose(driver, number, result):
    section = driver.find_element(By.ID, "item-%d" % number)
    label = section.find_element(By.CSS_SELECTOR, "label.r-" + result)
    centred(driver, label).click()


def main():
    base, qapass, workdir, session, matrix, old_build, new_build, shots = sys.argv[1:9]
    tablet = browser(extra=("--window-size=820,1180",))
    phone = browser(extra=("--window-size=390,844",))
    desk = browser(extra=("--window-size=1200,900",))
    pages = [tablet, phone]
    shown = {}
    try:
        for driver in pages:
            driver.get(base + "/sessions/" + session)
        desk.get(base + "/")
        shown["dashboard_links"] = desk.find_element(By.ID, "sessions").get_attribute("innerHTML").count(
            'href="/sessions/' + session + '"')
        shown["done_before"] = text_of(phone, "done")
        time.sleep(1.5)  # every page polling

        tablet.find_element(By.ID, "tester").send_keys("mei")
        note = tablet.find_element(By.NAME, "note-1")
        centred(tablet, note).send_keys(NOTE)
        # The session's OS is a series of releases: the page asks for the exact one before sending.
        choose(tablet, 1, "fail")
        shown["os_missing_problem"] = text_of(tablet, "problem-1")
        shown["os_missing_checked"] = tablet.execute_script(
            "var r = document.querySelector(\"[name='result-1']:checked\"); return r ? r.value : null;")
        os_field = centred(tablet, tablet.find_element(By.ID, "os"))
        os_field.send_keys("27.0")
        choose(tablet, 1, "fail")
        shown["os_outside_problem"] = text_of(tablet, "problem-1")
        os_field.clear()
        os_field.send_keys(exact_release(session))
        choose(tablet, 1, "fail")
        shown["page_record_seconds"] = seconds_until([
            lambda: "fail by mei" in text_of(tablet, "recorded-1"),
            lambda: "fail by mei" in text_of(phone, "recorded-1"),
            lambda: NOTE in text_of(desk, "failures"),
        ])
        shown["phone_item_1"] = text_of(phone, "recorded-1")
        shown["phone_checked_1"] = phone.execute_script(
            "var r = document.querySelector(\"[name='result-1']:checked\"); return r ? r.value : null;")
        shown["done_after_page"] = text_of(phone, "done")

        subprocess.run(
            [qapass, "record", "3", "--session", session, "--result", "pass", "--tester", "jun",
             "--os", exact_release(session)],
            cwd=workdir, check=True, capture_output=True)
        shown["terminal_record_seconds"] = seconds_until([
            lambda: "pass by jun" in text_of(tablet, "recorded-3"),
            lambda: "pass by jun" in text_of(phone, "recorded-3"),
            lambda: "jun" in text_of(desk, "activity"),
        ])
        shown["done_after_terminal"] = text_of(tablet, "done")
        os.makedirs(shots, exist_ok=True)
        tablet.execute_script("window.scrollTo(0, 0);")
        tablet.save_screenshot(os.path.join(shots, "serve-checklist-tablet.png"))
        phone.execute_script("document.getElementById('item-1').scrollIntoView({block: 'start'});")
        phone.save_screenshot(os.path.join(shots, "serve-checklist-phone.png"))

        with open(matrix, encoding="utf-8") as file:
            text = file.read()
        with open(matrix, "w", encoding="utf-8") as file:
            file.write(text.replace('build: "%s"' % old_build, 'build: "%s"' % new_build))
        choose(tablet, 2, "pass")
        waited = seconds_until([
            lambda: "Not recorded" in text_of(tablet, "problem-2"),
            lambda: phone.find_element(By.ID, "changed").is_displayed(),
        ])
        shown["bump_refused_seconds"], shown["bump_notice_phone_seconds"] = waited
        shown["bump_problem"] = text_of(tablet, "problem-2")
        shown["bump_notice_tablet"] = text_of(tablet, "changed-text")
        shown["bump_notice_phone"] = text_of(phone, "changed-text")
        shown["bump_checked_2"] = tablet.execute_script(
            "var r = document.querySelector(\"[name='result-2']:checked\"); return r ? r.value : null;")
        phone.execute_script("window.scrollTo(0, 0);")
        phone.save_screenshot(os.path.join(shots, "serve-checklist-phone-bumped.png"))
        shown["overflow"] = [driver.execute_script(
            "return document.documentElement.scrollWidth > window.innerWidth;") for driver in pages]
        shown["console_errors"] = [
            entry["message"] for driver in pages + [desk] for entry in driver.get_log("browser")
            if entry.get("level") == "SEVERE"]
    finally:
        for driver in pages + [desk]:
            driver.quit()
    print(json.dumps(shown, ensure_ascii=False))


if __name__ == "__main__":
    main()
