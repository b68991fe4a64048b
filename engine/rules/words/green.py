"""Words used by the green cards: Ingredient farming, souls, looking at the deck, playing a card from the deck.

Each word is generic (any card may use it); how it reads is in ``engine.presentation.cardtext``.
"""
from __future__ import annotations

from collections.abc import Iterator

from ...model.abilities import AMOUNTS, CONDITIONS, VERBS, Ctx, amount, check_condition, matches
from ...model.actions import Action, Decision, DecisionKind
from ...model.game import GameLike
from ...model.message import Msg
from ...model.state import Card
from ..costs import rest_souls
from ..events import emit
from ..verbs.targets import asking, find_card
from ..zones import deploy, move


def _cards(g: GameLike, ctx: Ctx, s: dict) -> list[Card]:
    """The cards a step acts on: the looked-at cards (``target: looked``) or the chosen ones."""
    ids = ctx.looked if s.get("target") == "looked" else ctx.chosen
    return [c for cid in ids if (c := find_card(g.state, ctx, cid)) is not None]


# ---------------------------------------------------------------------------------------------------------------
# verbs
# ---------------------------------------------------------------------------------------------------------------


@VERBS.register("send_to")
def v_send_to(g: GameLike, ctx: Ctx, s: dict) -> None:
    """Move the chosen (or looked-at) cards that are still in the deck or graveyard to the hand or graveyard."""
    for card in _cards(g, ctx, s):
        if card.zone in ("deck", "graveyard") and card.zone != s["to"]:
            new = move(g, card, s["to"], cause="effect", by=ctx.controller)
            if card.id in ctx.chosen:
                ctx.chosen = [new.id if i == card.id else i for i in ctx.chosen]


@VERBS.register("gain_either")
def v_gain_either(g: GameLike, ctx: Ctx, s: dict) -> Iterator:
    """Get N of one counter kind, the controller picks which (a mode decision)."""
    kinds = s.get("counters", ["material", "ingredient"])
    n = amount(g, ctx, s.get("count", 1))
    labels = [Msg("part.gain", n=n, counter=k) for k in kinds]
    prompt = Msg("prompt.gain_either", card=ctx.source.number, ability=asking(ctx))
    choice = yield Decision(ctx.controller, DecisionKind.MODE, prompt,
                            tuple(Action.of("mode", i) for i in range(len(kinds))), ctx.source.id,
                            {"modes": labels, "modes_do": [["gain"] for _ in kinds]})
    kind = kinds[int(choice.args[0])]
    p = g.state.players[ctx.controller]
    setattr(p, kind, getattr(p, kind) + n)
    emit(g, "gain", "", player=ctx.controller, counter=kind, count=n)


@VERBS.register("stand_souls_up_to")
def v_stand_souls_up_to(g: GameLike, ctx: Ctx, s: dict) -> None:
    """Stand up to N rested souls. Souls are counts (13.2) and a standing soul is never worse than a rested
    one, so the most that can stand do."""
    p = g.state.players[ctx.controller]
    n = min(amount(g, ctx, s.get("count", 1)), p.souls_rested)
    p.souls_rested -= n
    p.souls_standing += n
    emit(g, "souls_stood", "", player=ctx.controller, count=n)


def _reduced_cost(card: Card, reduce: int) -> int:
    """The cost after a reduction by an ability that cannot take it to 0 or less."""
    cost = card.defn.cost
    return max(cost - reduce, 1) if reduce and cost > 0 else cost


@VERBS.register("may_play")
def v_may_play(g: GameLike, ctx: Ctx, s: dict) -> Iterator:
    """Offer to play the chosen (or looked-at) card from where it is, paying its cost minus ``reduce``, if it
    meets ``cond``.

    Nothing else may happen in between: the only answers are yes and no (Q&A official-73). A card in a hidden
    zone (looked at in the deck, or in the hand) is always asked about, with "no" the only answer when it
    cannot be played: whether the question comes must not tell the opponent what the card is.
    """
    for card in _cards(g, ctx, s):
        hidden = card.zone in ("deck", "hand")
        cost = _reduced_cost(card, s.get("reduce", 0))
        p = g.state.players[ctx.controller]
        playable = (card.zone in ("deck", "hand", "graveyard") and card.defn.type != "event"
                    and (not s.get("cond") or check_condition(g, ctx, ctx.source, s["cond"]))
                    and cost <= p.souls_standing)
        if not playable:
            if hidden:
                prompt = Msg("prompt.cannot_play", card=ctx.source.number, card_target=card.number,
                             ability=asking(ctx))
                yield Decision(ctx.controller, DecisionKind.MAY, prompt, (Action("no"),), ctx.source.id,
                               {"does": ["may_play"]})
            continue
        choice = yield Decision(ctx.controller, DecisionKind.MAY,
                                Msg("prompt.may_play", card=ctx.source.number, card_target=card.number, cost=cost, ability=asking(ctx)),
                                (Action("yes"), Action("no")), ctx.source.id, {"does": ["may_play"]})
        if choice.verb != "yes":
            continue
        rest_souls(g, ctx.controller, cost)
        p.cards_played += 1
        emit(g, "play", "8.2", card=card.id, number=card.number, player=ctx.controller, cost=cost,
             frm=card.zone)
        deploy(g, card)


# ---------------------------------------------------------------------------------------------------------------
# conditions
# ---------------------------------------------------------------------------------------------------------------


def _assigned_this_turn(g: GameLike, ctx: Ctx | None, src: Card, c: dict) -> bool:
    card = g.state.in_base(src.id)
    return card is not None and card.assigned_turn == g.state.turn


CONDITIONS.add("assigned_this_turn", _assigned_this_turn)
CONDITIONS.add("souls_before_at_least", lambda g, ctx, src, c: bool(ctx is not None and ctx.vars.get("souls_before", 0) >= c["count"]))


# ---------------------------------------------------------------------------------------------------------------
# amounts
# ---------------------------------------------------------------------------------------------------------------


def _own_pals(g: GameLike, ctx: Ctx, spec: dict) -> int:
    return sum(1 for c in g.state.players[ctx.controller].pals() if matches(g, c, spec.get("filter"), ctx))


AMOUNTS.add("own_pals", _own_pals)
AMOUNTS.add("x_times", lambda g, ctx, s: ctx.x * s.get("by", 1))
