"""Words for the blue and colorless cards: revealing, adding to hand, X definitions, card names, counts.

Every word is generic (any card may use it); how it reads is in ``engine.presentation.cardtext``.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...model.abilities import AMOUNTS, CONDITIONS, VERBS, Ctx, amount, matches, run_steps
from ...model.actions import Action, Decision, DecisionKind, on_forget
from ...model.carddb import CARDS
from ...model.game import GameLike
from ...model.message import Msg
from ...model.state import Card, Effect
from ..costs import pick_cards
from ..events import emit
from ..verbs.cards import v_to_hand
from ..verbs.choosing import v_look_top
from ..verbs.conditions import chosen_match
from ..verbs.targets import asking, card_names, targets, until_turn

# ---------------------------------------------------------------------------------------------------------------
# verbs
# ---------------------------------------------------------------------------------------------------------------


@VERBS.register("reveal_top")
def v_reveal_top(g: GameLike, ctx: Ctx, s: dict) -> None:
    """Reveal the top N cards of your deck; they become the chosen cards ("it" in later steps)."""
    v_look_top(g, ctx, {**s, "reveal": True})
    ctx.chosen = list(ctx.looked)


@VERBS.register("take")
def v_take(g: GameLike, ctx: Ctx, s: dict) -> None:
    """Add the chosen cards (from the deck, a revealed card, the graveyard...) to their owner's hand."""
    v_to_hand(g, ctx, s)


@VERBS.register("with_x")
def v_with_x(g: GameLike, ctx: Ctx, s: dict) -> Iterator:
    """Fix X to an amount computed now, then resolve the inner steps (which say "X")."""
    ctx.x = amount(g, ctx, s["x"])
    yield from run_steps(g, ctx, s["steps"])


def card_name_options() -> dict[str, str]:
    """Every card name in the official card list: action argument (a card number) -> full card name.

    Only names that exist in the released card list can be declared (Q&A official-67, official-68)."""
    out: dict[str, str] = {}
    seen: set[str] = set()
    for number, d in sorted(CARDS.items()):
        if d.full_name not in seen:
            seen.add(d.full_name)
            out[number] = d.full_name
    return out


def _name_options() -> tuple[dict[str, str], tuple[Action, ...]]:
    """``card_name_options()`` and their "name" actions, made once per card list (it sorts every card, and a
    declaration lists them all); forgotten with the tables of made actions, so parsing finds the listed ones."""
    key = (CARDS.version, len(CARDS))
    if _NAMES.get("key") != key:
        names = card_name_options()
        _NAMES.update(key=key, names=names, options=tuple(Action.of("name", n) for n in names))
    return _NAMES["names"], _NAMES["options"]


_NAMES: dict[str, Any] = {}
on_forget(_NAMES.clear)


@VERBS.register("declare_name")
def v_declare_name(g: GameLike, ctx: Ctx, s: dict) -> Iterator:
    """The controller declares a card name (``name NUMBER`` names the card with that number)."""
    names, options = _name_options()
    choice = yield Decision(ctx.controller, DecisionKind.NAME, Msg("prompt.declare_name", card=ctx.source.number, ability=asking(ctx)), options, ctx.source.id,
                            {"names": dict(names)})
    ctx.vars["name"] = names[choice.args[0]]
    emit(g, "declared", "", player=ctx.controller, name=ctx.vars["name"], source=ctx.source.id)


@VERBS.register("add_name")
def v_add_name(g: GameLike, ctx: Ctx, s: dict) -> None:
    """The chosen cards get the declared card name as well as their own until a time."""
    name = ctx.vars.get("name")
    if not name:
        return
    for card in targets(g, ctx, s):
        if card.zone == "base":
            g.state.effects.append(Effect("extra_name", card.id, value=name, until_turn=until_turn(g, s),
                                          source_id=ctx.source.id))


