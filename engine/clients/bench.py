"""Benchmark: random full games per second, the same workload under CPython and inside Pyodide."""
from __future__ import annotations

import collections
import random
import time

from ..model.carddb import CARDS
from ..rules.game import Game
from .ai import RandomPlayer

COLOURS = ("red", "blue", "green", "purple")


def random_deck(rng: random.Random) -> list[str]:
    """A legal 50-card deck drawn from the whole pool: two colours plus colourless, ≤4 per name, ≤8 Lucky."""
    colours = rng.sample(COLOURS, 2)
    pool = [d for d in CARDS.values() if d.color in (*colours, "colorless")]
    deck: list[str] = []
    names: collections.Counter = collections.Counter()
    lucky = 0
    while len(deck) < 50:
        d = rng.choice(pool)
        if names[d.full_name] >= 4 or (d.lucky and lucky >= 8):
            continue
        names[d.full_name] += 1
        lucky += d.lucky
        deck.append(d.number)
    return deck


def run(games: int = 200, seed: int = 1, snapshots: bool = False, by_index: bool = False) -> dict:
    """Play ``games`` seeded random games (decks drawn from the whole pool) and report the speed.

    ``snapshots`` keeps undo snapshots as the app does; ``by_index`` applies each choice by its index among
    the options (``Game.apply_index``) instead of by its text. Either way the games are the same."""
    rng = random.Random(seed)
    setups = []
    for _ in range(games):
        game_seed = rng.randrange(2**31)
        grng = random.Random(game_seed)
        setups.append((random_deck(grng), random_deck(grng), game_seed))
    t0 = time.perf_counter()
    decisions = 0
    for d0, d1, game_seed in setups:
        game = Game.new(d0, d1, game_seed, snapshots=snapshots)
        players = [RandomPlayer(game_seed), RandomPlayer(game_seed + 1)]
        while (d := game.decision) is not None:
            # a random player needs only the legal options, so this measures the engine, not views
            if by_index:
                game.apply_index(players[d.player].choose_index(d.options))
            else:
                game.apply(players[d.player].choose({"decision": {"options": [a.text for a in d.options]}}))
        decisions += len(game.choices)
    dt = time.perf_counter() - t0
    return {"games": games, "snapshots": snapshots, "by_index": by_index, "seconds": round(dt, 3), "games_per_s": round(games / dt, 1),
            "decisions_per_s": round(decisions / dt)}
