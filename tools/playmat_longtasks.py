"""Measure the page's main thread during a whole game against the computer, with card animations on.

    python3 tools/playmat_longtasks.py [--seed N] [--anim normal] [--games 1]

Builds dist/ if stale, serves it, plays complete games in Debian's Chromium by clicking (the same plain
strategy as the browser tests), and prints the long tasks (over 50 ms, the browser's own threshold) the
page's main thread had after the first board was drawn, measured with a PerformanceObserver('longtask').

Wall-clock durations include the time the operating system gave the CPU to other processes: on a loaded
machine (a shared CI box) a 10 ms task can last 150 ms. So the game is also traced (Chrome's
devtools.timeline) and the main thread's CPU time of every task is reported; the exit status is 1 when a
task used more than --limit ms of CPU (default 100), or, with --wall, lasted more than --limit ms.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
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


def cpu_tasks(trace_path: Path) -> list[float]:
    """The main thread CPU milliseconds of every task of the page's renderer in a Chrome trace."""
    events = json.loads(trace_path.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    mains = {(e["pid"], e["tid"]) for e in events
             if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"}
    tasks: dict[tuple, list[float]] = {}
    for event in events:
        if event.get("name") == "RunTask" and event.get("ph") == "X" and (event["pid"], event["tid"]) in mains:
            tasks.setdefault((event["pid"], event["tid"]), []).append(event.get("tdur", event.get("dur", 0)) / 1000)
    return max(tasks.values(), key=len, default=[])


def measure(url: str, seed: int, anim: str, computer: str) -> dict:
    """Play one game; return the long tasks after the first board (wall and CPU) and the game's length."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        settings = json.dumps({"animation": anim, "computer": computer})
        page.add_init_script(f"localStorage.setItem('pwtcg.settings', {json.dumps(settings)});" + OBSERVER)
        open_app(page, url, f"speed=1&anim={anim}")
        start_from_screen(page, mode="computer", seed=seed, first="0")
        trace = Path(tempfile.mkdtemp()) / "trace.json"
        browser.start_tracing(page=page, path=str(trace), categories=["devtools.timeline", "disabled-by-default-devtools.timeline"])
        started = time.monotonic()
        clicks = play_decisions(page, 800, preferred)
        seconds = time.monotonic() - started
        browser.stop_tracing()
        cpu = cpu_tasks(trace)
        result = page.evaluate("""() => {
            const board = performance.getEntriesByName('pwtcg:first-board')[0]?.startTime ?? 0;
            const after = window.__longtasks.filter(t => t.start >= board);
            return {tasks: after.map(t => Math.round(t.duration)), outcome: window.pwtcg.state().view.outcome,
                    updates: window.pwtcg.updates()};
        }""")
        browser.close()
    return {**result, "clicks": clicks, "seconds": round(seconds, 1), "cpu": sorted(cpu, reverse=True)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--anim", default="normal", choices=["off", "fast", "normal", "slow"])
    parser.add_argument("--computer", default="fast", choices=["fast", "normal", "slow"])
    parser.add_argument("--limit", type=float, default=100.0)
    parser.add_argument("--wall", action="store_true", help="judge by wall-clock time, not CPU time")
    args = parser.parse_args()
    if os.environ.get("PWTCG_USE_DIST") != "1" and dist_is_stale():
        build.build()
    server, url = build.serve_in_thread(build.DIST)
    worst_wall = 0.0
    worst_cpu = 0.0
    try:
        for game in range(args.games):
            result = measure(url, args.seed + game, args.anim, args.computer)
            tasks, cpu = result["tasks"], result["cpu"]
            worst_wall = max([worst_wall, *tasks])
            worst_cpu = max([worst_cpu, *cpu])
            print(f"game {game + 1} (seed {args.seed + game}): {result['clicks']} clicks, {result['updates']} states, "
                  f"{result['seconds']} s, outcome {result['outcome']}")
            print(f"  long tasks after the first board (wall clock): {len(tasks)}, max {max(tasks, default=0)} ms, "
                  f"over {args.limit:g} ms: {sum(t > args.limit for t in tasks)}")
            print(f"  main-thread tasks by CPU time: {len(cpu)}, max {max(cpu, default=0):.1f} ms, "
                  f"over 50 ms: {sum(t > 50 for t in cpu)}, over {args.limit:g} ms: {sum(t > args.limit for t in cpu)}; "
                  f"top five {[round(t, 1) for t in cpu[:5]]}")
    finally:
        server.shutdown()
    worst = worst_wall if args.wall else worst_cpu
    print(f"longest task after start-up: {worst_wall:.0f} ms wall clock, {worst_cpu:.1f} ms CPU "
          f"(limit {args.limit:g} ms {'wall' if args.wall else 'CPU'}); load average {os.getloadavg()[0]:.1f}")
    return 0 if worst <= args.limit else 1


if __name__ == "__main__":
    sys.exit(main())
