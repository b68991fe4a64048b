"""Choosing cards and looking at the top of the deck: the choose, look_top and rest_to_* verbs."""
from __future__ import annotations

from collections.abc import Iterator

from ...model.abilities import VERBS, Ctx, amount, matches
from ...model.actions import DecisionKind
from ...model.game import GameLike
from ...model.message import RENDER as MESSAGE_RENDER
from ...model.message import Msg
from ...model.state import Card
from ..costs import pick_cards
from ..events import emit, emit_data
from ..zones import move, shuffle
from .targets import asking, find_card, zone_cards


def _hidden_count(g: GameLike, ctx: Ctx, s: dict) -> int | None:
    """How many cards the hidden zone a choice draws from holds (None when the choice is among public cards)."""
    zone = s.get("zone", "base")
    if zone == "looked" and not ctx.vars.get("looked_revealed"):
        return sum(1 for cid in ctx.looked if find_card(g.state, ctx, cid) is not None)
    if zone == "hand":
        hand = zone_cards(g, ctx, "hand", s.get("side", "any"))
        return sum(1 for c in hand if not s.get("other") or c.id != ctx.source.id)
    return None


def _choose_prompt(ctx: Ctx, s: dict) -> Msg:
    """The prompt of a choice (made only when the player is asked, and kept: the same step of the same card asks
    the same question every time)."""
    key = (id(s), ctx.source.number, asking(ctx))
    kept = _PROMPTS.get(key)
    if kept is not None and kept[0] is s:   # the step itself is kept too, so its id is not reused
        return kept[1]
    said = Msg("prompt.choose", card=ctx.source.number, choice=s, ability=asking(ctx))
    if "message" in MESSAGE_RENDER:   # kept only once said in English (as Msg keeps its sentences)
        if len(_PROMPTS) >= 4096:
            _PROMPTS.clear()
        _PROMPTS[key] = (s, said)
    return said


_PROMPTS: dict[tuple, tuple[dict, Msg]] = {}


def _choice_pool(g: GameLike, ctx: Ctx, s: dict) -> list[Card]:
    """The cards a choice may take, in zone order. A filter's card type (the ``type`` filter word) is compared
    first, inline: most choices name one, and it leaves few cards for the other filter words."""
    cards = zone_cards(g, ctx, s.get("zone", "base"), s.get("side", "any"))
    filt = s.get("filter")
    if filt:
        kind = filt.get("type")
        if kind is not None:
            cards = [c for c in cards if c.defn.type == kind]
        if kind is None or len(filt) > 1:
            cards = [c for c in cards if matches(g, c, filt, ctx)]
    if s.get("other"):
        source = ctx.source.id
        cards = [c for c in cards if c.id != source]
    return cards


@VERBS.register("choose")
def v_choose(g: GameLike, ctx: Ctx, s: dict) -> Iterator:
    """Choose cards: ``zone`` base/hand/graveyard/looked, ``side``, ``filter``, ``count`` or ``all``, ``up_to``.

    ``chooser: opponent`` makes the opponent choose. Choosing is sequential; 'up to' allows stopping (Q&A
    official-34); a mandatory choice takes what there is.
    """
    pool = _choice_pool(g, ctx, s)
    if s.get("all"):
        ctx.chosen = [c.id for c in pool]
        return
    n = amount(g, ctx, s.get("count", 1))
    chooser = ctx.opponent if s.get("chooser") == "opponent" else ctx.controller
    if s.get("repeat_ok"):
        ctx.chosen = []
    hidden = _hidden_count(g, ctx, s)
    ids = yield from pick_cards(g, chooser, pool, n, lambda: _choose_prompt(ctx, s),
                                DecisionKind.TARGET, ctx.source.id, up_to=bool(s.get("up_to")),
                                hidden_from=hidden)
    ctx.chosen = ids
    if ids:
        emit_data(g, "chosen", "", {"player": chooser, "cards": list(ids), "source": ctx.source.id,
                                    "public": hidden is None})


@VERBS.register("look_top")
def v_look_top(g: GameLike, ctx: Ctx, s: dict) -> None:
    """Look at (or reveal) the top N cards; fewer if the deck is smaller (Q&A official-38)."""
    deck = g.state.players[ctx.controller].deck
    n = amount(g, ctx, s.get("count", 1))
    ctx.looked = [c.id for c in deck[:n]]
    ctx.vars["looked_revealed"] = bool(s.get("reveal"))
    emit(g, "reveal" if s.get("reveal") else "look", "", player=ctx.controller,
         cards=list(ctx.looked), numbers=[c.number for c in deck[:n]], public=bool(s.get("reveal")))


@VERBS.register("rest_to_deck")
def v_rest_to_deck(g: GameLike, ctx: Ctx, s: dict) -> None:
    """The looked-at cards that were not taken stay in the deck, which is shuffled."""
    shuffle(g, ctx.controller)
    ctx.looked = []


@VERBS.register("rest_to_graveyard")
def v_rest_to_graveyard(g: GameLike, ctx: Ctx, s: dict) -> None:
    for cid in ctx.looked:
        card = find_card(g.state, ctx, cid)
        if card is not None and card.zone == "deck":
            move(g, card, "graveyard", cause="effect", quiet=True)
    ctx.looked = []