@VERBS.register("reveal_hand")
def v_reveal_hand(g: GameLike, ctx: Ctx, s: dict) -> Iterator:
    """Reveal cards from your hand (by default you may reveal fewer, even none); they become the chosen cards."""
    hand = [c for c in g.state.players[ctx.controller].hand if matches(g, c, s.get("filter"), ctx)]
    ids = yield from pick_cards(g, ctx.controller, hand, amount(g, ctx, s.get("count", 1)),
                                Msg("prompt.reveal", card=ctx.source.number, ability=asking(ctx)), DecisionKind.REVEAL, ctx.source.id,
                                up_to=bool(s.get("up_to", True)),
                                hidden_from=len(g.state.players[ctx.controller].hand))
    ctx.chosen = list(ids)
    ctx.vars["revealed"] = list(ids)
    if ids:
        emit(g, "reveal", "", player=ctx.controller, cards=list(ids),
             numbers=[g.state.find(i).number for i in ids], public=True)


# ---------------------------------------------------------------------------------------------------------------
# conditions
# ---------------------------------------------------------------------------------------------------------------


CONDITIONS.add("it_is", chosen_match)
CONDITIONS.add("did_not", lambda g, ctx, src, c: not (ctx and ctx.vars.get("did")))


def _revealed(g: GameLike, ctx: Ctx | None, src: Card, c: dict) -> bool:
    if ctx is None:
        return False
    cards = [g.state.find(i) for i in ctx.vars.get("revealed", [])]
    return any(card is not None and matches(g, card, c.get("filter"), ctx) for card in cards)


CONDITIONS.add("revealed", _revealed)


def _first_card(g: GameLike, ctx: Ctx | None, src: Card, c: dict) -> bool:
    """No card other than this one was played by you this game (this card itself counts as played)."""
    owner = ctx.controller if ctx else src.owner
    played = g.state.players[owner].cards_played
    return played <= (1 if src.zone in ("resolution", "graveyard") else 0)


CONDITIONS.add("no_other_cards_played", _first_card)


def _at_least(g: GameLike, ctx: Ctx | None, src: Card, c: dict) -> bool:
    return amount(g, ctx or Ctx(src.owner, src), c["amount"]) >= c.get("count", 1)


CONDITIONS.add("at_least", _at_least)


# ---------------------------------------------------------------------------------------------------------------
# amounts
# ---------------------------------------------------------------------------------------------------------------


def _named_cards(g: GameLike, ctx: Ctx, spec: dict) -> list[tuple[Card, set[str]]]:
    """Your base cards that match the filter, each with its card names that contain ``contains``."""
    out = []
    for card in g.state.players[ctx.controller].base:
        if matches(g, card, spec.get("filter"), ctx):
            names = {n for n in card_names(g, card) if spec.get("contains", "") in n}
            if names:
                out.append((card, names))
    return out


def _distinct_names(g: GameLike, ctx: Ctx, spec: dict) -> int:
    """How many different card names (containing a word) your matching cards have between them."""
    return len(set().union(*(names for _, names in _named_cards(g, ctx, spec))))


def _match(cards: list[tuple[Card, set[str]]]) -> int:
    """The most cards that can each be given a different one of their names (a bipartite matching)."""
    owner: dict[str, int] = {}

    def place(i: int, seen: set[str]) -> bool:
        for name in cards[i][1]:
            if name in seen:
                continue
            seen.add(name)
            if name not in owner or place(owner[name], seen):
                owner[name] = i
                return True
        return False

    return sum(1 for i in range(len(cards)) if place(i, set()))


def _cards_with_different_names(g: GameLike, ctx: Ctx, spec: dict) -> int:
    """How many of your matching cards have card names (containing a word) different from each other.

    Names added by effects count, but several cards sharing one name count once (Q&A official-97)."""
    return _match(_named_cards(g, ctx, spec))


AMOUNTS.add("distinct_names", _distinct_names)
AMOUNTS.add("different_named", _cards_with_different_names)
