"""Take the card gallery, card page and deck builder screenshots in docs/screenshots/.

    python tests/browser/screenshots_decks.py    # builds dist/ if needed, writes docs/screenshots/{cards,card,deck}-*.png

The builder shows a shipped deck with a few cards changed so that rule problems show next to their cards; the
opening-hand sampler is drawn with a fixed stand-in for the browser's randomness, so the pictures repeat.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1])]

import screenshots  # noqa: E402  (the shared build-serve-shoot loop)
from playmat_page import STEP_TIMEOUT_MS, open_app  # noqa: E402

OUT, DESKTOP, PHONE = screenshots.OUT, screenshots.DESKTOP, screenshots.PHONE
# A deterministic crypto.getRandomValues for the sampler (the page's own code is unchanged).
FIXED_RANDOM = """() => { let s = 7; crypto.getRandomValues = (a) => { for (let i = 0; i < a.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0; a[i] = s; } return a; }; }"""


def route(page, hash_: str, wait: str) -> None:
    page.evaluate("h => { location.hash = h; }", hash_)
    page.wait_for_selector(wait, timeout=STEP_TIMEOUT_MS)


def take(url: str) -> list[Path]:
    written = []
    with screenshots.chromium() as browser:
        page = browser.new_page(viewport=DESKTOP, device_scale_factor=1)
        open_app(page, url, "speed=0&lang=en")
        route(page, "#cards", "#gallery-grid li")
        page.select_option("#gallery-form select[name=color]", "red")
        written.append(OUT / "cards-gallery.png")
        page.screenshot(path=str(written[-1]))
        route(page, "#card/EBP01-075", "#card-rulings")
        written.append(OUT / "card-page.png")
        page.screenshot(path=str(written[-1]), full_page=True)
        route(page, "#deck/shipped-etd01-red-blue", "#deck-rows .deck-row")
        page.evaluate(FIXED_RANDOM)
        for number in ("ETD02-001", "ETD02-001", "ETD01-002"):   # a third colour and a fifth copy
            page.fill("#pool-search", number)
            page.locator(f"#pool-grid .pool-item[data-number='{number}'] .pool-add").click()
        page.fill("#pool-search", "")
        page.click("#deck-draw")
        page.wait_for_selector(".deck-issue", timeout=STEP_TIMEOUT_MS)
        page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
        written.append(OUT / "deck-builder.png")
        page.screenshot(path=str(written[-1]))
        page.close()
        phone = browser.new_page(viewport=PHONE, device_scale_factor=1)
        open_app(phone, url, "speed=0&lang=en")
        route(phone, "#cards", "#gallery-grid li")
        phone.fill("#gallery-search", "nocturnal")
        written.append(OUT / "cards-phone.png")
        phone.screenshot(path=str(written[-1]))
    return written


def main() -> int:
    return screenshots.main(take)


if __name__ == "__main__":
    sys.exit(main())
