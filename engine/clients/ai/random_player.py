"""A uniform random player (the benchmark's and the self-play's)."""
from __future__ import annotations

import random

from ...model.actions import Action


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

    def choose_index(self, options: tuple[Action, ...]) -> int:
        """The index of the option ``choose`` would pick among these (the same draws of the generator)."""
        picks = range(len(options))
        if len(options) > 1 and self.rng_end(options):
            picks = [i for i, a in enumerate(options) if a.text != "end"]
        return self.rng.choice(picks)

    def rng_end(self, options: tuple[Action, ...]) -> bool:
        """Whether 'end' is among the options and this time it is left out (drawn as in ``choose``)."""
        return any(a.verb == "end" and not a.args for a in options) and self.rng.random() < 0.7
