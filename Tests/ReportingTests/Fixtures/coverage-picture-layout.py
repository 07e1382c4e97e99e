"""Measures qapass's coverage pictures in headless Chromium, as a reader sees them in a 1,012-pixel
column (GitHub's Markdown body at its full width), and optionally takes screenshots.

usage: coverage-picture-layout.py FOLDER [SCREENSHOT_DIR]

For each FOLDER/*.svg it loads the picture on its own and measures every text's box (the browser's
own font, getBBox), then shows it as an <img> with max-width 100% in a 1,012-pixel column, as GitHub
does, and measures the width it is drawn at. Per picture it prints: the picture's width, the width it
is drawn at, the scale, the smallest text size as drawn (font-size x scale, in pixels), the smallest
gap between a row label and the cells to its right, and every problem found: a text that leaves its
cell or the picture, a row label that touches a cell, column labels that overlap. With
SCREENSHOT_DIR, each picture as drawn in the column goes to SCREENSHOT_DIR/<name>.png. Prints one JSON
object, pictures by file name.
"""

import glob
import json
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "QAPassCLITests", "Fixtures"))
from chromium import browser  # noqa: E402 (the HTML checklist tests' helper)
from selenium.webdriver.common.by import By  # noqa: E402

COLUMN = 1012

MEASURE = """
const svg = document.documentElement;
const width = parseFloat(svg.getAttribute('width'));
const box = e => { const b = e.getBBox(); return [b.x, b.y, b.x + b.width, b.y + b.height]; };
const texts = [...svg.querySelectorAll('text')].map(t => ({
  text: t.textContent, size: parseFloat(t.getAttribute('font-size')), box: box(t),
  kind: t.getAttribute('class') || (t.parentNode.getAttribute('class') === 'cell' ? 'cell' : 'other')}));
const cells = [...svg.querySelectorAll('g.cell')].map(g => ({
  rect: box(g.querySelector('rect')), texts: [...g.querySelectorAll('text')].map(t => [t.textContent, box(t)])}));
return {width: width, texts: texts, cells: cells};
"""


def problems_of(shown):
    problems = []
    width = shown["width"]
    for text in shown["texts"]:
        left, _, right, _ = text["box"]
        if left < -0.5 or right > width + 0.5:
            problems.append("text leaves the picture: %r (%.1f to %.1f of %d)" % (text["text"], left, right, width))
    for cell in shown["cells"]:
        x0, y0, x1, y1 = cell["rect"]
        for text, (left, top, right, bottom) in cell["texts"]:
            if left < x0 - 0.5 or right > x1 + 0.5 or top < y0 - 0.5 or bottom > y1 + 0.5:
                problems.append("text leaves its cell: %r" % text)
    gaps = []
    for label in (t for t in shown["texts"] if t["kind"] == "row-label"):
        left, top, right, bottom = label["box"]
        middle = (top + bottom) / 2
        for cell in shown["cells"]:
            x0, y0, x1, y1 = cell["rect"]
            if y0 <= middle <= y1 and x1 > left:
                gaps.append(x0 - right)
                if x0 - right < 4:
                    problems.append("row label touches a cell: %r (gap %.1f)" % (label["text"], x0 - right))
    headers = sorted((t for t in shown["texts"] if t["kind"] == "column-label"), key=lambda t: (t["box"][1], t["box"][0]))
    for first, second in zip(headers, headers[1:]):
        if abs(first["box"][1] - second["box"][1]) < 1 and second["box"][0] < first["box"][2] + 4:
            problems.append("column labels overlap: %r and %r" % (first["text"], second["text"]))
    return problems, (min(gaps) if gaps else None)


def main():
    folder = os.path.abspath(sys.argv[1])
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    driver = browser(extra=("--hide-scrollbars", "--force-color-profile=srgb", "--font-render-hinting=none"))
    results = {}
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": COLUMN + 100, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        for path in sorted(glob.glob(os.path.join(folder, "*.svg"))):
            name = os.path.basename(path)
            driver.get("file://" + path)
            shown = driver.execute_script(MEASURE)
            problems, gap = problems_of(shown)
            page = os.path.join(folder, name + ".html")
            with open(page, "w", encoding="utf-8") as out:
                out.write('<!DOCTYPE html><html><body style="margin:0;background:#fff">'
                          '<div id="column" style="width:%dpx"><img id="picture" src="%s" style="max-width:100%%;display:block">'
                          '</div></body></html>' % (COLUMN, name))
            driver.get("file://" + page)
            drawn = driver.execute_script(
                "const i = document.getElementById('picture');"
                "return [i.complete, i.naturalWidth, i.getBoundingClientRect().width];")
            scale = drawn[2] / shown["width"] if shown["width"] else 0
            results[name] = {
                "width": shown["width"], "drawn_width": drawn[2], "scale": round(scale, 4),
                "smallest_font_px": round(min(t["size"] for t in shown["texts"]) * scale, 2),
                "smallest_label_gap": None if gap is None else round(gap, 1),
                "texts": len(shown["texts"]), "problems": problems,
            }
            if shots:
                os.makedirs(shots, exist_ok=True)
                height = driver.execute_script("return document.documentElement.scrollHeight;")
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                    "width": COLUMN + 100, "height": max(900, height), "deviceScaleFactor": 1, "mobile": False})
                driver.find_element(By.ID, "picture").screenshot(os.path.join(shots, name[:-4] + ".png"))
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                    "width": COLUMN + 100, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    finally:
        driver.quit()
    print(json.dumps(results, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
