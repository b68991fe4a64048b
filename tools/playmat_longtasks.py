"""Measure the page's main thread during a whole game against the computer, with card animations on.

    python3 tools/playmat_longtasks.py [--seed N] [--anim normal] [--games 1]

Builds dist/ if stale, serves it, plays complete games in Debian's Chromium by clicking (the same plain
strategy as the browser tests), and prints the long tasks (over 50 ms, the browser's own threshold) the
page's main thread had after the first board was drawn, measured with a PerformanceObserver('longtask').
Exit status 1 when any task took more than --limit ms (default 100).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT)]

from conftest import CHROMIUM, CHROMIUM_ARGS, dist_is_stale  # noqa: E402
from playmat_page import open_app, play_decisions, start_from_screen  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402

OBSERVER = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longtasks.push({start: entry.startTime, duration: entry.duration});
}).observe({type: 'longtask', buffered: true});
"""


def preferred(choices: list[str]) -> str:
    """Develop the board, attack the player, skip optional steps (as tests/browser/test_play.py does)."""
    for prefix in ("keep", "first", "play ", "attack ", "pick ", "yes", "mode ", "x ", "done", "pass", "end"):
        for choice in choices:
            if choice.startswith(prefix) and " cost " not in choice:
                return choice
    return choices[0]


def measure(url: str, seed: int, anim: str, computer: str) -> dict:
    """Play one game; return the long tasks after the first board and the game's length."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        settings = json.dumps({"animation": anim, "computer": computer})
        page.add_init_script(f"localStorage.setItem('pwtcg.settings', {json.dumps(settings)});" + OBSERVER)
        open_app(page, url, f"speed=1&anim={anim}")
        start_from_screen(page, mode="computer", seed=seed, first="0")
        started = time.monotonic()
        clicks = play_decisions(page, 800, preferred)
        seconds = time.monotonic() - started
        result = page.evaluate("""() => {
            const board = performance.getEntriesByName('pwtcg:first-board')[0]?.startTime ?? 0;
            const after = window.__longtasks.filter(t => t.start >= board);
            return {tasks: after.map(t => Math.round(t.duration)), outcome: window.pwtcg.state().view.outcome,
                    updates: window.pwtcg.updates()};
        }""")
        browser.close()
    return {**result, "clicks": clicks, "seconds": round(seconds, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--anim", default="normal", choices=["off", "fast", "normal", "slow"])
    parser.add_argument("--computer", default="fast", choices=["fast", "normal", "slow"])
    parser.add_argument("--limit", type=float, default=100.0)
    args = parser.parse_args()
    if os.environ.get("PWTCG_USE_DIST") != "1" and dist_is_stale():
        build.build()
    server, url = build.serve_in_thread(build.DIST)
    worst = 0
    try:
        for game in range(args.games):
            result = measure(url, args.seed + game, args.anim, args.computer)
            tasks = result["tasks"]
            worst = max([worst, *tasks])
            print(f"game {game + 1} (seed {args.seed + game}): {result['clicks']} clicks, {result['updates']} states, "
                  f"{result['seconds']} s, outcome {result['outcome']}; long tasks after the first board: "
                  f"{len(tasks)} (max {max(tasks, default=0)} ms, over {args.limit:g} ms: "
                  f"{sum(t > args.limit for t in tasks)})")
    finally:
        server.shutdown()
    print(f"longest task after start-up: {worst} ms (limit {args.limit:g} ms)")
    return 0 if worst <= args.limit else 1


if __name__ == "__main__":
    sys.exit(main())
