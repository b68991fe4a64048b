"""Take the playmat screenshots in docs/screenshots/ (each laptop, desktop and phone size it must fit).

    python tests/browser/screenshots.py          # builds dist/ if needed, writes docs/screenshots/*.png

The board comes from a scenario (a mid-game position against the computer), so the pictures are the
same on every run of the same engine and card data.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1])]

from conftest import CHROMIUM, CHROMIUM_ARGS, dist_is_stale  # noqa: E402
from playmat_page import open_app, scenario_query, wait_for_human_turn  # noqa: E402

import build  # noqa: E402

OUT = HERE.parents[1] / "docs" / "screenshots"
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
# the playmat is shot at each size it must fit without scrolling: laptops, a large screen, a phone both ways
SIZES = {f"{w}x{h}": {"width": w, "height": h} for w, h in [(1366, 768), (1280, 720), (1920, 1080), (390, 844), (844, 390)]}


@contextmanager
def chromium() -> Iterator:
    """The Debian Chromium the browser tests use, closed afterwards; the docs folder made first."""
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()

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


# The computer (seat 1) attacks: shown in step mode, the toast and the battle banner up, the attacker highlighted.
BATTLE = {
    "seed": 4, "turn": 4, "turn_player": 1, "phase": "main",
    "players": [
        {"life": 6, "hand": ["ETD01-004", "EBP01-011", "ETD01-011"],
         "base": [{"card": "ETD01-001", "rested": True}, {"card": "ETD01-003", "rested": True}, "ETD01-008"],
         "souls": {"standing": 0, "rested": 5}},
        {"life": 5, "hand": ["ETD01-013", "ETD01-013"], "base": ["EBP01-038", "ETD01-013"],
         "souls": {"standing": 3, "rested": 2}},
    ],
}


def _playmat(page, url: str, lang: str = "en") -> None:
    open_app(page, url, scenario_query(MIDGAME, mode="computer") + f"&lang={lang}")
    assert wait_for_human_turn(page) == "decision"


def take(url: str) -> list[Path]:
    """Screenshot the playmat at each size, in Japanese, a battle and the card zoom; returns the files written."""
    written = []

    def shoot(page, name: str) -> None:
        path = OUT / f"playmat-{name}.png"
        page.mouse.move(0, 0)
        page.screenshot(path=str(path))
        written.append(path)

    with chromium() as browser:
        for name, viewport in SIZES.items():
            page = browser.new_page(viewport=viewport, device_scale_factor=1)
            _playmat(page, url)
            shoot(page, name)
            page.close()
        page = browser.new_page(viewport=LAPTOP, device_scale_factor=1)
        _playmat(page, url, "ja")
        shoot(page, "japanese")
        page.close()
        page = browser.new_page(viewport=LAPTOP, device_scale_factor=1)
        _playmat(page, url)
        page.locator("#side-bottom .hand .card").first.focus()
        page.keyboard.press("z")
        page.locator("#card-zoom .zoom-rules a.rule-link").first.wait_for()
        shoot(page, "zoom")
        page.close()
        page = browser.new_page(viewport=LAPTOP, device_scale_factor=1)
        page.add_init_script("localStorage.setItem('pwtcg.settings', JSON.stringify({computer: 'step', animation: 'off'}))")
        open_app(page, url, scenario_query(BATTLE, mode="computer").replace("speed=0", "speed=1"))
        for _ in range(12):
            page.wait_for_function("""() => !document.getElementById('computer-next').hidden
                || document.querySelector('#options button.option')""")
            human = not page.is_visible("#computer-next")
            if human and page.evaluate("window.pwtcg.state().view.battle"):
                break   # the computer attacks and the human decides: block or not
            before = page.evaluate("window.pwtcg.updates()")
            page.click("#options button.option >> nth=-1" if human else "#computer-next")
            page.wait_for_function("n => window.pwtcg.updates() > n", arg=before)
            if page.evaluate("window.pwtcg.state().view.battle") and page.is_visible("#toast"):
                break
        shoot(page, "battle")
        page.close()
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
