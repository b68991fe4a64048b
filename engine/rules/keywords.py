"""Keyword abilities (12): each keyword expands into ordinary ability data of the vocabulary."""
from __future__ import annotations

from typing import Any

from ..model.abilities import VERBS, Ctx, keyword
from ..model.game import GameLike
from .zones import move


@keyword("brave")
def kw_brave(v: int) -> dict:
    """12.6: On Attack, this card gets Power+N until end of turn."""
    return {"kind": "auto", "trigger": "on_attack", "effect": [{"do": "power", "amount": v, "target": "self"}]}


@keyword("serious")
def kw_serious(v: int) -> dict:
    """12.7: On Assign, choose 1 Pal; it gets Power+N until end of turn."""
    return {"kind": "auto", "trigger": "on_assign",
            "effect": [{"do": "choose", "filter": {"type": "pal"}}, {"do": "power", "amount": v}]}


@keyword("vigilance")
def kw_vigilance(v: Any) -> dict:
    """12.9: at the end of your turn, stand this card."""
    return {"kind": "auto", "trigger": "end_of_your_turn", "effect": [{"do": "stand", "target": "self"}]}


@keyword("breakthrough")
def kw_breakthrough(v: Any) -> dict:
    """12.14: when the battle opponent Pal goes to the graveyard during this card's attack, strike damage to its master."""
    return {"kind": "auto", "trigger": "combat_opponent_to_graveyard",
            "effect": [{"do": "player_damage", "amount": {"of": "source_strike"}}]}


@keyword("retaliate")
def kw_retaliate(v: Any) -> dict:
    """12.12: when this card goes to the graveyard during battle, put the battle opponent Pal into the graveyard."""
    return {"kind": "auto", "trigger": "to_graveyard_in_battle", "effect": [{"do": "retaliate"}]}


@VERBS.register("retaliate")
def v_retaliate(g: GameLike, ctx: Ctx, s: dict) -> None:
    b = g.state.battle
    if b is None:
        return
    other = b.opponent_pal if ctx.source.id == b.attacker else b.attacker
    card = g.state.in_base(other) if other is not None else None
    if card is not None:
        move(g, card, "graveyard", cause="retaliate", by=ctx.controller)


@keyword("interrupt")
def kw_interrupt(v: Any) -> dict:
    """12.8: from hand, Quick: [(1), discard this card] or [discard this card and 1 other card]: nullify the attack."""
    return {"kind": "act", "zone": "hand", "quick": True, "condition": {"is": "defending"},
            "cost": [[{"do": "souls", "count": 1}, {"do": "discard_self"}],
                     [{"do": "discard_self"}, {"do": "discard", "count": 1}]],
            "effect": [{"do": "nullify_attack"}]}


@keyword("taunt")
def kw_taunt(v: Any) -> dict:
    """12.10: your opponent must attack a card with Taunt when one can be targeted."""
    return {"kind": "cont", "effect": [{"do": "keyword", "name": "taunt"}]}


@keyword("stealth")
def kw_stealth(v: Any) -> dict:
    """12.11: this card cannot be blocked."""
    return {"kind": "cont", "effect": [{"do": "keyword", "name": "stealth"}]}


@keyword("assault")
def kw_assault(v: Any) -> dict:
    """12.15: this card can attack Pals in the stand state."""
    return {"kind": "cont", "effect": [{"do": "keyword", "name": "assault"}]}


@keyword("nocturnal")
def kw_nocturnal(v: int) -> dict:
    """12.13: if it is night, this card gets Power+N."""
    return {"kind": "cont", "condition": {"is": "night"}, "effect": [{"do": "power", "amount": v}]}
