"""Vocabulary used by the red cards (EBP01-001..024, ETD01-001..011) beyond the core words.

Every word here is generic: a card uses it through its data, and its English and Japanese text functions
write the card text a player reads.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...model.abilities import AMOUNTS, CONDITIONS, FILTERS, VERBS, Ctx, amount, run_steps
from ...model.state import Card, Effect
from ..events import emit
from ..verbs import (
    FILTER_EN,
    FILTER_JA,
    OWNERS_HAND_EN,
    duration_en,
    duration_ja,
    obj_en,
    obj_ja,
    targets,
    them,
    until_turn,
)
from ..zones import move

# ---------------------------------------------------------------------------------------------------------------
# filters
# ---------------------------------------------------------------------------------------------------------------

_TYPE_JA = {"pal": "パル", "structure": "建築物", "gear": "ギア", "event": "イベント"}
FILTER_EN["type_in"] = lambda v: " or ".join(v) + " "
FILTER_JA["type_in"] = lambda v: "か".join(_TYPE_JA.get(t, t) for t in v)
FILTERS.add("type_in", lambda g, c, v, ctx: c.defn.type in v, FILTER_EN["type_in"], FILTER_JA["type_in"])


# ---------------------------------------------------------------------------------------------------------------
# conditions
# ---------------------------------------------------------------------------------------------------------------


def _chosen_named(g: Any, ctx: Ctx | None, src: Card, c: dict) -> bool:
    """Every chosen card (still somewhere) has this main name."""
    if ctx is None or not ctx.chosen:
        return False
    cards = [g.state.find(i) for i in ctx.chosen]
    return all(card is not None and card.defn.name_en == c["name"] for card in cards)


CONDITIONS.add("chosen_named", _chosen_named, lambda c: f"its main name is 《{c['name']}》",
               lambda c: f"そのパルのメインネームが《{c.get('name_ja', c['name'])}》")


# ---------------------------------------------------------------------------------------------------------------
# amounts: text for "X is ..." clauses
# ---------------------------------------------------------------------------------------------------------------


def _amount_en(spec: Any) -> str:
    return AMOUNTS[spec["of"]].en(spec) if isinstance(spec, dict) else str(spec)


def _amount_ja(spec: Any) -> str:
    return AMOUNTS[spec["of"]].ja(spec) if isinstance(spec, dict) else str(spec)


@VERBS.register("x_is", lambda s: f"X is {_amount_en(s['x'])}", lambda s: f"Xを{_amount_ja(s['x'])}とし")
def v_x_is(g: Any, ctx: Ctx, s: dict) -> None:
    """Defines X for the steps of this ability (a step that counts with the same amount reads the same X)."""
    ctx.x = amount(g, ctx, s["x"])


# ---------------------------------------------------------------------------------------------------------------
# verbs
# ---------------------------------------------------------------------------------------------------------------


def _boost_en(s: dict) -> str:
    parts = []
    if s.get("power"):
        parts.append(f"{s['power']:+d} Power")
    if s.get("strike"):
        parts.append(f"{s['strike']:+d} Strike")
    change = " and ".join(parts)
    if s.get("target") == "self":
        return f"this card gets {change}{duration_en(s)}"
    return f"give {obj_en(s)} {change}{duration_en(s)}"


def _boost_ja(s: dict) -> str:
    parts = []
    if s.get("power"):
        parts.append(f"【戦闘力】{s['power']:+d}")
    if s.get("strike"):
        parts.append(f"【打撃力】{s['strike']:+d}")
    who = "このカード" if s.get("target") == "self" else obj_ja(s)
    return f"{who}は{duration_ja(s)}{'と'.join(parts)}を得る"


@VERBS.register("boost", _boost_en, _boost_ja)
def v_boost(g: Any, ctx: Ctx, s: dict) -> None:
    """Each target gets Power+N and/or Strike+N until a time (one step, so it reads as one clause)."""
    p = amount(g, ctx, s.get("power", 0))
    k = amount(g, ctx, s.get("strike", 0))
    for card in targets(g, ctx, s):
        if card.zone != "base":
            continue
        if p:
            g.state.effects.append(Effect("power", card.id, value=p, until_turn=until_turn(g, s),
                                          source_id=ctx.source.id))
            emit(g, "power", "", card=card.id, number=card.number, amount=p)
        if k:
            g.state.effects.append(Effect("strike", card.id, value=k, until_turn=until_turn(g, s),
                                          source_id=ctx.source.id))
            emit(g, "strike_change", "", card=card.id, number=card.number, amount=k)


@VERBS.register("return_to_hand",
                lambda s: "return this card to your hand" if s.get("target") == "self"
                else f"return {obj_en(s)} to {OWNERS_HAND_EN[bool(s.get('_one'))]}",
                lambda s: "このカードを手札に戻す" if s.get("target") == "self" else f"{obj_ja(s)}を持ち主の手札に戻す")
def v_return_to_hand(g: Any, ctx: Ctx, s: dict) -> None:
    """Return cards from the base to their owner's hand (the card becomes a new card there)."""
    for card in targets(g, ctx, s):
        if card.zone == "base":
            move(g, card, "hand", cause="effect", by=ctx.controller)


