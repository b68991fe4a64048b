"""Vocabulary used by the red cards (EBP01-001..024, ETD01-001..011) beyond the core words.

Every word here is generic: a card uses it through its data; how it reads is in
``engine.presentation.cardtext``.
"""
from __future__ import annotations

from collections.abc import Iterator

from ...model.abilities import CONDITIONS, FILTERS, VERBS, Ctx, amount, run_steps
from ...model.game import GameLike
from ...model.state import Card, Effect
from ..events import emit
from ..verbs.cards import change, move_targets
from ..verbs.targets import targets, until_turn

# ---------------------------------------------------------------------------------------------------------------
# filters
# ---------------------------------------------------------------------------------------------------------------

FILTERS.add("type_in", lambda g, c, v, ctx: c.defn.type in v)


# ---------------------------------------------------------------------------------------------------------------
# conditions
# ---------------------------------------------------------------------------------------------------------------


def _chosen_named(g: GameLike, ctx: Ctx | None, src: Card, c: dict) -> bool:
    """Every chosen card (still somewhere) has this main name."""
    if ctx is None or not ctx.chosen:
        return False
    cards = [g.state.find(i) for i in ctx.chosen]
    return all(card is not None and card.defn.name_en == c["name"] for card in cards)


CONDITIONS.add("chosen_named", _chosen_named)


# ---------------------------------------------------------------------------------------------------------------
# amounts: text for "X is ..." clauses
# ---------------------------------------------------------------------------------------------------------------


@VERBS.register("x_is")
def v_x_is(g: GameLike, ctx: Ctx, s: dict) -> None:
    """Defines X for the steps of this ability (a step that counts with the same amount reads the same X)."""
    ctx.x = amount(g, ctx, s["x"])


# ---------------------------------------------------------------------------------------------------------------
# verbs
# ---------------------------------------------------------------------------------------------------------------


@VERBS.register("boost")
def v_boost(g: GameLike, ctx: Ctx, s: dict) -> None:
    """Each target gets Power+N and/or Strike+N until a time (one step, so it reads as one clause)."""
    p = amount(g, ctx, s.get("power", 0))
    k = amount(g, ctx, s.get("strike", 0))
    for card in targets(g, ctx, s):
        if card.zone != "base":
            continue
        if p:
            change(g, ctx, s, card, "power", p)
        if k:
            change(g, ctx, s, card, "strike", k)


@VERBS.register("return_to_hand")
def v_return_to_hand(g: GameLike, ctx: Ctx, s: dict) -> None:
    """Return cards from the base to their owner's hand (the card becomes a new card there)."""
    move_targets(g, ctx, s, ("base",), "hand")


@VERBS.register("add_to_hand")
def v_add_to_hand(g: GameLike, ctx: Ctx, s: dict) -> None:
    """Put the chosen cards (looked at in the deck, or in the graveyard) into their owner's hand."""
    move_targets(g, ctx, s, ("deck", "graveyard"), "hand")


@VERBS.register("cannot_block")
def v_cannot_block(g: GameLike, ctx: Ctx, s: dict) -> None:
    """The chosen Pals cannot block until a time (read by the block step)."""
    for card in targets(g, ctx, s):
        if card.zone == "base":
            g.state.effects.append(Effect("cannot_block", card.id, until_turn=until_turn(g, s),
                                          source_id=ctx.source.id))


_RULE_EN = {
    "no_assign": "you cannot assign Pals",
    "must_attack_all": "each of your Pals must attack whenever it is able (this includes Pals that arrive later)",
}


@VERBS.register("player_rule")
def v_player_rule(g: GameLike, ctx: Ctx, s: dict) -> None:
    """Rules that bind the controller until a time: ``no_assign``, ``must_attack_all`` (Pals deployed later too)."""
    for rule in s["rules"]:
        if rule not in _RULE_EN:
            raise ValueError(f"unknown player rule {rule!r}")
        g.state.effects.append(Effect(rule, None, player=ctx.controller, until_turn=until_turn(g, s)))
        emit(g, "player_rule", "", player=ctx.controller, rule=rule)


@VERBS.register("stand_assigned")
def v_stand_assigned(g: GameLike, ctx: Ctx, s: dict) -> Iterator:
    """Stand every Pal of the controller assigned this turn (including one just assigned as a cost)."""
    ctx.chosen = [c.id for c in g.state.players[ctx.controller].pals() if c.assigned_turn == g.state.turn]
    yield from run_steps(g, ctx, [{"do": "stand"}])


@VERBS.register("reduce_next_cost")
def v_reduce_next_cost(g: GameLike, ctx: Ctx, s: dict) -> None:
    """The controller's next card matching ``filter`` played from hand costs N less (read by play_cost)."""
    n = amount(g, ctx, s["amount"])
    if n <= 0:
        return
    g.state.effects.append(Effect("cost_mod", None, player=ctx.controller,
                                  value={"filter": dict(s.get("filter", {})), "amount": n},
                                  until_turn=until_turn(g, s), uses=1))
    emit(g, "cost_reduced", "", player=ctx.controller, amount=n)
