"""Headless Chromium for the HTML checklist scripts beside this file (Selenium + chromium-driver).

QAPASS_CHROMIUM and QAPASS_CHROMEDRIVER name other binaries; the tests run with SE_OFFLINE=true, so
Selenium never downloads a driver.
"""

import glob
import os
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def browser(downloads=None, extra=()):
    """A headless Chromium; files the page saves go to `downloads` without asking."""
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("QAPASS_CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage") + tuple(extra):
        options.add_argument(argument)
    if downloads:
        options.add_experimental_option(
            "prefs", {"download.default_directory": downloads, "download.prompt_for_download": False})
    service = Service(os.environ.get("QAPASS_CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(options=options, service=service)


def centred(driver, element):
    """`element` scrolled to the middle of the screen, as a tester scrolls: the page's save bar is fixed
    at the bottom and would take a click meant for what lies under it."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
    return element


class StorageLost(Exception):
    """What a page stored in localStorage was lost by the browser, not by the page.

    Under heavy load (a load average of 20 to 35 on 2 cores, four Chromiums at once) a page's
    localStorage writes sometimes never reach Chromium's storage service: the page reads back what it
    stored, but another tab of the same origin never does (not in 20 s, nor 45 s later), and the next
    page of the origin, or the same page reloaded, starts from empty storage and restores nothing. Seen
    in 5 of 171 runs of the three scripts that open a page again; a new browser then kept them each
    time. Waiting longer does not bring them back: they are lost."""


def until_stored(flow, downloads=None, tries=3):
    """Runs `flow(driver, shown)` in a new headless Chromium, again in another one when it raised
    ``StorageLost`` (at most `tries` runs, `downloads` emptied before each). Returns what the last run
    showed, with `storage_lost`: why each run before it was given up."""
    lost = []
    for _ in range(tries):
        for leftover in glob.glob(os.path.join(downloads, "*")) if downloads else []:
            os.remove(leftover)
        driver = browser(downloads)
        shown = {}
        try:
            flow(driver, shown)
            break
        except StorageLost as error:
            lost.append(str(error))
        finally:
            driver.quit()
    shown["storage_lost"] = lost
    return shown


def stored(driver, shown):
    """``storage_settled``, as a barrier the run cannot go past: raises ``StorageLost`` when the values
    never reached another tab."""
    shown["storage_settled"] = storage_settled(driver)
    if not shown["storage_settled"]:
        raise StorageLost("what the page stored never reached another tab of its origin in 20 s")


def restored(driver, element, value):
    """Raises ``StorageLost`` unless the page just opened shows `value` in `element` (an id), which it
    restores from localStorage as its script runs: a page is loaded, its script run, when `get` or
    `refresh` returns. Another tab may read the values from the renderer that stored them, so
    ``stored`` alone does not prove the storage service has them."""
    shown = driver.find_element("id", element).get_attribute("value")
    if shown != value:
        raise StorageLost(f"the page opened next showed {element} {shown!r}, not the stored {value!r}")


def storage_settled(driver, seconds=20):
    """Waits until what this tab stored in localStorage can be read from another tab of the same
    origin, then comes back: a barrier before a reload or another page of the checklists. A renderer
    sends its localStorage writes to the browser process asynchronously; on a loaded machine a reload
    could read the storage before they arrived. Returns whether the other tab saw them in time."""
    stored = "return JSON.stringify(Object.keys(localStorage).sort().map(k => [k, localStorage.getItem(k)]));"
    expected = driver.execute_script(stored)
    here = driver.current_window_handle
    url = driver.current_url
    driver.switch_to.new_window("tab")
    try:
        # Any file:// page shares the checklist's origin; this one runs no script of its own.
        driver.get(url.rsplit("/", 1)[0] + "/")
        deadline = time.time() + seconds
        while time.time() < deadline:
            if driver.execute_script(stored) == expected:
                return True
            time.sleep(0.1)
        return False
    finally:
        driver.close()
        driver.switch_to.window(here)


def saved_file(downloads, seconds=20):
    """The YAML file the page saved into `downloads`, once its download has finished, or None."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        files = glob.glob(os.path.join(downloads, "*.yaml"))
        if files and not glob.glob(os.path.join(downloads, "*.crdownload")):
            return files[0]
        time.sleep(0.1)
    return None


def seconds_until(checks, limit=10):
    """Seconds until each of `checks` (functions, or one function) was true, polled every 50 ms; None
    for one that was not within `limit` seconds."""
    single = callable(checks)
    checks = [checks] if single else list(checks)
    start = time.time()
    seen = [None] * len(checks)
    while time.time() - start < limit and None in seen:
        for index, check in enumerate(checks):
            if seen[index] is None and check():
                seen[index] = round(time.time() - start, 2)
        time.sleep(0.05)
    return seen[0] if single else seen


def exact_release(text):
    """`26.4.1` for an item id or session of `26.x` (the release the Swift tests' `exactOS` gives), which
    `qapass record` and recordObservation require for an item planned for a series of releases."""
    parts = text.split(".")
    for major, after in zip(parts, parts[1:]):
        if after == "x" and major.isdigit():
            return major + ".4.1"
    return None
