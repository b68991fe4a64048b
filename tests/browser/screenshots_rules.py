"""Take the rules reference screenshots in docs/screenshots/.

    python tests/browser/screenshots_rules.py    # builds dist/ if needed, writes docs/screenshots/rules-*.png

One entry in English with the tree beside it, and a search in Japanese with its results, on a desktop; one
entry on a phone (the rule first, the search and the tree below it).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1])]

import screenshots  # noqa: E402  (the shared build-serve-shoot loop)
from playmat_page import STEP_TIMEOUT_MS, open_app  # noqa: E402

OUT, DESKTOP, PHONE = screenshots.OUT, screenshots.DESKTOP, screenshots.PHONE


def route(page, hash_: str) -> None:
    page.evaluate("h => { location.hash = h; }", hash_)
    page.wait_for_selector(f"#rules-entry[data-rule='{hash_.split('/', 1)[1]}']", timeout=STEP_TIMEOUT_MS)


def take(url: str) -> list[Path]:
    written = []
    with screenshots.chromium() as browser:
        page = browser.new_page(viewport=DESKTOP, device_scale_factor=1)
        open_app(page, url, "speed=0&lang=en")
        route(page, "#rules/11.2.2")
        written.append(OUT / "rules-page.png")
        page.screenshot(path=str(written[-1]))
        page.click("#lang-toggle")
        page.fill("#rules-search", "ブロック")
        page.wait_for_selector("#rules-results")
        route(page, "#rules/9.4.2")
        page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
        written.append(OUT / "rules-search-ja.png")
        page.screenshot(path=str(written[-1]))
        page.close()
        phone = browser.new_page(viewport=PHONE, device_scale_factor=1)
        open_app(phone, url, "speed=0&lang=en")
        route(phone, "#rules/12.15")
        written.append(OUT / "rules-phone.png")
        phone.screenshot(path=str(written[-1]))
    return written


if __name__ == "__main__":
    sys.exit(screenshots.main(take))