@VERBS.register("add_to_hand", lambda s: f"add {obj_en(s)} to your hand", lambda s: f"{obj_ja(s)}を手札に加える")
def v_add_to_hand(g: Any, ctx: Ctx, s: dict) -> None:
    """Put the chosen cards (looked at in the deck, or in the graveyard) into their owner's hand."""
    for card in targets(g, ctx, s):
        if card.zone in ("deck", "graveyard"):
            move(g, card, "hand", cause="effect", by=ctx.controller)


@VERBS.register("cannot_block", lambda s: f"{s.get('_obj') or them(s, 'they')} cannot block{duration_en(s)}",
                lambda s: f"{obj_ja(s)}は{duration_ja(s)}ブロックできない")
def v_cannot_block(g: Any, ctx: Ctx, s: dict) -> None:
    """The chosen Pals cannot block until a time (read by the block step)."""
    for card in targets(g, ctx, s):
        if card.zone == "base":
            g.state.effects.append(Effect("cannot_block", card.id, until_turn=until_turn(g, s),
                                          source_id=ctx.source.id))


_RULE_EN = {
    "no_assign": "you cannot assign Pals",
    "must_attack_all": "each of your Pals must attack whenever it is able (this includes Pals that arrive later)",
}
_RULE_JA = {
    "no_assign": "あなたはパルをアサインできない",
    "must_attack_all": "あなたのパルはアタックできるならすべてアタックしなければならない（後から登場したパルも含む）",
}


def _rules_en(s: dict) -> str:
    return "for the rest of this turn, " + ", and ".join(_RULE_EN[r] for r in s["rules"]) if s.get(
        "until", "eot") == "eot" else f"{duration_en(s).strip()}, " + ", and ".join(_RULE_EN[r] for r in s["rules"])


def _rules_ja(s: dict) -> str:
    return duration_ja(s) + "、" + "。また、".join(_RULE_JA[r] for r in s["rules"])


@VERBS.register("player_rule", _rules_en, _rules_ja)
def v_player_rule(g: Any, ctx: Ctx, s: dict) -> None:
    """Rules that bind the controller until a time: ``no_assign``, ``must_attack_all`` (Pals deployed later too)."""
    for rule in s["rules"]:
        if rule not in _RULE_EN:
            raise ValueError(f"unknown player rule {rule!r}")
        g.state.effects.append(Effect(rule, None, player=ctx.controller, until_turn=until_turn(g, s)))
        emit(g, "player_rule", "", player=ctx.controller, rule=rule)


@VERBS.register("stand_assigned", "stand every Pal of yours that has been assigned this turn",
                "あなたのパルのうち、このターンにアサインされたものをすべてスタンドする")
def v_stand_assigned(g: Any, ctx: Ctx, s: dict) -> Iterator:
    """Stand every Pal of the controller assigned this turn (including one just assigned as a cost)."""
    ctx.chosen = [c.id for c in g.state.players[ctx.controller].pals() if c.assigned_turn == g.state.turn]
    yield from run_steps(g, ctx, [{"do": "stand"}])


def _next_cost_en(s: dict) -> str:
    what = (FILTER_EN["type_in"](s["filter"]["type_in"]).strip() if "type_in" in s.get("filter", {})
            else s.get("filter", {}).get("type", "card"))
    return (f"your next {what} played from your hand{duration_en(s)} costs {s['amount']} less "
            "(but not ◇0 or lower)")


def _next_cost_ja(s: dict) -> str:
    what = _TYPE_JA.get(s.get("filter", {}).get("type", ""), "カード")
    return (f"{duration_ja(s)}に、あなたが次に手札からプレイする{what}は、コストが{s['amount']}減る"
            "（ただし◇０以下にはならない）")


@VERBS.register("reduce_next_cost", _next_cost_en, _next_cost_ja)
def v_reduce_next_cost(g: Any, ctx: Ctx, s: dict) -> None:
    """The controller's next card matching ``filter`` played from hand costs N less (read by play_cost)."""
    n = amount(g, ctx, s["amount"])
    if n <= 0:
        return
    g.state.effects.append(Effect("cost_mod", None, player=ctx.controller,
                                  value={"filter": dict(s.get("filter", {})), "amount": n},
                                  until_turn=until_turn(g, s), uses=1))
    emit(g, "cost_reduced", "", player=ctx.controller, amount=n)
