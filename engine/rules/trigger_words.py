"""Trigger words: the moments automatic abilities wait for (On Deploy, On Attack, end of turn...), each with
the event kinds it reacts to, so events no trigger cares about skip the scan."""
from __future__ import annotations

from typing import Any

from ..model.abilities import SELF_TRIGGERS, TRIGGER_EVENTS, TRIGGERS, Ctx, matches
from ..model.game import GameLike
from ..model.state import Card


def _self(name: str, ev_key: str, kind: str) -> None:
    """Register a trigger on an event of one kind that names this card under ``ev_key``; the event matching
    checks it inline from ``SELF_TRIGGERS`` (the word's function says the same, for any other caller)."""
    TRIGGERS.add(name, lambda g, card, ab, ev: ev["kind"] == kind and ev.get(ev_key) == card.id)
    SELF_TRIGGERS[name] = (kind, ev_key)


_self("on_deploy", "card", "deploy")
_self("on_attack", "attacker", "attack")
_self("on_assign", "card", "assign")
_self("attacked", "card", "attacked")
_self("to_graveyard", "card", "to_graveyard")
_self("leave_base", "card", "leave_base")
TRIGGERS.add("attacks_structure", lambda g, card, ab, ev: ev["kind"] == "attack" and ev.get("attacker") == card.id
             and ev.get("target_type") == "structure")
TRIGGERS.add("battle_end", lambda g, card, ab, ev: ev["kind"] == "battle_end" and ev.get("attacker") == card.id)


def _end_of_turn(own_only: bool):
    def match(g: GameLike, card: Card, ab: Any, ev: dict) -> bool:
        if ev["kind"] != "end_of_turn" or (own_only and ev.get("player") != card.owner):
            return False
        key = (card.id, ab.index, ab.keyword or "", repr(ab.effect)[:40])
        if key in g.state.end_fired:
            return False
        g.state.end_fired.add(key)
        return True

    return match


TRIGGERS.add("end_of_your_turn", _end_of_turn(True))
TRIGGERS.add("end_of_turn", _end_of_turn(False))


def _ally_deployed(g: GameLike, card: Card, ab: Any, ev: dict) -> bool:
    if ev["kind"] != "deploy" or ev.get("player") != card.owner:
        return False
    new = g.state.in_base(ev["card"])
    return new is not None and matches(g, new, ab.trigger.get("filter"), Ctx(card.owner, card))


TRIGGERS.add("ally_deployed", _ally_deployed)


def _assigned_to(g: GameLike, card: Card, ab: Any, ev: dict) -> bool:
    if ev["kind"] != "assign" or ev.get("card") != card.id:
        return False
    structure = g.state.in_base(ev["structure"])
    return structure is not None and matches(g, structure, ab.trigger.get("filter"), Ctx(card.owner, card))


TRIGGERS.add("assigned_to", _assigned_to)


def _combat_opponent_to_graveyard(g: GameLike, card: Card, ab: Any, ev: dict) -> bool:
    """Breakthrough (12.14): while this card attacks, the Pal it is fighting goes to the graveyard."""
    b = g.state.battle
    return (ev["kind"] == "to_graveyard" and b is not None and b.attacker == card.id
            and ev.get("card") == b.opponent_pal)


def _self_to_graveyard_in_battle(g: GameLike, card: Card, ab: Any, ev: dict) -> bool:
    """Retaliate: this card is put into the graveyard during battle while it is a combat Pal (12.12)."""
    b = g.state.battle
    return (ev["kind"] == "to_graveyard" and b is not None and ev.get("card") == card.id
            and card.id in (b.attacker, b.opponent_pal))


TRIGGERS.add("combat_opponent_to_graveyard", _combat_opponent_to_graveyard)
TRIGGERS.add("to_graveyard_in_battle", _self_to_graveyard_in_battle)

TRIGGER_EVENTS.update({
    "on_deploy": frozenset({"deploy"}), "on_attack": frozenset({"attack"}), "on_assign": frozenset({"assign"}),
    "attacked": frozenset({"attacked"}), "to_graveyard": frozenset({"to_graveyard"}),
    "leave_base": frozenset({"leave_base"}), "attacks_structure": frozenset({"attack"}),
    "battle_end": frozenset({"battle_end"}), "end_of_your_turn": frozenset({"end_of_turn"}),
    "end_of_turn": frozenset({"end_of_turn"}), "ally_deployed": frozenset({"deploy"}),
    "assigned_to": frozenset({"assign"}), "combat_opponent_to_graveyard": frozenset({"to_graveyard"}),
    "to_graveyard_in_battle": frozenset({"to_graveyard"}),
})
