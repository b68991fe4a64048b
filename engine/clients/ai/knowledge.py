"""What the public card list says about a card, summarised for the computer player (from ability data)."""
from __future__ import annotations

from functools import cache
from typing import Any

from ...model.carddb import CARDS

LIFE_POINT = 260          # what one point of the opponent's life is worth, in Power-like units

STRIKE_WORTH = 300        # a Pal's Strike, in the same units

PAL_LIMIT = 5
INTERRUPT_LOSS = 900      # the least loss of an attack worth an Interrupt (``Battle._quick``)

SOULDRAW_COST = 3

HARM = {"damage", "rest", "to_graveyard", "exile", "skip_next_stand", "cannot_stand", "to_deck_top", "discard",
        "butcher", "retaliate", "nullify_attack"}

HELP = {"stand", "grant", "deploy", "to_hand", "draw", "gain", "gain_life", "add_soul", "stand_souls"}

GOOD_KEYWORDS = {"brave": 150, "serious": 100, "vigilance": 250, "breakthrough": 200, "retaliate": 250,
                 "taunt": 100, "stealth": 250, "assault": 250, "nocturnal": 100, "interrupt": 0}



# --- what the public card list says about a card ---------------------------------------------------------------
def _defn(number: str | None) -> Any:
    if not number:
        return None
    try:
        return CARDS[number]
    except KeyError:
        return None


def _walk(steps: Any) -> Any:
    """Every step of an effect, nested ones (may / if / modes / repeat) included."""
    for s in steps or ():
        if not isinstance(s, dict):
            continue
        yield s
        for key in ("steps", "then", "else"):
            yield from _walk(s.get(key))
        for mode in s.get("modes", ()) or ():
            yield from _walk(mode)


@cache
def card_profile(number: str) -> dict:
    """What a card's abilities do, summarised for heuristics (cached: card data never changes in a game)."""
    d = _defn(number)
    return _profile(d.abilities if d is not None else ())


@cache
def ability_profile(number: str, index: int) -> dict:
    """What one ability of a card does: a card whose abilities both harm and help (a weapon that deals damage
    when played and boosts a Pal when used) is judged by the ability resolving now, not by the whole card."""
    ab = ability_of(number, index)
    return _profile((ab,) if ab is not None else ()) if ab is not None else card_profile(number)


def _profile(abilities: Any) -> dict:
    out = {"harm": False, "help": False, "verbs": frozenset(), "keywords": frozenset(), "damage": 0,
           "nullify": False, "has_abilities": False, "quick": False, "draw": 0}
    verbs: set[str] = set()
    kws: set[str] = set()
    for ab in abilities:
        out["has_abilities"] = True
        if ab.keyword:
            kws.add(ab.keyword)
        if ab.kind == "play" and ab.quick:
            out["quick"] = True
        if ab.kind == "cont":
            for s in ab.effect:
                if s.get("do") in ("power", "strike") and isinstance(s.get("amount"), int):
                    out["help"] = out["help"] or s["amount"] > 0
            continue
        for s in _walk(ab.effect):
            v = s.get("do", "")
            verbs.add(v)
            if v == "damage" and isinstance(s.get("amount"), int):
                out["damage"] = max(out["damage"], s["amount"])
            if v in ("power", "strike") and isinstance(s.get("amount"), int):
                if s["amount"] < 0:
                    out["harm"] = True
                else:
                    out["help"] = True
            if v == "draw" and isinstance(s.get("count", 1), int):
                out["draw"] += s.get("count", 1)
    out["verbs"] = frozenset(verbs)
    out["keywords"] = frozenset(kws)
    out["harm"] = out["harm"] or bool(verbs & HARM)
    out["help"] = out["help"] or bool(verbs & HELP)
    out["nullify"] = "nullify_attack" in verbs
    return out


def ability_of(number: str, index: int) -> Any:
    d = _defn(number)
    if d is None or index >= len(d.abilities):
        return None
    return d.abilities[index]


