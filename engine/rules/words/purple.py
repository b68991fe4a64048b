"""Vocabulary used by the purple cards (EBP01-073..097, ETD02-012..022) beyond the core words.

Purple plays with night, butchering, the graveyard and exile. Every word here is generic: a card uses it
through its data; how it reads is in ``engine.presentation.cardtext``.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...model.abilities import (
    AMOUNTS,
    CONDITIONS,
    FILTERS,
    TRIGGER_EVENTS,
    TRIGGERS,
    VERBS,
    Ctx,
    amount,
    matches,
    parse_ability,
)
from ...model.actions import DecisionKind
from ...model.game import GameLike
from ...model.message import Msg
from ...model.state import Card
from ..costs import choose_number, pick_cards
from ..events import emit
from ..verbs.targets import asking
from ..zones import deploy, move

# ---------------------------------------------------------------------------------------------------------------
# filters
# ---------------------------------------------------------------------------------------------------------------

FILTERS.add("cost", lambda g, c, v, ctx: c.defn.cost == (amount(g, ctx, v) if ctx else v))


# ---------------------------------------------------------------------------------------------------------------
# amounts
# ---------------------------------------------------------------------------------------------------------------


def _cost_of(g: GameLike, ctx: Ctx, spec: dict) -> int:
    """The cost of the assigned Pal (paid as a cost) or of the card the triggering event is about."""
    if spec.get("card", "event") == "assigned":
        return sum(ctx.paid.get("assigned_cost", [0]))
    if "cost" in ctx.event:
        return int(ctx.event["cost"])
    card = g.state.find(ctx.event["card"]) if ctx.event.get("card") is not None else None
    return card.defn.cost if card is not None else 0


AMOUNTS.add("cost_of", _cost_of)


# ---------------------------------------------------------------------------------------------------------------
# triggers
# ---------------------------------------------------------------------------------------------------------------


def _ally_butchered(g: GameLike, card: Card, ab: Any, ev: dict) -> bool:
    """A Pal of this card's owner was butchered (this card itself included, Q&A official-88)."""
    return ev["kind"] == "butcher" and ev.get("player") == card.owner


TRIGGERS.add("ally_butchered", _ally_butchered)
TRIGGER_EVENTS["ally_butchered"] = frozenset({"butcher"})


# ---------------------------------------------------------------------------------------------------------------
# conditions
# ---------------------------------------------------------------------------------------------------------------


CONDITIONS.add("counted", lambda g, ctx, src, c: bool(ctx is not None and ctx.vars.get("count", 0) >= c.get("count", 1)))


def exiled_by(g: GameLike, source: Card) -> list[Card]:
    """The cards in either exile zone that were exiled by this card object."""
    return [c for p in g.state.players for c in p.exile if c.exiled_by == source.id]


def _chosen_moved(g: GameLike, ctx: Ctx | None, src: Card, c: dict) -> bool:
    """At least one of the chosen cards has left the zone it was chosen in (its old card object is gone)."""
    return bool(ctx is not None and ctx.chosen and any(g.state.find(cid) is None for cid in ctx.chosen))


CONDITIONS.add("chosen_moved", _chosen_moved)

CONDITIONS.add("none_exiled_by_self", lambda g, ctx, src, c: not exiled_by(g, src))


# ---------------------------------------------------------------------------------------------------------------
# verbs
# ---------------------------------------------------------------------------------------------------------------


@VERBS.register("discard_from_hand")
def v_discard_from_hand(g: GameLike, ctx: Ctx, s: dict) -> Iterator:
    """A player (you, or your opponent with ``who: opponent``) picks N cards of their own hand and discards them.

    The number discarded is kept as ``count`` (for "if you discarded this way").
    """
    player = ctx.opponent if s.get("who") == "opponent" else ctx.controller
    hand = list(g.state.players[player].hand)
    n = amount(g, ctx, s.get("count", 1))
    ids = yield from pick_cards(g, player, hand, n, Msg("prompt.discard_hand", card=ctx.source.number, ability=asking(ctx)),
                                DecisionKind.TARGET, ctx.source.id)
    for cid in ids:
        card = g.state.find(cid)
        if card is not None and card.zone == "hand":
            move(g, card, "graveyard", cause="discard", by=ctx.controller)
    ctx.vars["count"] = len(ids)


@VERBS.register("opponent_chooses")
def v_opponent_chooses(g: GameLike, ctx: Ctx, s: dict) -> Iterator:
    """Your opponent chooses N of their own Pals (a mandatory choice takes what there is)."""
    pool = [c for c in g.state.players[ctx.opponent].pals() if _matches(g, c, s.get("filter"), ctx)]
    ids = yield from pick_cards(g, ctx.opponent, pool, amount(g, ctx, s.get("count", 1)),
                                Msg("prompt.opponent_chooses", card=ctx.source.number, ability=asking(ctx)), DecisionKind.TARGET, ctx.source.id)
    ctx.chosen = list(ids)
    if ids:
        emit(g, "chosen", "", player=ctx.opponent, cards=list(ids), source=ctx.source.id, public=True)


def _matches(g: GameLike, card: Card, filt: dict | None, ctx: Ctx) -> bool:
    return matches(g, card, filt, ctx)


@VERBS.register("at_end_of_turn")
def v_at_end_of_turn(g: GameLike, ctx: Ctx, s: dict) -> None:
    """A delayed ability: at the end of this turn, its steps resolve once (as an automatic ability of the source)."""
    ab = parse_ability({"kind": "auto", "trigger": "end_of_turn", "effect": s["steps"]},
                       ctx.ability.number if ctx.ability else "delayed", 0)
    g.state.delayed.append({"turn": g.state.turn, "controller": ctx.controller, "source": ctx.source, "ability": ab})


@VERBS.register("opponent_loses_counters")
def v_opponent_loses_counters(g: GameLike, ctx: Ctx, s: dict) -> Iterator:
    """Up to N of the opponent's Material and Ingredient in total: the controller picks how many of each."""
    opp = g.state.players[ctx.opponent]
    limit = amount(g, ctx, s.get("count", 1))
    mat = yield from choose_number(g, ctx.controller, 0, min(limit, opp.material),
                                   Msg("prompt.lose_counter", card=ctx.source.number, counter="material", ability=asking(ctx)), ctx)
    ing = yield from choose_number(g, ctx.controller, 0, min(limit - mat, opp.ingredient),
                                   Msg("prompt.lose_counter", card=ctx.source.number, counter="ingredient", ability=asking(ctx)), ctx)
    opp.material -= mat
    opp.ingredient -= ing
    for counter, n in (("material", mat), ("ingredient", ing)):
        if n:
            emit(g, "lose_counters", "", player=ctx.opponent, counter=counter, count=n)


@VERBS.register("return_exiled")
def v_return_exiled(g: GameLike, ctx: Ctx, s: dict) -> None:
    """The cards this card exiled come back: to their owner's hand, or deployed rested in their owner's base."""
    for card in exiled_by(g, ctx.source):
        if s.get("to", "hand") == "hand":
            move(g, card, "hand", cause="effect", by=ctx.controller)
        else:
            deploy(g, card, rested=True, cause="effect")
