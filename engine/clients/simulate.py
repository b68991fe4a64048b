"""Deck testing by simulation: ``python -m engine simulate DECK_A DECK_B --games N --level normal``.

Plays N games between two decks (seats swapped every other game) with the computer at one level on both
sides and reports deck A's win rate with a 95% Wilson interval, the average game length, how games ended and
the cards whose play went with winning most. A deck is a shipped deck's id (``cards.decks()``), a deck code,
or a file holding a deck code. Optional extras (``pip install .[sim]`` / ``.[dask]``): a ``tqdm`` progress
bar, ``--plot FILE.png`` (matplotlib) and ``--scheduler tcp://HOST:PORT`` (a Dask cluster runs the games).
"""
from __future__ import annotations

import os
import random
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import cards

from ..model.carddb import CARDS
from ..model.limits import MAX_DECK_CODE_CHARS, excerpt
from ..persistence.inputs import BadDeck, check_input
from ..rules.deck import parse_code
from ..rules.game import Game
from .ai import play_out
from .args import BUDGET, GAMES, JOBS, SEED, Parser, one_line
from .ladder import wilson
from .opponents import PLAYERS, make_player

SIM_BUDGET = 0.05       # Strong's seconds per decision when simulating (the browser default is 1 s)


class SimError(ValueError):
    """A simulation cannot run on its input (unknown deck, bad option)."""


def resolve_deck(text: str) -> list[str]:
    """A deck from a shipped deck id, a deck code, or a file holding a deck code."""
    shipped = cards.decks()
    if text in shipped:
        return parse_code(shipped[text]["code"])
    code = text
    if os.path.isfile(text):
        with open(text, encoding="utf-8", errors="replace") as f:
            code = f.read(MAX_DECK_CODE_CHARS + 1).strip()
    try:
        return check_input(code, "deck")   # the one check of outside input
    except BadDeck as e:
        raise SimError(f"deck {excerpt(text)}: {e} (give a shipped deck: {', '.join(shipped)}; a deck code; or a "
                       "file with one)") from None


def play_one(task: tuple) -> dict:
    """One game: (deck_a, deck_b, a_seat, seed, level, budget) -> what happened, from deck A's side."""
    deck_a, deck_b, a_seat, seed, level, budget = task
    decks = (deck_a, deck_b) if a_seat == 0 else (deck_b, deck_a)
    game = Game.new(*decks, seed=seed, snapshots=False)
    play_out(game, [make_player(level, seed + i, budget, deck=decks[i]) for i in (0, 1)])
    played: list[set[str]] = [set(), set()]
    for e in game.state.log:
        if e.kind == "play" and e.data.get("player") in (0, 1):
            played[e.data["player"]].add(e.data["number"])
    w = game.outcome.winner
    return {"a_won": None if w is None else w == a_seat, "turns": game.state.turn,
            "reason": game.outcome.reason.value, "a_played": sorted(played[a_seat]),
            "b_played": sorted(played[1 - a_seat])}


def tasks_for(deck_a: list[str], deck_b: list[str], games: int, level: str, seed: int,
              budget: float) -> list[tuple]:
    rng = random.Random(seed)
    return [(deck_a, deck_b, k % 2, rng.randrange(2**31), level, budget) for k in range(games)]


def _bar(total: int, quiet: bool) -> Any:
    """A tqdm progress bar when tqdm is installed (the ``sim`` extra), else None."""
    if quiet:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, unit="game", file=sys.stderr)


