"""What a step acts on and when: its target cards, a zone's cards, card names, how long an effect lasts, which ability asks."""
from __future__ import annotations

from typing import Any

from ...model.abilities import Ctx
from ...model.game import GameLike
from ...model.state import Card


def until_turn(g: GameLike, step: dict) -> int | None:
    kind = step.get("until", "eot")
    if kind == "eot":
        return g.state.turn
    if kind == "opp_next_turn":
        return g.state.turn + 1
    return None


def find_card(state: Any, ctx: Ctx, card_id: int) -> Card | None:
    """``State.find`` for a card an ability looked at or chose: the looked-at cards first, near the top of the
    controller's deck (where ``State.find`` looks last), then everywhere. Ids are unique, so the answer is the
    same; only the search is shorter."""
    if ctx.looked:
        deck = state.players[ctx.controller].deck
        for i in range(min(len(ctx.looked), len(deck))):
            if deck[i].id == card_id:
                return deck[i]
    return state.find(card_id)


def targets(g: GameLike, ctx: Ctx, step: dict) -> list[Card]:
    """The cards a step acts on: ``target: self`` or the cards chosen earlier (still where they were)."""
    who = step.get("target", "chosen")
    if who == "self":
        card = g.state.in_base(ctx.source.id)
        return [card] if card else []
    if who == "assigned":
        ids = ctx.paid.get("assigned", [])
    elif who == "event_card":
        ids = [ctx.event.get("card")]
    else:
        ids = ctx.chosen
    out = []
    for cid in ids:
        card = find_card(g.state, ctx, cid) if cid is not None else None
        if card is not None:
            out.append(card)
    return out


def zone_cards(g: GameLike, ctx: Ctx, zone: str, side: str) -> list[Card]:
    """The cards of a zone on one side (own, opponent, any: own first), or the looked-at cards still found."""
    state = g.state
    if zone == "looked":
        return [c for cid in ctx.looked if (c := find_card(state, ctx, cid)) is not None]
    me = ctx.controller
    if side == "own":
        return list(getattr(state.players[me], zone))
    if side == "opponent":
        return list(getattr(state.players[1 - me], zone))
    if side != "any":
        raise KeyError(side)
    return getattr(state.players[me], zone) + getattr(state.players[1 - me], zone)


def stand_blocked(g: GameLike, card: Card) -> bool:
    """Whether a "cannot stand while ... is in the base" effect holds this card: then no effect stands it either
    (Q&A official-62). A hold for one stand phase only (``skip_next_stand``) does not count here."""
    return any(e.kind == "cannot_stand" and e.target == card.id for e in g.state.effects)


def card_names(g: GameLike, card: Card) -> set[str]:
    """Full card names a card has now (printed, plus names added until end of turn)."""
    names = {card.defn.full_name}
    for e in g.state.effects:
        if e.kind == "extra_name" and (e.target == card.id or (e.target is None and e.player == card.owner
                                                                and card.zone == "base")):
            names.add(e.value)
    return names


def asking(ctx: Ctx) -> tuple[str, int] | None:
    """The ability that asks a player something, as ``(card number, index)`` for a prompt to quote its text."""
    ab = ctx.ability
    return (ab.number, ab.index) if ab is not None and ab.number else None
