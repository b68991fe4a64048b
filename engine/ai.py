"""Computer players: a uniform random player and a heuristic bot that decide from ``view`` only."""
from __future__ import annotations

import random
from typing import Any

from .actions import Action


class RandomPlayer:
    """Chooses uniformly among the legal options (with a seeded generator of its own)."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: dict) -> Action:
        options = view["decision"]["options"]
        # 'end' only rarely so random games make progress instead of passing every turn
        if len(options) > 1 and "end" in options and self.rng.random() < 0.7:
            options = [o for o in options if o != "end"]
        return Action.parse(self.rng.choice(options))


def play_out(game: Any, players: list[Any], max_decisions: int = 20000) -> Any:
    """Drive a game to its end with one chooser per player, each seeing only its own view."""
    from .view import view

    n = 0
    while game.decision is not None:
        d = game.decision
        v = view(game, d.player, log_tail=0)
        game.apply(players[d.player].choose(v))
        n += 1
        if n > max_decisions:
            raise RuntimeError("game did not end")
    return game
