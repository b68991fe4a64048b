"""Take the screenshots of the mined puzzles in docs/screenshots/.

    python tests/browser/screenshots_puzzles.py    # builds dist/ if needed, writes docs/screenshots/puzzle-{list-filters,generated-solved}.png

The list is filtered to mined puzzles about Lucky Pals (rating, daily puzzle and streak showing); the generated
puzzle is the first mined win-this-turn puzzle with a Lucky theme, solved, with its generated explanation.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1])]

import screenshots  # noqa: E402  (the shared build-serve-shoot loop)
from playmat_page import STEP_TIMEOUT_MS, open_app  # noqa: E402
from test_puzzle_rating_web import PUZZLES, play, winning_moves  # noqa: E402

OUT, DESKTOP = screenshots.OUT, screenshots.DESKTOP


def take(url: str) -> list[Path]:
    written = []
    with screenshots.chromium() as browser:
        page = browser.new_page(viewport=DESKTOP, device_scale_factor=1)
        open_app(page, url, query="speed=0#puzzles")
        page.wait_for_selector("#puzzles-screen .lesson-item", timeout=STEP_TIMEOUT_MS)
        page.select_option("#puzzle-filter-source", "mined")
        page.select_option("#puzzle-filter-theme", "lucky")
        written.append(shot(page, "puzzle-list-filters"))
        pid = next(p.id for p in PUZZLES.values() if p.generated and "lucky" in p.themes and p.kind == "win-this-turn")
        page.evaluate("id => { location.hash = '#puzzle/' + id; }", pid)
        page.wait_for_function("id => window.pwtcgLearn?.puzzle?.()?.id === id", arg=pid, timeout=STEP_TIMEOUT_MS)
        for move in winning_moves(pid):
            play(page, move)
        page.evaluate("window.scrollTo(0, 0)")
        written.append(shot(page, "puzzle-generated-solved"))
        page.close()
    return written


def shot(page, name: str) -> Path:
    path = OUT / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


if __name__ == "__main__":
    sys.exit(screenshots.main(take))
