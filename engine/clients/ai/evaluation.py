"""How much cards and life are worth, and the view indexed for the heuristics."""
from __future__ import annotations

from functools import cache
from typing import Any

from .knowledge import GOOD_KEYWORDS, LIFE_POINT, STRIKE_WORTH, card_profile


# --- values -----------------------------------------------------------------------------------------------------
def pal_value(c: dict) -> float:
    """How much a Pal is worth on the board: Power, Strike and keywords."""
    power = c.get("power") or 0
    strike = c.get("strike") or 0
    shown = c.get("keywords")
    if shown:
        kws = set(shown)
        kws.update(card_profile(c["number"])["keywords"])
        good = _good(kws)
    else:
        good = _profile_good(c["number"])
    # conditionals, not max(): a builtin call costs several times more in WebAssembly
    return ((power if power > 0 else 0) + STRIKE_WORTH * (strike if strike > 0 else 0) + good
            + 20 * (c.get("cost") or 0))


def _good(kws: set | frozenset) -> int:
    good = 0
    for k in kws:       # a loop, not sum() over a generator: generators are several times dearer in WebAssembly
        good += GOOD_KEYWORDS.get(k, 50)
    return good


@cache
def _profile_good(number: str) -> int:
    """``_good`` of a card's own keywords (cached: card data never changes)."""
    return _good(card_profile(number)["keywords"])


def card_value(c: dict) -> float:
    """A rough worth of any card (for picking, discarding, destroying)."""
    t = c.get("type")
    if t == "pal":
        return pal_value(c)
    prof = card_profile(c["number"])
    if t == "structure":
        return (250 + 120 * (c.get("cost") or 0)) if prof["has_abilities"] else 120
    if prof["has_abilities"]:
        return 150 + 120 * (c.get("cost") or 0)
    return 40


def life_point_worth(life: int) -> float:
    return LIFE_POINT * (1 + 3 / max(life, 1))


def hp(c: dict) -> int:
    """Damage a Pal or structure can still take this turn before it is destroyed."""
    return (c.get("power") or 0) - (c.get("damage") or 0)


class _Seen:
    """The view, indexed for the heuristics."""

    def __init__(self, view: dict):
        self.view = view
        self.me = view["you"]
        self.opp = 1 - self.me
        self.P = view["players"][self.me]
        self.O = view["players"][self.opp]
        self.d = view["decision"]
        self.options: list[str] = list(self.d["options"])
        self.owner: dict[int, int] = {}
        self.zone: dict[int, str] = {}
        self.cards: dict[int, dict] = {}
        for i, p in enumerate(view["players"]):
            for z in ("base", "hand", "graveyard", "exile", "resolution"):
                for c in p.get(z) or ():
                    self.cards[c["id"]] = c
                    self.owner[c["id"]] = i
                    self.zone[c["id"]] = z
        self.my_pals = [c for c in self.P["base"] if c["type"] == "pal"]
        self.opp_pals = [c for c in self.O["base"] if c["type"] == "pal"]

    def card(self, cid: Any) -> dict | None:
        try:
            return self.cards.get(int(cid))
        except (TypeError, ValueError):
            return None
