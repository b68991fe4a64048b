"""A game in progress as the rules see it, the type of the rules' ``g`` (``engine.rules.game.Game`` is one)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:   # a type only: the state imports the vocabulary, whose words take a game
    from .state import State


class GameLike(Protocol):
    """What rule code reads and changes of a game: its state (a battle also opens the game's quick step, so the
    rules that start one take ``engine.rules.game.Game`` itself)."""

    state: State
