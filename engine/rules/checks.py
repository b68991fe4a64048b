"""Rule actions (11) and the check timing (10.5): losses, destruction, the 5-Pal limit, then automatic abilities."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..model.abilities import Ctx, granted, run_steps
from ..model.actions import Action, Decision, DecisionKind
from ..model.game import GameLike
from ..model.message import Msg
from ..model.outcome import GameOver, Outcome, OutcomeReason
from ..model.state import PAL_LIMIT, Trigger
from .continuous import base_index, power
from .costs import pick_cards
from .events import emit, emit_data
from .zones import move


def check_losses(g: GameLike) -> None:
    """11.3: life 0 or less, or 0 cards in the deck, loses; both players at once is a draw (1.2.2)."""
    state = g.state
    p0, p1 = state.players
    if p0.life > 0 and p1.life > 0 and p0.deck and p1.deck:
        return   # the usual answer, without the list of losers
    lost = []
    for p in state.players:
        if p.life <= 0:
            lost.append((p.index, OutcomeReason.LIFE))
        elif not p.deck:
            lost.append((p.index, OutcomeReason.DECK_OUT))
    if not lost:
        return
    if len(lost) == 2:
        outcome = Outcome(None, OutcomeReason.BOTH_LOST)
    else:
        loser, reason = lost[0]
        outcome = Outcome(1 - loser, reason)
    state.outcome = outcome
    emit(g, "game_over", "11.3", winner=outcome.winner, reason=outcome.reason.value)
    raise GameOver(outcome)


def destroyed(g: GameLike) -> list:
    """11.4.1: Pals and structures whose damage is at least their power or durability.

    A card with no damage is not destroyed even when its power is 0 or less (Q&A official-92).
    """
    state = g.state
    return [c for p in state.players for c in p.base
            if c.damage > 0 and c.defn.type in ("pal", "structure") and c.damage >= power(state, c)]


def rule_actions(g: GameLike) -> Iterator:
    """Perform rule actions repeatedly until none applies (10.5.1)."""
    state = g.state
    while True:
        check_losses(g)
        doomed = destroyed(g)
        if doomed:
            in_battle = state.battle is not None
            for card in doomed:
                emit_data(g, "destroyed", "11.4.1", {"card": card.id, "number": card.number,
                                                     "player": card.owner, "damage": card.damage})
            for card in doomed:   # destroyed simultaneously: each sees the others as leaving with it
                if state.in_base(card.id):
                    move(g, card, "graveyard", cause="destroyed_battle" if in_battle else "destroyed",
                         together=tuple(doomed))
            continue
        p0, p1 = state.players
        if (len(p0.base) <= PAL_LIMIT or _pal_count(p0.base) <= PAL_LIMIT) and (
                len(p1.base) <= PAL_LIMIT or _pal_count(p1.base) <= PAL_LIMIT):
            return   # (the usual answer, without looking for whose base is over the limit)
        tp = state.turn_player
        over = next((p for i in (tp, 1 - tp)
                     if len((p := state.players[i]).base) > PAL_LIMIT and len(p.pals()) > PAL_LIMIT), None)
        if over is not None:
            excess = len(over.pals()) - PAL_LIMIT
            ids = yield from pick_cards(g, over.index, over.pals(), excess,
                                        Msg("prompt.pal_limit", limit=PAL_LIMIT, n=excess),
                                        DecisionKind.PAL_LIMIT)
            for cid in ids:
                card = state.in_base(cid)
                emit(g, "pal_limit", "11.5", card=cid, number=card.number, player=over.index)
                move(g, card, "graveyard", cause="pal_limit")
            continue
        return


def rule_action_due(g: GameLike) -> bool:
    """Whether a rule action other than a loss may apply now (a loss ends the game here: 11.3 is checked first).

    Most checks follow one that found nothing to do, with nothing since that could change the answer: the
    quiet mark (``State.rules_quiet``) answers those without looking at the bases."""
    state = g.state
    quiet = state.rules_quiet
    if quiet is not None and (not state.maybe_damaged or (
            quiet[0] is state.effects and (quiet[1] == len(quiet[0]) or _still_quiet(state)))):
        return False   # (effects matter only to the power of damaged cards)
    p0, p1 = state.players
    if p0.life <= 0 or p1.life <= 0 or not p0.deck or not p1.deck:
        check_losses(g)
    base0, base1 = p0.base, p1.base
    if (len(base0) > PAL_LIMIT and _pal_count(base0) > PAL_LIMIT) or (len(base1) > PAL_LIMIT and
                                                                     _pal_count(base1) > PAL_LIMIT):
        return True
    if state.maybe_damaged:   # else no card in a base has damage, so none is destroyed (11.4.1, Q&A official-92)
        damaged = False
        for base in (base0, base1):
            for c in base:
                if c.damage:   # (never negative)
                    damaged = True
                    if c.defn.type in ("pal", "structure") and c.damage >= power(state, c):
                        return True
        if not damaged:
            state.maybe_damaged = False
        elif not _steady_powers(state):
            return False
    state.rules_quiet = (state.effects, len(state.effects))
    return False


def _still_quiet(state: Any) -> bool:
    """Whether the effects added since the quiet mark (to the same list: the engine only appends effects or
    replaces the list) leave every power alone; if so the mark moves past them, else it is forgotten."""
    effects, seen = state.rules_quiet
    for e in effects[seen:]:
        if e.kind in _POWER_EFFECTS:
            state.rules_quiet = None
            return False
    state.rules_quiet = (effects, len(effects))
    return True


# temporary effects that can change a power under ``_steady_powers``: a change, a granted ability, a card name
_POWER_EFFECTS = frozenset({"power", "grant", "extra_name"})


def _grants_power(record: dict) -> bool:
    """Whether a granted ability may change a power: a continuous ability with a power or grant descriptor."""
    ab = granted(record)
    return ab.kind == "cont" and any(d.get("do") in ("power", "grant") for d in ab.effect)


def _pal_count(base: list) -> int:
    """How many Pals a base holds (the 5-Pal limit, 11.5, counts Pals only), without making their list."""
    n = 0
    for c in base:
        if c.defn.type == "pal":
            n += 1
    return n


def _steady_powers(state: Any) -> bool:
    """Whether the power of every damaged card can now change only through the temporary effects (a new list,
    or a power change, granted ability or card name appended) or a card that changes other cards' power
    entering or leaving a base; ``zones.move`` forgets the quiet mark then, as ``deal_damage`` does.

    Then a search that found no destroyed card (11.4.1) stays true until one of those happens. It holds when
    no granted ability changes power (``_grants_power``) and each continuous power descriptor either is "this
    card gets" on a card without damage, or has no condition, a fixed amount and a filter on printed facts (or
    names, which effects add)."""
    idx = state.base_index or base_index(state)
    effects = state.effects
    if (effects and any(e.kind == "grant" and _grants_power(e.value) for e in effects)) or (idx.grant_sources and any(
            _grants_power(d["ability"]) for c in idx.grant_sources for _ab, d in c.defn.grants)):
        return False
    for src, ab, d in idx.cont.get("power", ()):
        if d.get("applies", "self") == "self" and not src.damage:
            continue
        if ab.condition is not None or d.get("if") is not None or type(d.get("amount", 0)) is not int:
            return False
        filt = d.get("filter")
        if filt and not _STEADY_FILTERS.issuperset(filt):
            return False
    return True


# filter keys that read only printed facts, or card names (whose additions are temporary effects)
_STEADY_FILTERS = frozenset({"type", "types", "type_in", "color", "cost_min", "cost_max", "cost_is", "main_name",
                             "element", "lucky", "work", "name_contains", "not_keyword"})


def timing_due(g: GameLike) -> bool:
    """Whether a check timing has anything to do (a rule action or a pending ability); checking first saves
    starting one for nothing, which is what most check timings are. Under the quiet mark (nothing since the
    last check could make a rule action due) that is one look at the pending list and the mark."""
    state = g.state
    if state.pending:
        return True
    quiet = state.rules_quiet
    if quiet is not None and (not state.maybe_damaged or (quiet[0] is state.effects and quiet[1] == len(quiet[0]))):
        return False
    return rule_action_due(g)


def quiet_mark_broken(g: GameLike) -> bool:
    """Whether the quiet mark answers "nothing is due" while a rule action is due, computed from scratch (a
    loss, a destroyed card, more than 5 Pals): an invariant ``python -m engine selfplay`` checks at every step."""
    state = g.state
    quiet = state.rules_quiet
    if quiet is None or (state.maybe_damaged and not (quiet[0] is state.effects and quiet[1] == len(quiet[0]))):
        return False
    players = state.players
    return (any(p.life <= 0 or not p.deck for p in players) or any(len(p.pals()) > PAL_LIMIT for p in players)
            or bool(destroyed(g)))


def check_timing(g: GameLike) -> Iterator:
    """10.5: rule actions first, then one automatic ability at a time, turn player's first (Q&A official-43)."""
    state = g.state
    # started with nothing pending, the timing is due for a rule action (``timing_due`` just said so): the rule
    # actions run without asking again (they do nothing when none applies, so the answer is the same either way)
    due = not state.pending
    while True:
        if due or rule_action_due(g):
            yield from rule_actions(g)
        due = False
        pending = state.pending
        if not pending:
            return
        if len(pending) == 1:   # the usual case: one ability waits, nobody orders anything
            yield from resolve_trigger(g, pending.pop())
            continue
        tp = state.turn_player
        player = tp if any(t.controller == tp for t in pending) else 1 - tp
        mine = [t for t in pending if t.controller == player]
        trig = mine[0]
        if len(mine) > 1:
            options = tuple(Action.of("pick", i) for i in range(len(mine)))
            choice = yield Decision(player, DecisionKind.ORDER, Msg("prompt.order"), options, None, {
                "abilities": [_label(t) for t in mine],
                # "pick K" is mine[K]: its card (id, number) and that card's ability
                "pending": [{"card": t.source.id, "number": t.source.number, "ability": t.ability_index}
                            for t in mine]})
            trig = mine[int(choice.args[0])]
        state.pending.remove(trig)
        yield from resolve_trigger(g, trig)


def _label(trig: Trigger) -> Msg:
    """A waiting ability as an option (its card's name and its text), made once per ability and card: abilities
    are immutable, and the ability is kept with its label, so the id it is found by is not reused."""
    ab = trig.granted
    key = (id(ab), trig.source.number)
    kept = _TEXTS.get(key)
    if kept is None or kept[0] is not ab:
        if len(_TEXTS) >= 4096:
            _TEXTS.clear()
        kept = _TEXTS[key] = (ab, Msg("part.order", card=trig.source.number, skill=ab.raw))
    return kept[1]


_TEXTS: dict[tuple[int, str], tuple[Any, Msg]] = {}


def resolve_trigger(g: GameLike, trig: Trigger) -> Iterator:
    """Play and resolve one automatic ability."""
    ab = trig.granted
    emit_data(g, "ability", "10.1.1.2", {"card": trig.source.id, "number": trig.source.number,
                                         "player": trig.controller, "ability": ab.index,
                                         "ability_kind": "auto", "keyword": ab.keyword})
    ctx = Ctx(trig.controller, trig.source, ab, trig.event)
    yield from run_steps(g, ctx, ab.effect)