def _arrival_effects(number: str | None) -> list[list[dict]]:
    """The steps of each ability of a card that resolves as it comes: played (an event) or deployed (its "when
    deployed" abilities)."""
    d = _defn(number)
    return [list(ab.effect) for ab in (d.abilities if d is not None else ())
            if ab.kind == "play" or ab.kind == "auto" and (ab.trigger or {}).get("on") == "on_deploy"]


_PICKS = {"type", "cost_max", "cost_min"}   # the filter keys ``removal`` understands


@cache
def removal(number: str | None) -> tuple[tuple[tuple[bool, int, int, int | None], ...], ...]:
    """What a card destroys as it is played (an event) or deployed (its "when deployed" abilities): for each
    such ability, its choices (one per mode), each a tuple of picks of the opponent's Pals, and a pick is (all
    of them or one, the least and the most cost it may pick, the damage dealt, or None when the Pal goes
    outright: to the graveyard or exile). Picks with filters beyond type and cost are left out."""
    out = []
    for steps in _arrival_effects(number):
        modes = steps[0]["modes"] if len(steps) == 1 and steps[0].get("do") == "modes" else [steps]
        choices = tuple(picks for picks in (_removal_picks(list(m)) for m in modes) if picks)
        if choices:
            out.append(choices)
    return tuple(out)


def _removal_picks(steps: list) -> tuple[tuple[bool, int, int, int | None], ...]:
    """The picks of ``removal`` in one list of steps: a choice of Pals followed by damage or a removal."""
    picks = []
    for pick, then in zip(steps, steps[1:], strict=False):
        f = pick.get("filter") or {}
        if (pick.get("do") != "choose" or pick.get("zone") or pick.get("side") not in (None, "opponent")
                or f.get("type") != "pal" or set(f) - _PICKS):
            continue
        if then.get("do") == "damage" and isinstance(then.get("amount"), int):
            picks.append((bool(pick.get("all")), f.get("cost_min", 0), f.get("cost_max", 99), then["amount"]))
        elif then.get("do") in ("to_graveyard", "exile"):
            picks.append((bool(pick.get("all")), f.get("cost_min", 0), f.get("cost_max", 99), None))
    return tuple(picks)


_REVIVES = {"type", "cost_max", "cost_min", "main_name"}   # the filter keys ``revival`` understands


@cache
def revival(number: str | None) -> tuple[tuple[str, int, int, str | None], ...]:
    """The Pals a card puts into play from its owner's hand or graveyard as it is played (an event) or deployed
    (its "when deployed" abilities), as picks: (the zone, the least and the most cost it may pick, the main name
    it must have or None). Picks with other filters are left out."""
    out = []
    for steps in _arrival_effects(number):
        for pick, then in zip(steps, steps[1:], strict=False):
            f = pick.get("filter") or {}
            if (pick.get("do") == "choose" and pick.get("zone") in ("hand", "graveyard") and pick.get("side") == "own"
                    and then.get("do") == "deploy" and f.get("type") == "pal" and not set(f) - _REVIVES
                    and isinstance(f.get("cost_max", 99), int) and isinstance(f.get("cost_min", 0), int)):
                out.append((pick["zone"], f.get("cost_min", 0), f.get("cost_max", 99), f.get("main_name")))
    return tuple(out)


@cache
def attack_bonus(number: str | None) -> tuple[int, int]:
    """(Power, Strike) a Pal gains as it attacks, by its own "when this attacks" abilities (Brave and the
    like), so the attack can be judged at the size it will fight at."""
    d = _defn(number)
    power = strike = 0
    for ab in d.abilities if d is not None else ():
        if ab.kind != "auto" or (ab.trigger or {}).get("on") != "on_attack" or ab.condition:
            continue
        for s in ab.effect:
            if s.get("do") == "power" and isinstance(s.get("amount"), int) and s.get("target") == "self":
                power += max(s["amount"], 0)
            elif s.get("do") == "boost":
                power += max(s.get("power") or 0, 0) if isinstance(s.get("power"), int) else 0
                strike += max(s.get("strike") or 0, 0) if isinstance(s.get("strike"), int) else 0
    return power, strike
