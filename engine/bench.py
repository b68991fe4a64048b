"""Benchmark: random full games per second, the same workload under CPython and inside Pyodide."""
from __future__ import annotations

import random
import time

from .ai import RandomPlayer
from .game import Game


def run(games: int = 200, seed: int = 1) -> dict:
    """Play ``games`` seeded random games (decks drawn from the whole pool) and report the speed."""
    from .__main__ import random_deck

    rng = random.Random(seed)
    setups = []
    for _ in range(games):
        game_seed = rng.randrange(2**31)
        grng = random.Random(game_seed)
        setups.append((random_deck(grng), random_deck(grng), game_seed))
    t0 = time.perf_counter()
    decisions = 0
    for d0, d1, game_seed in setups:
        game = Game.new(d0, d1, game_seed, snapshots=False)
        players = [RandomPlayer(game_seed), RandomPlayer(game_seed + 1)]
        while game.decision is not None:
            # a random player needs only the legal options, so this measures the engine, not views
            d = game.decision
            game.apply(players[d.player].choose({"decision": {"options": [a.text for a in d.options]}}))
        decisions += len(game.choices)
    dt = time.perf_counter() - t0
    return {"games": games, "seconds": round(dt, 3), "games_per_s": round(games / dt, 1),
            "decisions_per_s": round(decisions / dt)}
