"""Take the playmat screenshots in docs/screenshots/ (desktop and phone size).

    python tests/browser/screenshots.py          # builds dist/ if needed, writes docs/screenshots/*.png

The board comes from a scenario (a mid-game position against the computer), so the pictures are the
same on every run of the same engine and card data.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1])]

from conftest import CHROMIUM, CHROMIUM_ARGS, dist_is_stale  # noqa: E402
from playmat_page import open_app, scenario_query, wait_for_human_turn  # noqa: E402

import build  # noqa: E402

OUT = HERE.parents[1] / "docs" / "screenshots"
SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}

MIDGAME = {
    "seed": 4, "turn": 5, "turn_player": 0, "phase": "main", "night": True,
    "players": [
        {"life": 7, "hand": ["ETD01-004", "EBP01-011", "ETD01-011", "EBP01-017"],
         "base": ["ETD01-001", {"card": "EBP01-004", "rested": True}, "ETD01-003", "ETD01-008"],
         "graveyard": ["ETD01-013", "EBP01-014"], "souls": {"standing": 4, "rested": 2}, "material": 3},
        {"life": 5, "hand": ["ETD01-013", "ETD01-013", "ETD01-013"],
         "base": [{"card": "EBP01-034", "rested": True, "damage": 100}, "EBP01-038", "ETD01-019"],
         "graveyard": ["ETD01-022"], "exile": ["EBP01-035"], "souls": {"standing": 0, "rested": 6},
         "ingredient": 2},
    ],
}


def take(url: str) -> list[Path]:
    """Screenshot the mid-game playmat at each size; returns the files written."""
    OUT.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, viewport in SIZES.items():
            page = browser.new_page(viewport=viewport, device_scale_factor=1)
            open_app(page, url, scenario_query(MIDGAME, mode="computer"))
            assert wait_for_human_turn(page) == "decision"
            if name == "desktop":
                page.locator("#side-bottom .base .card").first.hover()  # fills the card-detail panel
            else:
                page.evaluate("document.querySelector('#side-top .side-head').scrollIntoView()")  # the mat, not the hand backs
            path = OUT / f"playmat-{name}.png"
            page.screenshot(path=str(path))
            written.append(path)
            page.close()
        browser.close()
    return written


def main(shots=None) -> int:
    """Build dist/ if stale, serve it and write the screenshots ``shots(url)`` takes (default: the playmat's)."""
    if os.environ.get("PWTCG_USE_DIST") != "1" and dist_is_stale():
        build.build()
    server, url = build.serve_in_thread(build.DIST)
    try:
        for path in (shots or take)(url):
            print(f"wrote {path.relative_to(HERE.parents[1])}")
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
