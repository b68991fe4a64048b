"""Costs (10.4): all or nothing; souls are paid by resting standing souls; alternative costs ("[A] OR [B]")."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..model.abilities import COSTS, Ctx, matches
from ..model.actions import Action, Decision, DecisionKind, on_forget
from ..model.game import GameLike
from ..model.message import Msg
from ..model.state import Card
from .continuous import effects_on
from .events import emit, emit_data
from .zones import butcher, move

CAN_PAY: dict[str, Callable[[Any, Ctx, dict], str | None]] = {}


def cost_part(name: str) -> Callable:
    """Register a cost word: ``can(g, ctx, part) -> reason | None`` decorated; pay is ``pay_<name>``."""

    def deco(can: Callable) -> Callable:
        CAN_PAY[name] = can
        return can

    return deco


def why_cannot_pay(g: GameLike, ctx: Ctx, alt: tuple[dict, ...], extra_souls: int = 0) -> str | None:
    """The reason this cost alternative cannot be paid in full now, or None (10.4.2.2: no partial payment)."""
    souls = extra_souls + sum(p.get("count", 1) for p in alt if p["do"] == "souls")
    standing = g.state.players[ctx.controller].souls_standing
    if souls > standing:
        return Msg("cost.souls", souls=souls, have=standing)
    for part in alt:
        if part["do"] == "souls":
            continue
        reason = CAN_PAY[part["do"]](g, ctx, part)
        if reason:
            return reason
    return None


def cost_shape(alt: tuple[dict, ...]) -> tuple[int, bool]:
    """(souls it needs, whether it has other parts) of a cost alternative, worked out once per alternative.

    Alternatives belong to abilities, which live as long as the card data; each is kept with its shape, so the
    id it is found by cannot be reused."""
    hit = _SHAPES.get(id(alt))
    if hit is None or hit[0] is not alt:
        hit = _SHAPES[id(alt)] = (alt, sum(p.get("count", 1) for p in alt if p["do"] == "souls"),
                                  any(p["do"] != "souls" for p in alt))
    return hit[1], hit[2]


_SHAPES: dict[int, tuple[tuple, int, bool]] = {}


def pay(g: GameLike, ctx: Ctx, alt: tuple[dict, ...], extra_souls: int = 0) -> Iterator:
    """Pay a cost alternative in order (a generator: some parts ask which cards to use)."""
    if extra_souls:
        rest_souls(g, ctx.controller, extra_souls)
    for part in alt:
        yield from COSTS[part["do"]].run(g, ctx, part) or ()


def rest_souls(g: GameLike, player: int, n: int) -> None:
    """10.4.3: paying N souls rests N standing souls."""
    p = g.state.players[player]
    if n > p.souls_standing:
        raise AssertionError("cost checked before paying")
    p.souls_standing -= n
    p.souls_rested += n
    if n:
        emit_data(g, "pay_souls", "10.4.3", {"player": player, "count": n})


def pick_cards(g: GameLike, player: int, candidates: list[Card], n: int, prompt: str | Callable[[], str],
               kind: DecisionKind, source: int | None = None, up_to: bool = False,
               hidden_from: int | None = None) -> Iterator:
    """Ask a player to pick ``n`` (or up to n) of the candidates one at a time; returns the picked ids.

    The prompt may be a function that makes it: it is called only if a question is asked (most choices take
    what there is, and then nobody reads a prompt).
    ``hidden_from`` says the candidates are the qualifying cards of a hidden zone holding that many cards:
    which questions are asked then depends only on that public count, never on which cards qualify, so the
    opponent learns nothing from them ("done" is offered when nothing qualifies)."""
    picked: list[int] = []
    pool = list(candidates)
    size = len(pool) if hidden_from is None else hidden_from
    while len(picked) < n and len(picked) < size and (pool or hidden_from is not None):
        if not up_to and size - len(picked) <= n - len(picked):
            picked.extend(c.id for c in pool)
            break
        options = [_PICKS[c.id] for c in pool]
        if up_to or not pool:
            options.append(Action.of("done"))
        params = {"picked": list(picked), "need": n, "up_to": up_to}
        if callable(prompt):
            prompt = prompt()
        choice = yield Decision(player, kind, prompt, tuple(options), source, params)
        if choice.verb == "done":
            break
        cid = int(choice.args[0])
        picked.append(cid)
        pool = [c for c in pool if c.id != cid]
    return picked


class _Picks(dict):
    """The actions ``pick ID`` kept by card id, each made at its first look-up (a choice lists one per
    candidate: a plain look-up each instead of ``Action.of``). Bounded, and emptied with the model's tables of
    made actions (``on_forget``), so what a decision lists stays what parsing its text gives."""

    __slots__ = ()

    def __missing__(self, card_id: int) -> Action:
        if len(self) >= _PICKS_MAX:
            self.clear()
        made = self[card_id] = Action.of("pick", card_id)
        return made


_PICKS = _Picks()
_PICKS_MAX = 20_000
on_forget(_PICKS.clear)


# --- souls ---------------------------------------------------------------------------------------------------
@cost_part("souls")
def _can_souls(g: GameLike, ctx: Ctx, part: dict) -> str | None:
    return None


def pay_souls(g: GameLike, ctx: Ctx, part: dict) -> Iterator:
    rest_souls(g, ctx.controller, part.get("count", 1))
    return iter(())


COSTS.add("souls", pay_souls)


# --- discard this card / discard N other cards -----------------------------------------------------------
@cost_part("discard_self")
def _can_discard_self(g: GameLike, ctx: Ctx, part: dict) -> str | None:
    return None if ctx.source.zone == "hand" else Msg("cost.not_in_hand")


def pay_discard_self(g: GameLike, ctx: Ctx, part: dict) -> Iterator:
    move(g, ctx.source, "graveyard", cause="discard")
    ctx.paid.setdefault("discarded", []).append(ctx.source.number)
    return iter(())


COSTS.add("discard_self", pay_discard_self)


def _discard_pool(g: GameLike, ctx: Ctx, part: dict) -> list[Card]:
    hand = g.state.players[ctx.controller].hand
    return [c for c in hand if c.id != ctx.source.id and matches(g, c, part.get("filter"), ctx)]


@cost_part("discard")
def _can_discard(g: GameLike, ctx: Ctx, part: dict) -> str | None:
    n = part.get("count", 1)
    if n == "X":
        return None
    have = len(_discard_pool(g, ctx, part))
    return None if have >= n else Msg("cost.discard", n=n)


def pay_discard(g: GameLike, ctx: Ctx, part: dict) -> Iterator:
    pool = _discard_pool(g, ctx, part)
    n = part.get("count", 1)
    if n == "X":
        n = yield from choose_number(g, ctx.controller, 0, len(pool), Msg("prompt.discard_x", card=ctx.source.number), ctx, "discard")
        ctx.x = n
    others = sum(1 for c in g.state.players[ctx.controller].hand if c.id != ctx.source.id)
    ids = yield from pick_cards(g, ctx.controller, pool, n, Msg("prompt.discard_cost", card=ctx.source.number),
                                DecisionKind.COST, ctx.source.id, hidden_from=others)
    for cid in ids:
        card = g.state.find(cid)
        ctx.paid.setdefault("discarded", []).append(card.number)
        move(g, card, "graveyard", cause="discard")


COSTS.add("discard", pay_discard)


def choose_number(g: GameLike, player: int, lo: int, hi: int, prompt: str, ctx: Ctx, purpose: str | None = None) -> Iterator:
    """Ask for a number between lo and hi inclusive; ``purpose`` (params) says what it counts, e.g. "discard"."""
    if lo == hi:
        return lo
    options = tuple(Action.of("x", n) for n in range(lo, hi + 1))
    choice = yield Decision(player, DecisionKind.NUMBER, prompt, options, ctx.source.id,
                            {"purpose": purpose} if purpose else {})
    return int(choice.args[0])


# --- rest this card ----------------------------------------------------------------------------------------------
@cost_part("rest_self")
def _can_rest_self(g: GameLike, ctx: Ctx, part: dict) -> str | None:
    card = g.state.in_base(ctx.source.id)
    if card is None:
        return Msg("cost.not_in_base")
    return Msg("cost.resting") if card.rested else None


def pay_rest_self(g: GameLike, ctx: Ctx, part: dict) -> Iterator:
    g.state.in_base(ctx.source.id).rested = True
    return iter(())


COSTS.add("rest_self", pay_rest_self)


# --- assign N Pals (5.17) ----------------------------------------------------------------------------------------
def assignable(g: GameLike, ctx: Ctx, part: dict) -> list[Card]:
    """Standing Pals of the controller that may be assigned now."""
    state = g.state
    if any(e.kind == "no_assign" and e.player == ctx.controller for e in state.effects):
        return []
    return [c for c in state.players[ctx.controller].pals()
            if not c.rested and matches(g, c, part.get("filter"), ctx) and not effects_on(state, c, "no_assign")]


@cost_part("assign")
def _can_assign(g: GameLike, ctx: Ctx, part: dict) -> str | None:
    n = part.get("count", 1)
    return None if _assignable_at_least(g, ctx, part, n) else Msg("cost.assign", n=n)


def _assignable_at_least(g: GameLike, ctx: Ctx, part: dict, n: int) -> bool:
    """Whether at least ``n`` Pals are ``assignable`` (the same test, stopping once there are enough)."""
    state = g.state
    effects = state.effects
    if effects and any(e.kind == "no_assign" and e.player == ctx.controller for e in effects):
        return n <= 0
    barred = {e.target for e in effects if e.kind == "no_assign"} if effects else ()
    filt = part.get("filter")
    found = 0
    for c in state.players[ctx.controller].base:
        if found >= n:
            break
        if c.defn.type == "pal" and not c.rested and c.id not in barred and matches(g, c, filt, ctx):
            found += 1
    return found >= n


def pay_assign(g: GameLike, ctx: Ctx, part: dict) -> Iterator:
    n = part.get("count", 1)
    ids = yield from pick_cards(g, ctx.controller, assignable(g, ctx, part), n,
                                Msg("prompt.assign", card=ctx.source.number), DecisionKind.COST, ctx.source.id)
    for cid in ids:
        pal = g.state.in_base(cid)
        pal.rested = True
        pal.assigned_turn = g.state.turn
        ctx.paid.setdefault("assigned", []).append(cid)
        ctx.paid.setdefault("assigned_cost", []).append(pal.defn.cost)
        emit(g, "assign", "5.17", card=cid, number=pal.number, structure=ctx.source.id,
             structure_number=ctx.source.number, player=ctx.controller)


COSTS.add("assign", pay_assign)


# --- consume N Material / Ingredient (5.13) --------------------------------------------------------------------
@cost_part("consume")
def _can_consume(g: GameLike, ctx: Ctx, part: dict) -> str | None:
    n = part.get("count", 1)
    if n == "X":
        return None
    have = getattr(g.state.players[ctx.controller], part["counter"])
    return None if have >= n else Msg("cost.consume", n=n, counter=part["counter"], have=have)


def pay_consume(g: GameLike, ctx: Ctx, part: dict) -> Iterator:
    p = g.state.players[ctx.controller]
    n = part.get("count", 1)
    have = getattr(p, part["counter"])
    if n == "X":
        n = yield from choose_number(g, ctx.controller, 0, have, Msg("prompt.consume_x", card=ctx.source.number, counter=part["counter"]),
                                     ctx, "consume")
        ctx.x = n
    setattr(p, part["counter"], have - n)
    emit(g, "consume", "5.13", player=ctx.controller, counter=part["counter"], count=n)


COSTS.add("consume", pay_consume)


# --- butcher a Pal (5.16) ----------------------------------------------------------------------------------------
def _butcher_pool(g: GameLike, ctx: Ctx, part: dict) -> list[Card]:
    pals = g.state.players[ctx.controller].pals()
    if part.get("other"):
        pals = [c for c in pals if c.id != ctx.source.id]
    return [c for c in pals if matches(g, c, part.get("filter"), ctx)]


@cost_part("butcher")
def _can_butcher(g: GameLike, ctx: Ctx, part: dict) -> str | None:
    return None if len(_butcher_pool(g, ctx, part)) >= part.get("count", 1) else Msg("cost.butcher")


def pay_butcher(g: GameLike, ctx: Ctx, part: dict) -> Iterator:
    ids = yield from pick_cards(g, ctx.controller, _butcher_pool(g, ctx, part), part.get("count", 1),
                                Msg("prompt.butcher", card=ctx.source.number), DecisionKind.COST, ctx.source.id)
    for cid in ids:
        card = g.state.in_base(cid)
        ctx.paid.setdefault("butchered_cost", []).append(card.defn.cost)
        butcher(g, card, ctx.controller)


COSTS.add("butcher", pay_butcher)


# --- put the top N cards of the deck into the graveyard --------------------------------------------------------
@cost_part("mill")
def _can_mill(g: GameLike, ctx: Ctx, part: dict) -> str | None:
    n = part.get("count", 1)
    have = len(g.state.players[ctx.controller].deck)
    return None if have >= n else Msg("cost.mill", n=n)


def pay_mill(g: GameLike, ctx: Ctx, part: dict) -> Iterator:
    deck = g.state.players[ctx.controller].deck
    for _ in range(part.get("count", 1)):
        if deck:
            move(g, deck[0], "graveyard", cause="mill")
    return iter(())


COSTS.add("mill", pay_mill)
