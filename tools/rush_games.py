"""Normal against rush, game by game: the win rate by seat, deck and length, and the log of a lost game.

    python tools/rush_games.py --games 1000 --seed 101            # summary of Normal's losses, decision times
    python tools/rush_games.py --games 1000 --seed 101 --show 3   # the log of the 4th lost game
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cards  # noqa: E402
from engine.clients.ladder import _player, deck_pool, schedule  # noqa: E402
from engine.presentation.narrate import narrate  # noqa: E402
from engine.presentation.view import view  # noqa: E402
from engine.rules.game import Game  # noqa: E402


def deck_names(random_decks: int) -> list[str]:
    """A short name per deck of the ladder's pool (shipped by name, random ones by number)."""
    names = list(cards.decks())
    return names + [f"random{k}" for k in range(random_decks)]


def play(task: tuple, times: list[float]) -> tuple[Game, int]:
    """The game of one ladder task, and Normal's seat; the CPU seconds of each of Normal's decisions are added
    to ``times``."""
    name0, name1, deck0, deck1, seed, budget = task
    game = Game.new(deck0, deck1, seed=seed, snapshots=False)
    players = [_player(name0, seed, budget, deck0), _player(name1, seed + 1, budget, deck1)]
    seat = (name0, name1).index("normal")
    while game.decision is not None:
        d = game.decision
        v = view(game, d.player, log_tail=0)
        t0 = time.process_time()
        action = players[d.player].choose(v)
        if d.player == seat:
            times.append(time.process_time() - t0)
        game.apply(action)
    return game, seat


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=101)
    ap.add_argument("--random-decks", type=int, default=4)
    ap.add_argument("--show", type=int, default=None, help="print the log of this lost game (0 = the first)")
    args = ap.parse_args(argv)
    pool = deck_pool(args.random_decks, args.seed)
    names = deck_names(args.random_decks)
    codes = [tuple(d) for d in pool]
    tasks = schedule(["normal", "rush"], args.games, pool, args.seed, 0.05)
    lost: list[tuple[int, Game, int]] = []
    by = {k: Counter() for k in ("seat", "normal's deck", "rush's deck", "turns", "reason", "my_life")}
    wins = 0
    times: list[float] = []
    for k, t in enumerate(tasks):
        game, seat = play(t, times)
        won = game.outcome.winner == seat
        wins += won
        mine, theirs = names[codes.index(tuple(t[2 + seat]))], names[codes.index(tuple(t[3 - seat]))]
        for key, val in (("seat", seat), ("normal's deck", mine), ("rush's deck", theirs),
                         ("turns", min(game.state.turn, 16))):
            by[key][(val, won)] += 1
        if not won:
            by["reason"][game.outcome.reason.value] += 1
            by["my_life"][game.state.players[1 - seat].life] += 1
            lost.append((k, game, seat))
            if args.show is not None and len(lost) == args.show + 1:
                show(game, seat, t)
                return 0
    print(f"normal won {wins}/{len(tasks)} = {wins / len(tasks):.1%}")
    for key in ("seat", "normal's deck", "rush's deck", "turns"):
        vals = sorted({v for v, _ in by[key]}, key=str)
        print(f"by {key}: " + "; ".join(
            f"{v}: {by[key][(v, True)] / max(1, by[key][(v, True)] + by[key][(v, False)]):.0%} of "
            f"{by[key][(v, True)] + by[key][(v, False)]}" for v in vals))
    times.sort()
    print(f"Normal's decisions: {len(times)}, CPU time median {1000 * times[len(times) // 2]:.2f} ms, "
          f"p95 {1000 * times[int(0.95 * (len(times) - 1))]:.2f} ms")
    print("losses ended by:", dict(by["reason"]), " rush's life left:", dict(sorted(by["my_life"].items())))
    return 0


def show(game: Game, seat: int, task: tuple) -> None:
    print(f"game seed {task[4]}; normal is player {seat + 1}")
    for e in game.state.log:
        line = narrate(e, "en", ["normal", "rush"] if seat == 0 else ["rush", "normal"])
        if line:
            print(line)


if __name__ == "__main__":
    raise SystemExit(main())
