"""Asks a qapass HTML checklist, in headless Chromium (Selenium + chromium-driver), which OS texts it
takes as the exact OS, the way a tester meets its rule: the text typed in the OS field, then "Save
observations" with a tester chosen and no answer given.

usage: html-checklist-os-rule.py CHECKLIST.html TEXTS.json

For each text of TEXTS.json (a JSON array of strings) the page either refuses the OS (its status asks for
the exact OS version) or goes past it (it says there is nothing to save yet). Prints one JSON object:
`accepted`, one boolean per text, and `statuses`, what the page said.
"""

import json
import os
import sys

sys.dont_write_bytecode = True
from chromium import browser  # noqa: E402 (beside this script)
from selenium.webdriver.common.by import By  # noqa: E402


def main():
    page, texts_path = sys.argv[1], sys.argv[2]
    with open(texts_path, encoding="utf-8") as file:
        texts = json.load(file)
    driver = browser()
    try:
        driver.get("file://" + os.path.abspath(page))
        driver.find_element(By.ID, "tester").send_keys("mei")
        # The field takes each text as typed (an input event, as typing fires), then the page's own
        # save button decides.
        statuses = driver.execute_script(
            """
            var texts = arguments[0], os = document.getElementById("os"), statuses = [];
            texts.forEach(function (text) {
              os.value = text;
              os.dispatchEvent(new Event("input", { bubbles: true }));
              document.getElementById("save").click();
              statuses.push(document.getElementById("status").textContent);
            });
            return statuses;
            """, texts)
    finally:
        driver.quit()
    refused = "Enter the exact OS version you ran"
    accepted = [not status.startswith(refused) for status in statuses]
    print(json.dumps({"accepted": accepted, "statuses": statuses}, ensure_ascii=False))


if __name__ == "__main__":
    main()
