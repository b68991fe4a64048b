"""How a game ends: ``Outcome(winner, reason)`` and the documented reasons."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class OutcomeReason(StrEnum):
    """Why a game ended."""

    LIFE = "life"            # 11.3.1: the loser's life became 0 or less
    DECK_OUT = "deck_out"    # 11.3.2: the loser had 0 cards in their deck at a rule-action check
    BOTH_LOST = "both_lost"  # 1.2.2: both players met a losing condition at once; the game is a draw
    CONCEDE = "concede"      # 1.2.3: the loser conceded


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game; ``winner`` is None for a draw."""

    winner: int | None
    reason: OutcomeReason

    def to_dict(self) -> dict:
        return {"winner": self.winner, "reason": self.reason.value}


class GameOver(Exception):
    """Raised inside the flow when a rule action ends the game."""

    def __init__(self, outcome: Outcome):
        super().__init__(outcome.reason.value)
        self.outcome = outcome
