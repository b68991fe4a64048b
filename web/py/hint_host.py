"""Hints for the page: the Strong level's move for the human's decision in a game against the computer.

The hint sees what the human sees (their view) and their own decklist, nothing else (engine.clients.hint).
"""

from __future__ import annotations

from typing import Any

from computer_player import STRONG_BUDGET
from playmat_host import request
from protocol import HostError, R
from state_json import kind_value, player_view

from engine.opponents import hint as strong_hint

MIN_BUDGET, MAX_BUDGET = 0.05, 5.0


@request(R.HINT)
def hint(host, argument: Any) -> dict:
    """``{"budget": seconds}`` (optional) -> the hinted action, the cards it names and a one-line reason."""
    game = host.require_game()
    decision = game.decision
    if host.setup.mode != "computer":
        raise HostError("hints are offered in games against the computer")
    if decision is None:
        raise HostError("the game is over")
    if decision.player != host.setup.human:
        raise HostError("it is not your decision")
    budget = STRONG_BUDGET
    if isinstance(argument, dict) and argument.get("budget") is not None:
        try:
            budget = float(argument["budget"])
        except (TypeError, ValueError):
            raise HostError("the hint's budget must be a number of seconds") from None
        if not MIN_BUDGET <= budget <= MAX_BUDGET:
            raise HostError(f"the hint's budget must be {MIN_BUDGET} to {MAX_BUDGET} seconds")
    deck = host.setup.decks[host.setup.human] if host.setup.scenario is None else None
    view = player_view(game, host.setup.human)
    out = strong_hint(view, deck=deck or None, budget_s=budget, seed=len(game.choices))
    out["kind"] = kind_value(decision.kind)
    return out
