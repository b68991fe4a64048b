"""Words used by the green cards: Ingredient farming, souls, looking at the deck, playing a card from the deck.

Each word is generic (any card may use it); the wording of the text functions is our own.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...model.abilities import AMOUNTS, CONDITIONS, VERBS, Ctx, amount, check_condition, matches
from ...model.actions import Action, Decision, DecisionKind
from ...model.message import Msg
from ...model.state import Card
from ..costs import rest_souls
from ..events import emit
from ..verbs import _asking, cond_en, cond_ja, filter_ja, find_card, noun_phrase_en, obj_en, obj_ja
from ..zones import deploy, move

COUNTER_EN = {"material": "Material", "ingredient": "Ingredient"}
COUNTER_JA = {"material": "【素材】", "ingredient": "【食材】"}


def _amount_en(v: Any) -> str:
    return AMOUNTS[v["of"]].en(v) if isinstance(v, dict) else str(v)


def _amount_ja(v: Any) -> str:
    return AMOUNTS[v["of"]].ja(v) if isinstance(v, dict) else str(v)


def _cards(g: Any, ctx: Ctx, s: dict) -> list[Card]:
    """The cards a step acts on: the looked-at cards (``target: looked``) or the chosen ones."""
    ids = ctx.looked if s.get("target") == "looked" else ctx.chosen
    return [c for cid in ids if (c := find_card(g.state, ctx, cid)) is not None]


# ---------------------------------------------------------------------------------------------------------------
# verbs
# ---------------------------------------------------------------------------------------------------------------


@VERBS.register("send_to", lambda s: {"hand": f"add {obj_en(s)} to your hand",
                                     "graveyard": f"send {obj_en(s)} to your graveyard"}[s["to"]],
                lambda s: f"{obj_ja(s)}を" + {"hand": "手札に加える", "graveyard": "墓地に送る"}[s["to"]])
def v_send_to(g: Any, ctx: Ctx, s: dict) -> None:
    """Move the chosen (or looked-at) cards that are still in the deck or graveyard to the hand or graveyard."""
    for card in _cards(g, ctx, s):
        if card.zone in ("deck", "graveyard") and card.zone != s["to"]:
            new = move(g, card, s["to"], cause="effect", by=ctx.controller)
            if card.id in ctx.chosen:
                ctx.chosen = [new.id if i == card.id else i for i in ctx.chosen]


@VERBS.register("gain_either",
                lambda s: f"gain {s.get('count', 1)} Material or {s.get('count', 1)} Ingredient (you pick which)",
                lambda s: f"【素材】か【食材】の好きな方を{s.get('count', 1)}個得る")
def v_gain_either(g: Any, ctx: Ctx, s: dict) -> Iterator:
    """Get N of one counter kind, the controller picks which (a mode decision)."""
    kinds = s.get("counters", ["material", "ingredient"])
    n = amount(g, ctx, s.get("count", 1))
    labels = [f"get {n} {COUNTER_EN[k]}" for k in kinds]
    choice = yield Decision(ctx.controller, DecisionKind.MODE, Msg("prompt.gain_either", card=ctx.source.number, ability=_asking(ctx)),
                            tuple(Action.of("mode", i) for i in range(len(kinds))), ctx.source.id,
                            {"modes": labels, "modes_ja": [f"{COUNTER_JA[k]}を{n}個得る" for k in kinds], "modes_do": [["gain"] for _ in kinds]})
    kind = kinds[int(choice.args[0])]
    p = g.state.players[ctx.controller]
    setattr(p, kind, getattr(p, kind) + n)
    emit(g, "gain", "", player=ctx.controller, counter=kind, count=n)


@VERBS.register("stand_souls_up_to",
                lambda s: f"stand up to {_amount_en(s.get('count', 1))} of your souls",
                lambda s: f"あなたのソウル{_amount_ja(s.get('count', 1))}枚までをスタンドする")
def v_stand_souls_up_to(g: Any, ctx: Ctx, s: dict) -> None:
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


def _may_play_en(s: dict) -> str:
    base = (f"you may play it for ◇{s.get('reduce', 0)} less than its cost (but never under ◇1)"
            if s.get("reduce") else "you may play it")
    return f"if {cond_en(s['cond'])}, {base}" if s.get("cond") else base


def _may_play_ja(s: dict) -> str:
    base = (f"それをコストから◇{s.get('reduce', 0)}引いてプレイしてよい（ただし◇1より下にはならない）"
            if s.get("reduce") else "それをプレイしてよい")
    return f"{cond_ja(s['cond'])}なら、{base}" if s.get("cond") else base


@VERBS.register("may_play", _may_play_en, _may_play_ja)
def v_may_play(g: Any, ctx: Ctx, s: dict) -> Iterator:
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
                yield Decision(ctx.controller, DecisionKind.MAY, Msg("prompt.cannot_play", card=ctx.source.number, card_target=card.number, ability=_asking(ctx)),
                               (Action("no"),), ctx.source.id,
                               {"prompt_ja": f"{card.defn.full_name_in('ja')}はこの方法ではプレイできない。",
                                "does": ["may_play"]})
            continue
        choice = yield Decision(ctx.controller, DecisionKind.MAY,
                                Msg("prompt.may_play", card=ctx.source.number, card_target=card.number, cost=cost, ability=_asking(ctx)),
                                (Action("yes"), Action("no")), ctx.source.id,
                                {"prompt_ja": f"{card.defn.full_name_in('ja')}をソウル{cost}でプレイしてよい。",
                                 "does": ["may_play"]})
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


def _assigned_this_turn(g: Any, ctx: Ctx | None, src: Card, c: dict) -> bool:
    card = g.state.in_base(src.id)
    return card is not None and card.assigned_turn == g.state.turn


CONDITIONS.add("assigned_this_turn", _assigned_this_turn, "this card has been assigned this turn",
               "このカードがこのターンにアサインされている")
CONDITIONS.add("souls_before_at_least",
               lambda g, ctx, src, c: bool(ctx is not None and ctx.vars.get("souls_before", 0) >= c["count"]),
               lambda c: f"you already had at least {c['count']} souls before that",
               lambda c: f"増やす前のソウルが{c['count']}枚以上だった")


# ---------------------------------------------------------------------------------------------------------------
# amounts
# ---------------------------------------------------------------------------------------------------------------


def _own_pals(g: Any, ctx: Ctx, spec: dict) -> int:
    return sum(1 for c in g.state.players[ctx.controller].pals() if matches(g, c, spec.get("filter"), ctx))


AMOUNTS.add("own_pals", _own_pals, lambda s: f"of your {noun_phrase_en(s.get('filter'), 'Pals')}",
            lambda s: f"あなたの{filter_ja(s.get('filter'))}パル")
AMOUNTS.add("x_times", lambda g, ctx, s: ctx.x * s.get("by", 1),
            lambda s: f"{s.get('by', 1)} times X" if s.get("by", 1) != 1 else "X",
            lambda s: f"X×{s.get('by', 1)}")
