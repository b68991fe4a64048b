"""The computer opponents by name: the three levels and the reference bots, made by ``make_player``."""
from __future__ import annotations

from typing import Any

from .ai import HeuristicBot, RandomPlayer
from .levels import LEVELS, BeginnerBot, NormalBot, RushBot
from .search import StrongBot


def make_player(level: str, seed: int = 0, budget_s: float | None = 1.0, *, deck: list[str] | None = None,
                playouts: int | None = None) -> Any:
    """A computer player of a level (``beginner``, ``normal``, ``strong``) or a reference bot (``random``,
    ``rush``, ``heuristic`` = the previous Normal). ``budget_s``: Strong's thinking time per decision (1 s in
    the browser); ``playouts``: a fixed number of playouts instead (deterministic, for tests); ``deck``: the
    player's own decklist, which Strong uses to sample its deck."""
    if level == "beginner":
        return BeginnerBot(seed)
    if level == "normal":
        return NormalBot(seed)
    if level == "strong":
        return StrongBot(seed, budget_s=budget_s, playouts=playouts, deck=deck)
    if level == "random":
        return RandomPlayer(seed)
    if level == "rush":
        return RushBot(seed)
    if level == "heuristic":
        return HeuristicBot(seed)
    raise ValueError(f"unknown level {level!r}: expected one of beginner, normal, strong, random, rush, heuristic")


PLAYERS = (*LEVELS, "random", "rush", "heuristic")
