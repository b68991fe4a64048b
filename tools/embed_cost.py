"""What an embed costs the reader: bytes fetched and time until it is live, for a lesson, a puzzle and a replay.

    python3 tools/embed_cost.py            # builds nothing: run ``python3 build.py`` first
    python3 tools/embed_cost.py --dist DIR # another build, e.g. one whose embed starts the app's whole worker

Each embed is loaded in a fresh Chromium context (empty HTTP cache) with ``autostart=1`` and the bytes of every
response are added up: first until the still frame is drawn (no Python: a replay's comes from the snippet's
``still`` parameter, and the Python files the engine has already asked for by then are counted apart), then until
the engine is live. Beside them, what the app's whole worker would have fetched on top (the other host modules and the
QR code package), which is what an embed loaded before its worker was trimmed to its own kind.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import build  # noqa: E402
from engine import Game, links, view  # noqa: E402
from engine.clients.ai import best_bot  # noqa: E402
from engine.presentation.still_frame import still_frame  # noqa: E402

PYTHON = ("/pyodide/", "/pyscript/", ".py", ".whl")

CHROMIUM = "/usr/bin/chromium"
PLAYMAT = ("playmat_host", "computer_player", "game_setup", "state_json")   # every worker's dispatcher and its parts
ALL_HOSTS = (*PLAYMAT, "saves_host", "replays_host", "links_host", "decks_host", "lessons_host", "puzzles_host",
             "hint_host", "simulate_host")
OWN_HOSTS = {"lesson": (*PLAYMAT, "lessons_host"), "puzzle": (*PLAYMAT, "puzzles_host"),
             "watch": (*PLAYMAT, "saves_host", "replays_host")}


def a_replay_query(at: int = 40) -> str:
    """The query of a replay embed at decision ``at`` with its still frame, as the app's Share writes it."""
    import cards
    from engine.deck import parse_code

    decks = cards.decks()
    game = Game.new(parse_code(decks["bp01-red-green"]["code"]), parse_code(decks["bp01-blue-purple"]["code"]), 7)
    bots = [best_bot(7), best_bot(8)]
    while game.decision is not None:
        game.apply(bots[game.decision.player].choose(view(game, game.decision.player, log_tail=0)))
    code = links.with_moment(links.encode(game), mode="computer", human=0)
    return f"watch={code}&at={at}&still={still_frame(game.rewind(at), 0, len(game.choices), 'c0')}"


def extra_bytes(kind: str) -> int:
    """The bytes the app's whole worker adds for this kind: the other host modules and segno's wheel."""
    py = build.DIST / "py"
    hosts = sum((py / f"{h}.py").stat().st_size for h in ALL_HOSTS if h not in OWN_HOSTS[kind])
    wheel = sum(p.stat().st_size for p in (build.DIST / "pyodide").glob("segno-*.whl"))
    return hosts + wheel


def measure(browser, url: str, live: str) -> dict:
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    sizes: list[int] = []
    python: list[int] = []
    still_bytes = None

    def got(response) -> None:
        try:
            (python if any(p in response.url for p in PYTHON) else sizes).append(len(response.body()))
        except Exception:   # a redirect or an aborted request has no body
            pass
    context.on("response", got)
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_function("document.body.dataset.still === 'frame'" if "watch=" in url else
                           "document.body.dataset.embed === 'static' || document.body.dataset.embed === 'loading'")
    still_bytes = sum(sizes)
    page.wait_for_function(live, timeout=180_000)
    seconds = time.perf_counter() - start
    result = {"still": still_bytes, "live": sum(sizes) + sum(python), "seconds": seconds,
              "static_ms": page.evaluate("performance.getEntriesByName('pwtcg:embed-static')[0]?.startTime ?? null")}
    context.close()
    return result


def main() -> None:
    import argparse

    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=build.DIST)
    build.DIST = parser.parse_args().dist
    server, site = build.serve_in_thread(build.DIST)
    cases = [("lesson", "embed.html?lesson=damage-check&autostart=1", "document.body.dataset.embed === 'live'"),
             ("puzzle", "embed.html?puzzle=p01-burn-the-lucky&autostart=1", "document.body.dataset.embed === 'live'"),
             ("watch", f"embed.html?{a_replay_query()}", "document.body.dataset.n === '40'")]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            for kind, path, live in cases:
                r = measure(browser, site + path, live)
                # (Python files a replay's engine fetched meanwhile are not counted: the frame needs none)
                still = f"still frame {r['still'] / 1024:.0f} KiB ({r['static_ms']:.0f} ms), "
                print(f"{kind:>6}: {still}live {r['live'] / 1024:.0f} KiB in {r['seconds']:.1f} s; the app's whole "
                      f"worker would add {extra_bytes(kind) / 1024:.0f} KiB")
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
