"""The core condition words (night, rested, did, chose, souls, defending, have, chosen_is)."""
from __future__ import annotations

from ...model.abilities import CONDITIONS, Ctx, matches
from ...model.game import GameLike
from ...model.state import Card
from ..continuous import is_night
from .targets import find_card

CONDITIONS.add("night", lambda g, ctx, src, c: is_night(g.state))
CONDITIONS.add("rested", lambda g, ctx, src, c: bool(card.rested if (card := g.state.in_base(src.id)) else
                                                     src.zone == "base" and src.rested))
CONDITIONS.add("did", lambda g, ctx, src, c: bool(ctx and ctx.vars.get("did")))
CONDITIONS.add("chose_none", lambda g, ctx, src, c: bool(ctx is not None and not ctx.chosen))
CONDITIONS.add("chose_some", lambda g, ctx, src, c: bool(ctx is not None and ctx.chosen))
CONDITIONS.add("souls_at_least", lambda g, ctx, src, c: g.state.players[src.owner].souls >= c["count"])
CONDITIONS.add("defending", lambda g, ctx, src, c: (g.state.battle is not None
                                                      and g.state.battle.attacking_player != src.owner))


def _have(g: GameLike, ctx: Ctx | None, src: Card, c: dict) -> bool:
    owner = ctx.controller if ctx else src.owner
    side = c.get("side", "own")
    players = [owner] if side == "own" else [1 - owner] if side == "opponent" else [0, 1]
    n = sum(1 for i in players for card in g.state.players[i].base if matches(g, card, c.get("filter"), ctx))
    return n >= c.get("count", 1)


CONDITIONS.add("have", _have)


def chosen_match(g: GameLike, ctx: Ctx | None, src: Card, c: dict) -> bool:
    if ctx is None:
        return False
    ids = ctx.looked if c.get("of") == "looked" else ctx.chosen
    cards = [find_card(g.state, ctx, i) for i in ids]
    return bool(cards) and all(card is not None and matches(g, card, c.get("filter"), ctx) for card in cards)


CONDITIONS.add("chosen_is", chosen_match)
