"""Link sizes over computer-vs-computer games: median and 95th percentile characters of ``engine.links`` codes.

    python3 tools/link_sizes.py --games 200 --seed 1

Half the games use random legal decks (``engine.bench.random_deck``), half pairs of shipped decks; both
players are the engine's computer player (``engine.clients.ai.best_bot``). Every link is decoded again and must give
the same final state. Also measured: the same links as the app shares them from the viewer (the decision on
screen, here a random one, and who played: ``.a44.c0``), and position links (the game up to a random decision,
to play it: ``.c0.p``), each read back through ``read_moment``.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Game, links, view  # noqa: E402
from engine.bench import random_deck  # noqa: E402
from engine.clients.ai import best_bot  # noqa: E402
from engine.replay import state_hash  # noqa: E402


def play(seed: int, shipped: bool) -> Game:
    """One computer-vs-computer game with seeded decks (random, or two shipped decks)."""
    import cards
    from engine.deck import parse_code

    rng = random.Random(seed)
    if shipped:
        decks = cards.decks()
        ids = sorted(decks)
        d0, d1 = (parse_code(decks[rng.choice(ids)]["code"]) for _ in range(2))
    else:
        d0, d1 = random_deck(rng), random_deck(rng)
    game = Game.new(d0, d1, seed)
    bots = [best_bot(seed), best_bot(seed + 1)]
    while game.decision is not None:
        game.apply(bots[game.decision.player].choose(view(game, game.decision.player, log_tail=0)))
    return game


def percentile(values: list[int], p: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    sizes: dict[str, list[int]] = {"random decks": [], "shipped decks": []}
    moments: dict[str, list[int]] = {"at a decision": [], "position": []}
    decisions = []
    t0 = time.perf_counter()
    for i in range(args.games):
        shipped = i % 2 == 1
        game = play(rng.randrange(2**31), shipped)
        code = links.encode(game)
        if state_hash(links.decode(code).game) != state_hash(game):
            raise SystemExit(f"game {i}: the link does not replay to the same state")
        sizes["shipped decks" if shipped else "random decks"].append(len(code))
        decisions.append(len(game.choices))
        at = rng.randrange(len(game.choices) + 1)
        shared = links.with_moment(code, at=at, mode="computer", human=0)
        position = links.with_moment(links.encode(game.rewind(min(at, len(game.choices) - 1))), mode="computer",
                                     human=0, play=True)
        if links.read_moment(shared).at != at or not links.read_moment(position).play:
            raise SystemExit(f"game {i}: a moment link does not read back")
        moments["at a decision"].append(len(shared))
        moments["position"].append(len(position))
    every = [n for v in sizes.values() for n in v]
    print(f"{args.games} computer-vs-computer games in {time.perf_counter() - t0:.0f} s, "
          f"median {statistics.median(decisions):.0f} decisions (max {max(decisions)})")
    for name, values in [("all games", every), *sizes.items(), *moments.items()]:
        print(f"{name:>14}: {len(values):4d} links, median {statistics.median(values):.0f} characters, "
              f"p95 {percentile(values, 95)}, max {max(values)}")


if __name__ == "__main__":
    main()
