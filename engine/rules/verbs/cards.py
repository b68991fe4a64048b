"""Verbs that act on chosen cards: damage, Power and Strike, rest and stand, moving them between zones, granting."""
from __future__ import annotations

from collections.abc import Callable

from ...model.abilities import VERBS, Ctx, amount
from ...model.game import GameLike
from ...model.state import Card, Effect
from ..damage import deal_damage
from ..events import emit, emit_data
from ..zones import butcher, deploy, move
from .targets import stand_blocked, targets, until_turn


@VERBS.register("damage")
def v_damage(g: GameLike, ctx: Ctx, s: dict) -> None:
    """Deal damage to each chosen Pal or structure (not battle damage)."""
    n = amount(g, ctx, s["amount"])
    for card in targets(g, ctx, s):
        if card.zone == "base":
            deal_damage(g, card, n, ctx.source)


CHANGED = {"power": "power", "strike": "strike_change"}   # the event that logs a change of each kind


def change(g: GameLike, ctx: Ctx, s: dict, card: Card, kind: str, n: int) -> None:
    """A card in the base gets ``kind`` ("power" or "strike") +n until the step's time, and the log says so."""
    g.state.effects.append(Effect(kind, card.id, value=n, until_turn=until_turn(g, s), source_id=ctx.source.id))
    emit_data(g, CHANGED[kind], "", {"card": card.id, "number": card.number, "amount": n})


def _changing(kind: str) -> Callable[[GameLike, Ctx, dict], None]:
    """The verb by which the target Pals get ``kind`` +N until a time (a negative change of Power never destroys
    by itself, Q&A official-92)."""

    def verb(g: GameLike, ctx: Ctx, s: dict) -> None:
        n = amount(g, ctx, s["amount"])
        for card in targets(g, ctx, s):
            if card.zone == "base":
                change(g, ctx, s, card, kind, n)

    return verb


VERBS.add("power", _changing("power"))
VERBS.add("strike", _changing("strike"))


def move_targets(g: GameLike, ctx: Ctx, s: dict, zones: tuple[str, ...], to: str, cause: str = "effect") -> None:
    """Move each target card that is in one of ``zones`` to its owner's zone ``to``, the controller moving it."""
    for card in targets(g, ctx, s):
        if card.zone in zones:
            move(g, card, to, cause=cause, by=ctx.controller)


@VERBS.register("rest")
def v_rest(g: GameLike, ctx: Ctx, s: dict) -> None:
    """Rest cards (a resting card does not become rested again, Q&A official-79)."""
    for card in targets(g, ctx, s):
        if card.zone == "base" and not card.rested:
            card.rested = True
            emit(g, "rest", "", card=card.id, number=card.number)


@VERBS.register("stand")
def v_stand(g: GameLike, ctx: Ctx, s: dict) -> None:
    for card in targets(g, ctx, s):
        if card.zone == "base" and card.rested and not stand_blocked(g, card):
            card.rested = False
            emit(g, "stand", "", card=card.id, number=card.number)


@VERBS.register("skip_next_stand")
def v_skip_next_stand(g: GameLike, ctx: Ctx, s: dict) -> None:
    """The chosen cards are not stood in their controller's next stand phase (7.2.1), and only then: Vigilance or
    a "stand" effect still stands them at any other time (Q&A official-61: they may be chosen while resting)."""
    for card in targets(g, ctx, s):
        if card.zone == "base" and card.owner != ctx.controller:   # the opponent's stand phase never stands yours
            g.state.effects.append(Effect("skip_next_stand", card.id, until_stand_of=card.owner,
                                          source_id=ctx.source.id))


@VERBS.register("cannot_stand")
def v_cannot_stand(g: GameLike, ctx: Ctx, s: dict) -> None:
    """While this card is in the base the chosen cards do not stand at all: not in a stand phase (7.2.1), not by
    an effect (Q&A official-62)."""
    for card in targets(g, ctx, s):
        if card.zone == "base":
            g.state.effects.append(Effect("cannot_stand", card.id, source_id=ctx.source.id, while_source=True))


@VERBS.register("to_graveyard")
def v_to_graveyard(g: GameLike, ctx: Ctx, s: dict) -> None:
    move_targets(g, ctx, s, ("base", "hand", "deck"), "graveyard")


@VERBS.register("to_hand")
def v_to_hand(g: GameLike, ctx: Ctx, s: dict) -> None:
    move_targets(g, ctx, s, ("base", "graveyard", "deck", "exile"), "hand")


@VERBS.register("discard")
def v_discard(g: GameLike, ctx: Ctx, s: dict) -> None:
    move_targets(g, ctx, s, ("hand",), "graveyard", cause="discard")


@VERBS.register("to_deck_top")
def v_to_deck_top(g: GameLike, ctx: Ctx, s: dict) -> None:
    for card in targets(g, ctx, s):
        move(g, card, "deck", top=True, cause="effect", quiet=True)


@VERBS.register("deploy")
def v_deploy(g: GameLike, ctx: Ctx, s: dict) -> None:
    """Deploy the chosen cards from any zone (On Deploy triggers wherever they came from, Q&A official-32)."""
    deployed = []
    for card in targets(g, ctx, s):
        if card.zone != "base":
            deployed.append(deploy(g, card, rested=bool(s.get("rested")), cause="effect").id)
    ctx.vars["deployed"] = deployed


@VERBS.register("exile")
def v_exile(g: GameLike, ctx: Ctx, s: dict) -> None:
    for card in targets(g, ctx, s):
        new = move(g, card, "exile", cause="effect", by=ctx.controller)
        new.exiled_by = ctx.source.id
        emit(g, "exiled", "", card=new.id, number=new.number, by=ctx.source.id)


@VERBS.register("butcher")
def v_butcher(g: GameLike, ctx: Ctx, s: dict) -> None:
    count = 0
    for card in targets(g, ctx, s):
        if card.zone == "base" and card.owner == ctx.controller:
            butcher(g, card, ctx.controller)
            count += 1
    ctx.vars["count"] = count


@VERBS.register("grant")
def v_grant(g: GameLike, ctx: Ctx, s: dict) -> None:
    """The chosen cards get an ability until a time (it is a temporary effect on that card object)."""
    for card in targets(g, ctx, s):
        if card.zone == "base":
            g.state.effects.append(Effect("grant", card.id, value=s["ability"], until_turn=until_turn(g, s),
                                          source_id=ctx.source.id))


@VERBS.register("effect")
def v_effect(g: GameLike, ctx: Ctx, s: dict) -> None:
    """A plain temporary flag effect on the chosen cards (cannot_block, cannot_attack, must_attack, no_assign)."""
    for card in targets(g, ctx, s):
        g.state.effects.append(Effect(s["kind"], card.id, until_turn=until_turn(g, s), source_id=ctx.source.id))
