"""The heuristic computer opponent: one class composed of a part per kind of decision."""
from __future__ import annotations

import random
from typing import Any

from ...model.actions import Action
from ...presentation.view import view
from .battle import Battle
from .choices import Choices
from .evaluation import _Seen
from .knowledge import (
    LIFE_POINT,
)
from .main_phase import MainPhase
from .picks import Picks


class HeuristicBot(MainPhase, Battle, Picks, Choices):
    """A bot that develops its base, attacks and blocks with purpose, and interrupts big hits (view only)."""

    name = "heuristic"
    exposure_big = 0.25     # share of a Pal's worth at risk when a bigger enemy Pal can hit it while it rests
    exposure_even = 0.12    # ... when an enemy Pal of equal power can trade with it
    life_point = LIFE_POINT

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._used: set = set()
        self._turn = None


    # --- entry point ----------------------------------------------------------------------------------------
    def choose(self, view: dict) -> Action:
        s = _Seen(view)
        options = s.options
        kind = s.d["kind"]
        handler = getattr(self, "_" + kind, None)
        pick = None
        if handler is not None:
            pick = handler(s)
        if pick not in options:
            pick = self._fallback(s)
        return Action.parse(pick)


    def _fallback(self, s: _Seen) -> str:
        for pref in ("pass", "done", "no", "end", "keep"):
            if pref in s.options:
                return pref
        return s.options[0]


    # --- setup ----------------------------------------------------------------------------------------------
    def _first(self, s: _Seen) -> str:
        self._used, self._turn = set(), None
        return "first"


    def _redraw(self, s: _Seen) -> str:
        self._used, self._turn = set(), None
        pals = [c for c in s.P["hand"] or () if c["type"] == "pal"]
        cheap = sum(1 for c in pals if c["cost"] <= 3)
        playable = sum(1 for c in pals if c["cost"] <= 5)
        return "keep" if cheap >= 1 and playable >= 2 else "redraw"



def best_bot(seed: int = 0) -> HeuristicBot:
    """The strongest computer opponent we ship (the UI uses this)."""
    return HeuristicBot(seed)


BEST_BOT = HeuristicBot


def play_out(game: Any, players: list[Any], max_decisions: int = 20000) -> Any:
    """Drive a game to its end with one chooser per player, each seeing only its own view."""
    n = 0
    while game.decision is not None:
        d = game.decision
        v = view(game, d.player, log_tail=0)
        game.apply(players[d.player].choose(v))
        n += 1
        if n > max_decisions:
            raise RuntimeError("game did not end")
    return game