def run(tasks: list[tuple], jobs: int = 1, scheduler: str | None = None, quiet: bool = True) -> list[dict]:
    """Play the games here (``jobs`` processes) or on a Dask cluster (``scheduler``: an address or a Client)."""
    bar = _bar(len(tasks), quiet)
    out = []
    try:
        if scheduler is not None:
            try:
                from distributed import Client, as_completed
            except ImportError:
                raise SimError("--scheduler needs dask[distributed] (pip install .[dask])") from None
            client = scheduler if isinstance(scheduler, Client) else Client(scheduler)
            futures = client.map(play_one, tasks, pure=False)
            for fut in as_completed(futures):
                out.append(fut.result())
                if bar is not None:
                    bar.update(1)
            if client is not scheduler:
                client.close()
        elif jobs <= 1:
            for t in tasks:
                out.append(play_one(t))
                if bar is not None:
                    bar.update(1)
        else:
            with ProcessPoolExecutor(jobs) as pool:
                for r in pool.map(play_one, tasks, chunksize=max(1, len(tasks) // (jobs * 8))):
                    out.append(r)
                    if bar is not None:
                        bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return out


def summarise(results: list[dict], min_games: int | None = None) -> dict:
    """Win rate with its interval, average length, endings, and the cards played most with winning."""
    n = len(results)
    points = sum(1.0 if r["a_won"] else 0.5 if r["a_won"] is None else 0.0 for r in results)
    lo, hi = wilson(points, n)
    seen: dict[tuple[str, str], list[float]] = {}
    for r in results:
        for side, won in (("A", r["a_won"]), ("B", None if r["a_won"] is None else not r["a_won"])):
            for number in r["a_played" if side == "A" else "b_played"]:
                cell = seen.setdefault((side, number), [0, 0.0])
                cell[0] += 1
                cell[1] += 1.0 if won else 0.5 if won is None else 0.0
    floor = min_games if min_games is not None else max(3, n // 10)
    base = {"A": points / n if n else 0.0, "B": 1 - points / n if n else 0.0}
    deciders = sorted(((s, num, g, w / g, w / g - base[s]) for (s, num), (g, w) in seen.items() if g >= floor),
                      key=lambda t: -t[4])[:5]
    return {"games": n, "a_win_rate": points / n if n else 0.0, "interval": (lo, hi),
            "avg_turns": sum(r["turns"] for r in results) / n if n else 0.0,
            "ended": dict(Counter(r["reason"] for r in results)),
            "deciders": [{"side": s, "card": num, "name": CARDS[num].full_name, "games": g,
                          "win_rate": round(rate, 3), "lift": round(lift, 3)} for s, num, g, rate, lift in deciders]}


def report(summary: dict, name_a: str, name_b: str) -> str:
    lo, hi = summary["interval"]
    lines = [f"{name_a} vs {name_b}: {summary['games']} games, {name_a} wins {summary['a_win_rate']:.1%} "
             f"(95% interval {lo:.1%}–{hi:.1%})",
             f"average length: {summary['avg_turns']:.1f} turns",
             "ended by: " + ", ".join(f"{k} {v}" for k, v in sorted(summary["ended"].items())),
             "cards played most with winning (deck, card, games played in, win rate when played):"]
    for d in summary["deciders"]:
        lines.append(f"  {d['side']} {d['card']} {d['name']}: {d['games']} games, {d['win_rate']:.0%}")
    return "\n".join(lines)


def plot(summary: dict, name_a: str, name_b: str, path: str) -> None:
    """A PNG of the result: the win rate with its interval, and how games ended (needs matplotlib)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise SimError("--plot needs matplotlib (pip install .[sim])") from None
    fig, (left, right) = plt.subplots(1, 2, figsize=(8, 3.2))
    rate = summary["a_win_rate"]
    lo, hi = summary["interval"]
    # a rate of 0 or 1 sits on its interval's end, which rounding may put a hair inside: never a negative bar
    below, above = max(0.0, rate - lo), max(0.0, hi - rate)
    left.bar([name_a, name_b], [rate, 1 - rate], yerr=[[below, above], [above, below]],
             color=["#c0504d", "#4f81bd"], capsize=6)
    left.set_ylim(0, 1)
    left.set_ylabel("win rate (95% interval)")
    ended = summary["ended"]
    right.bar(list(ended), list(ended.values()), color="#9bbb59")
    right.set_title(f"{summary['games']} games, {summary['avg_turns']:.1f} turns on average")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:

    ap = Parser(prog="python -m engine simulate", description=__doc__)
    ap.add_argument("deck_a")
    ap.add_argument("deck_b")
    ap.add_argument("--games", type=GAMES, default=100)
    ap.add_argument("--level", default="normal", choices=PLAYERS)
    ap.add_argument("--budget", type=BUDGET, default=SIM_BUDGET, help="Strong's seconds per decision")
    ap.add_argument("--jobs", type=JOBS, default=1)
    ap.add_argument("--seed", type=SEED, default=0)
    ap.add_argument("--plot", metavar="FILE.png")
    ap.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="run the games on this Dask cluster")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    args = ap.parse_args(argv)
    if args.jobs < 1 or not 0 < args.budget <= 60:
        ap.error("jobs must be at least 1 and budget in (0, 60] seconds")
    try:
        deck_a, deck_b = resolve_deck(args.deck_a), resolve_deck(args.deck_b)
        results = run(tasks_for(deck_a, deck_b, args.games, args.level, args.seed, args.budget), args.jobs,
                      args.scheduler, args.quiet)
        summary = summarise(results)
        print(report(summary, "A", "B"))
        if args.plot:
            plot(summary, "A", "B", args.plot)
            print(f"plot written to {args.plot}")
    except (SimError, OSError) as e:
        print(f"error: {one_line(str(e))}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
