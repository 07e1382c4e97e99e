"""Measures a qapass HTML checklist in headless Chromium at a tablet's and a phone's size, and takes
the screenshots a person looks at.

usage: html-checklist-layout.py CHECKLIST.html SCREENSHOT_DIR

For each screen (iPad Air 820x1180, iPhone 390x844, both as touch devices) it loads the page with an
empty localStorage, answers the first two items by tapping their result buttons, scrolls to the last
item and measures: the page's height, any horizontal overflow, where the save bar is, whether the last
item's result buttons are above the bar, the smallest touch target (result buttons, the bar's buttons,
the fields) and what the progress says. Screenshots: SCREENSHOT_DIR/<screen>-top.png (the viewport at the
top) and <screen>-last.png (scrolled to the last item). Prints one JSON object, screens by name.
"""

import json
import os
import sys

sys.dont_write_bytecode = True
from chromium import browser  # noqa: E402 (beside this script)
from selenium.webdriver.common.by import By  # noqa: E402

SCREENS = [("tablet", 820, 1180), ("phone", 390, 844)]

MEASURE = """
const bar = document.getElementById('bar').getBoundingClientRect();
const items = document.querySelectorAll('.item');
const last = items[items.length - 1];
const lastResult = last.querySelector('fieldset.result').getBoundingClientRect();
const save = document.getElementById('save').getBoundingClientRect();
const next = document.getElementById('next').getBoundingClientRect();
const targets = [...document.querySelectorAll(
  'fieldset.result label, .bar button, #tester, #os, #build, .item textarea, .item input[type=url]')];
const sizes = targets.map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; });
return {
  height: document.documentElement.scrollHeight,
  width: document.documentElement.scrollWidth,
  viewport: [window.innerWidth, window.innerHeight],
  bar: [bar.top, bar.bottom],
  save: [save.left, save.top, save.right, save.bottom],
  next: [next.left, next.top, next.right, next.bottom],
  last_result: [lastResult.top, lastResult.bottom],
  smallest_target: [Math.min(...sizes.map(s => s[0])), Math.min(...sizes.map(s => s[1]))],
  targets: targets.length,
  done: document.getElementById('done').textContent,
  progress: [document.getElementById('progress').value, document.getElementById('progress').max],
  items: items.length,
};
"""


def main():
    page, shots = sys.argv[1], sys.argv[2]
    driver = browser(extra=("--hide-scrollbars", "--force-color-profile=srgb", "--font-render-hinting=none"))
    shown = {}
    try:
        for name, width, height in SCREENS:
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
            driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})
            driver.get("file://" + os.path.abspath(page))
            driver.execute_script("localStorage.clear();")
            driver.refresh()
            driver.save_screenshot(os.path.join(shots, f"{name}-top.png"))
            # The first two items on the page, whatever their numbers (a re-plan retires some).
            for item in driver.find_elements(By.CSS_SELECTOR, '.item')[:2]:
                label = item.find_element(By.CSS_SELECTOR, 'fieldset.result label:first-of-type')
                driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", label)
                label.click()
            driver.execute_script(
                "const items = document.querySelectorAll('.item');"
                "items[items.length - 1].scrollIntoView({block: 'end'});"
                "window.scrollTo(0, document.documentElement.scrollHeight);")
            measured = driver.execute_script(MEASURE)
            driver.save_screenshot(os.path.join(shots, f"{name}-last.png"))
            shown[name] = measured
    finally:
        driver.quit()
    print(json.dumps(shown))


if __name__ == "__main__":
    main()
