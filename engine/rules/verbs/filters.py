"""The core filter words: what a card must be to match (type, colour, cost, state, names, keywords...)."""
from __future__ import annotations

from typing import Any

from ...model.abilities import FILTERS, amount
from ..continuous import has_keyword, power
from .targets import card_names


def _f(name: str, fn: Any) -> None:
    FILTERS.add(name, fn)


_f("type", lambda g, c, v, ctx: c.defn.type == v)
_f("types", lambda g, c, v, ctx: c.defn.type in v)
_f("color", lambda g, c, v, ctx: c.defn.color == v)
_f("cost_max", lambda g, c, v, ctx: c.defn.cost <= (amount(g, ctx, v) if ctx else v))
_f("cost_min", lambda g, c, v, ctx: c.defn.cost >= v)
_f("cost_is", lambda g, c, v, ctx: c.defn.cost == (amount(g, ctx, v) if ctx else v))
_f("state", lambda g, c, v, ctx: c.zone == "base" and (c.rested == (v == "rested")))
_f("main_name", lambda g, c, v, ctx: c.defn.name_en == v or any(n.split(" – ")[0] == v for n in card_names(g, c)))
_f("element", lambda g, c, v, ctx: v in c.defn.elements)
_f("keyword", lambda g, c, v, ctx: has_keyword(g.state, c, v))
_f("not_keyword", lambda g, c, v, ctx: not any(ab.keyword == v for ab in c.defn.abilities))
_f("power_max", lambda g, c, v, ctx: c.zone == "base" and power(g.state, c) <= v)
_f("lucky", lambda g, c, v, ctx: c.defn.lucky == v)
_f("work", lambda g, c, v, ctx: v in c.defn.work)
_f("name_contains", lambda g, c, v, ctx: any(v in n for n in card_names(g, c)))
_f("owner", lambda g, c, v, ctx: (c.owner == ctx.controller) == (v == "own") if ctx else True)
_f("not_self", lambda g, c, v, ctx: ctx is None or c.id != ctx.source.id)
