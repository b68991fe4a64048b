"""Measure seeking in the replay viewer: a whole-game link of a long game, opened in Chromium, sought at random.

    python tools/bench_seek.py                    # build dist/ if needed, then measure
    python tools/bench_seek.py --min-decisions 400 --seeks 30 --no-build

It plays random games until one has at least ``--min-decisions`` decisions, opens its link in the viewer
(``#watch/CODE``) and drags the timeline to random positions; each seek's time (the page's request to the
engine worker, the rewind there, and drawing the board) is read from the viewer's ``data-seek-ms``. It prints
the game's length and the median, 95th percentile and worst seek time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

import build  # noqa: E402
from engine import Game, links  # noqa: E402
from engine.bench import random_deck  # noqa: E402
from engine.clients.ai import RandomPlayer  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
TIMEOUT_MS = 20_000


def long_game(min_decisions: int) -> Game:
    """The first seeded random game with at least ``min_decisions`` decisions."""
    for seed in range(1, 10_000):
        rng = random.Random(seed)
        game = Game.new(random_deck(rng), random_deck(rng), seed, snapshots=False)
        players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
        while game.decision is not None:
            d = game.decision
            game.apply(players[d.player].choose({"decision": {"options": [a.text for a in d.options]}}))
        if len(game.choices) >= min_decisions:
            return game
    raise SystemExit(f"no game of {min_decisions} decisions found")


def measure(code: str, total: int, seeks: int, rng: random.Random) -> list[int]:
    """Open the link in the viewer and seek to random positions; the milliseconds of each seek."""
    server, url = build.serve_in_thread(build.DIST)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(f"{url}?speed=0#watch/{code}", timeout=TIMEOUT_MS)
            page.wait_for_function("document.getElementById('replay-screen')?.dataset.n", timeout=TIMEOUT_MS)
            screen = page.locator("#replay-screen")
            times, now = [], total
            for _ in range(seeks):
                target = rng.choice([n for n in range(total + 1) if n != now])
                page.evaluate("() => { document.getElementById('replay-screen').dataset.seekMs = ''; }")
                page.locator("#rp-timeline").fill(str(target))
                try:
                    page.wait_for_function(f"document.getElementById('replay-screen').dataset.n === '{target}'"
                                           " && document.getElementById('replay-screen').dataset.seekMs !== ''",
                                           timeout=TIMEOUT_MS)
                except Exception:
                    message = page.inner_text("#rp-position")
                    raise SystemExit(f"seek to {target} did not finish: {message}") from None
                times.append(int(screen.get_attribute("data-seek-ms")))
                now = target
            browser.close()
    finally:
        server.shutdown()
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--min-decisions", type=int, default=400)
    ap.add_argument("--seeks", type=int, default=30)
    ap.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = ap.parse_args()
    if not args.no_build:
        build.build()
    game = long_game(args.min_decisions)
    code = links.encode(game)
    times = sorted(measure(code, len(game.choices), args.seeks, random.Random(1)))
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    print(f"game of {len(game.choices)} decisions, link of {len(code)} characters")
    print(f"seek over {len(times)} random positions: median {statistics.median(times):.0f} ms, "
          f"p95 {p95} ms, worst {times[-1]} ms")


if __name__ == "__main__":
    main()
