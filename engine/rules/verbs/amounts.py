"""The core amount words: counts, X, this card's Strike and Power, the assigned Pal's cost."""
from __future__ import annotations

from ...model.abilities import AMOUNTS, Ctx, matches
from ...model.game import GameLike
from ...model.state import Card
from ..continuous import power, strike


def _count(g: GameLike, ctx: Ctx, spec: dict) -> int:
    side = spec.get("side", "own")
    players = [ctx.controller] if side == "own" else [ctx.opponent] if side == "opponent" else [0, 1]
    zone = spec.get("zone", "base")
    return sum(1 for i in players for c in g.state.players[i].zone(zone) if matches(g, c, spec.get("filter"), ctx))


AMOUNTS.add("count", _count)
AMOUNTS.add("x", lambda g, ctx, s: ctx.x)


def _last_known(ctx: Ctx) -> Card | None:
    """The source as it last was in the base, when it left together with the event's cards (rule 4.1 look-back)."""
    src = ctx.source
    return src if src is not None and src.zone == "base" and any(
        c.id == src.id for c in ctx.event.get("lookback", ())) else None


AMOUNTS.add("source_strike", lambda g, ctx, s: (
    strike(g.state, c, ctx.event.get("lookback", ()))
    if (c := g.state.in_base(ctx.source.id) or _last_known(ctx)) else 0))
AMOUNTS.add("source_power", lambda g, ctx, s: power(g.state, c) if (c := g.state.in_base(ctx.source.id)) else 0)
AMOUNTS.add("assigned_cost", lambda g, ctx, s: sum(ctx.paid.get("assigned_cost", [0])))
