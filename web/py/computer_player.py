"""The computer opponent of the playmat: its levels, how it is made, and how long the page lets each answer take."""

from __future__ import annotations

from protocol import HostError

from engine import say
from engine.opponents import make_player, why
from engine.presentation.languages import LANGS

LEVELS = ("beginner", "normal", "strong")   # the computer's levels offered on the start screen
DEFAULT_LEVEL = "normal"
STRONG_BUDGET = 1.0   # Strong's seconds per decision in the browser (its time budget, checked as it searches)
# How long each of the computer's answers takes on the page, from public facts only (docs/hidden-information.md):
# Strong may search any decision of these public kinds, and whether it does, or for how long, depends on its
# hidden cards (an Interrupt in hand makes a quick step worth a search; a search of the redraw may stop early on
# a clear hand; a choice inside an effect, shown to the other player as "effect", is searched when it follows a
# searched decision of that turn), so every one of them takes its whole budget and a margin for the playout that
# overruns it; every other answer takes at least the floor.
STRONG_SEARCH_KINDS = ("main", "block", "quick", "redraw", "pal_limit", "effect")
STRONG_PACE_MS = round(STRONG_BUDGET * 1000) + 300
PACE_FLOOR_MS = 100


def computer_pace(level: str, decision: dict | None) -> dict:
    """How long the page lets the computer's pending answer take, from public facts only: its level and the
    kind of decision the viewer is shown (``view``'s decision of another player). ``search``: Strong may
    search it, so the pace holds even when the page's pauses are off (``?speed=0``)."""
    kind = (decision or {}).get("kind")
    search = level == "strong" and kind in STRONG_SEARCH_KINDS
    return {"ms": STRONG_PACE_MS if search else PACE_FLOOR_MS, "search": search}


def make_computer_player(seed: int, level: str = DEFAULT_LEVEL, deck: list[str] | None = None,
                         budget_s: float = STRONG_BUDGET):
    """The computer opponent at ``level`` (``engine.opponents.make_player``), seeded for repeatable games;
    Strong searches for ``budget_s`` seconds per decision and samples its own deck from ``deck``.

    Its ``choose(view)`` sees only the computer's own view of the game.
    """
    if level not in LEVELS:
        raise HostError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    return make_player(level, seed, budget_s, deck=deck)


def computer_why(computer, seen: dict, choice: str) -> dict:
    """Why the computer chose ``choice`` from its view ``seen`` (``engine.opponents.why``): the decision's
    kind and the line in each language. It tells nothing of either player's hidden cards."""
    line = why(computer, seen, choice)
    return {"kind": seen["decision"]["kind"], "key": line.key, "text": {lang: say(line, lang) for lang in LANGS}}
