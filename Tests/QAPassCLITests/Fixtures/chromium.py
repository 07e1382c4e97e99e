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
