"""Is it better to go first or second? A level against Normal with the turn order forced, deck by deck.

    python tools/turn_order.py --games 2500 --seed 82 --jobs 2
    python tools/turn_order.py --level strong --playouts 48 --games 100 --seed 24601 --random-decks 4 --jobs 2

Deals ``--games`` seeded games (two different decks of the ladder's pool: the shipped decks and
``--random-decks`` random ones) and plays each deal twice, once with each player going first (the setup's
``first``, so no one chooses: 6.2.3). Player 1 is ``--level`` (Strong with ``--playouts`` per decision),
player 2 Normal. Prints how often player 1 won going first and going second, and the same for each deck it
played (for Normal against Normal, both players count). The figures Strong's choice of turn order rests on
(``StrongBot.turn_order``, docs/computer-levels.md).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cards  # noqa: E402
from engine.clients.ai import play_out  # noqa: E402
from engine.clients.ladder import deck_pool, wilson  # noqa: E402
from engine.clients.opponents import make_player  # noqa: E402
from engine.rules.game import Game  # noqa: E402

_POOL: list[list[str]] = []
_LEVEL: list = ["normal", None]      # player 1's level and Strong's playouts


def _init(random_decks: int, seed: int, level: str, playouts: int | None) -> None:
    _POOL[:] = deck_pool(random_decks, seed)
    _LEVEL[:] = [level, playouts]


def play(task: tuple[int, int, int, int]) -> tuple[int, int, int, int | None]:
    """One game of decks ``a`` (player 1, the level measured) and ``b`` (player 2, Normal), ``first`` going
    first: (a, b, first, winner)."""
    a, b, seed, first = task
    game = Game.new(_POOL[a], _POOL[b], seed=seed, snapshots=False, first=first)
    level, playouts = _LEVEL
    me = make_player(level, seed, None if playouts else 1.0, deck=_POOL[a], playouts=playouts)
    play_out(game, [me, make_player("normal", seed + 1)])
    return a, b, first, game.outcome.winner


def deals(games: int, decks: int, seed: int) -> list[tuple[int, int, int, int]]:
    """Each seeded deal twice: player 0 first, then player 1 first."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        a, b = rng.sample(range(decks), 2)
        s = rng.randrange(2**31)
        out += [(a, b, s, 0), (a, b, s, 1)]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1000, help="deals, each played from both turn orders")
    ap.add_argument("--seed", type=int, default=82)
    ap.add_argument("--random-decks", type=int, default=8)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--level", default="normal", choices=("beginner", "normal", "strong"),
                    help="player 1's level (player 2 is Normal)")
    ap.add_argument("--playouts", type=int, default=None, help="Strong's playouts per decision (else 1 s)")
    args = ap.parse_args(argv)
    init = (args.random_decks, args.seed, args.level, args.playouts)
    _init(*init)
    names = list(cards.decks()) + [f"random deck {k}" for k in range(args.random_decks)]
    tasks = deals(args.games, len(_POOL), args.seed)
    t0 = time.perf_counter()
    with ProcessPoolExecutor(args.jobs, initializer=_init, initargs=init) as ex:
        results = list(ex.map(play, tasks, chunksize=1 if args.level == "strong" else 50))
    by: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])   # wins first, games first, wins second, ...
    firsts = 0
    for a, b, first, winner in results:
        firsts += winner == first
        # Normal against Normal: both players count
        for deck, seat in ((a, 0), (b, 1)) if args.level == "normal" else ((a, 0),):
            row = by[names[deck]]
            k = 0 if first == seat else 2
            row[k] += winner == seat
            row[k + 1] += 1
    lo, hi = wilson(firsts, len(results))
    print(f"{len(results)} games in {time.perf_counter() - t0:.0f} s: the player going first won "
          f"{firsts / len(results):.1%} (95% interval {lo:.1%}-{hi:.1%})")
    w1, n1, w2, n2 = (sum(row[k] for row in by.values()) for k in range(4))
    if args.level != "normal":
        print(f"{args.level} won {w1 / n1:.1%} of {n1} going first, {w2 / n2:.1%} of {n2} going second")
    print(f"{'deck':28s} {'won going first':>16s} {'won going second':>17s} {'games':>6s}")
    for name in names:
        w1, n1, w2, n2 = by[name]
        if n1 and n2:
            print(f"{name:28s} {w1 / n1:16.1%} {w2 / n2:17.1%} {n1 + n2:6d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
