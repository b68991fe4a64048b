"""Events and automatic-ability triggers: every event is logged, then matched against automatic abilities."""
from __future__ import annotations

from typing import Any

from ..model.abilities import SELF_TRIGGERS, TRIGGER_EVENTS, TRIGGERS
from ..model.carddb import ANY_EVENT
from ..model.game import GameLike
from ..model.log import Event
from ..model.state import Card, Trigger
from .continuous import BaseIndex, abilities, base_index, granted_autos_hear, is_night, own_abilities


def emit(g: GameLike, kind: str, rule: str = "", /, *, lookback: tuple[Card, ...] = (), **data: Any) -> Event:
    """Log an event and put every automatic ability it triggers into the pending list (10.5)."""
    ev = _new_event(Event, (kind, data, rule))   # Event(kind, data, rule) without the named tuple's Python frame
    g.state.log.append(ev)
    if kind in (_TRIGGERING or _triggering_events()):
        _trigger(g, kind, data, lookback)
    return ev


def emit_data(g: GameLike, kind: str, rule: str, data: dict, lookback: tuple[Card, ...] = ()) -> Event:
    """``emit`` given the event's data as a dict the caller made for it (it becomes the logged event's own, so the
    caller must not change it afterwards): the hot callers save packing the keywords again."""
    ev = _new_event(Event, (kind, data, rule))
    g.state.log.append(ev)
    if kind in (_TRIGGERING or _triggering_events()):
        _trigger(g, kind, data, lookback)
    return ev


def _trigger(g: GameLike, kind: str, data: dict, lookback: tuple[Card, ...]) -> None:
    """Put every automatic ability an event of this kind (that some trigger word reacts to) triggers into the
    pending list (10.5)."""
    state = g.state
    idx = state.base_index or base_index(state)
    if not ((idx.granted_events or state.effects) and granted_autos_hear(state, kind, idx)):
        # only printed abilities can trigger: the index lists, in base order, those this kind of event may
        # trigger; cards that left the base with this event follow, as they were (own printed abilities)
        listeners = idx.listeners
        heard = listeners.get(kind, ()) if ANY_EVENT not in listeners else _in_order(idx, kind)
        if lookback:
            gone = _gone(idx, lookback, kind)
            if gone:
                heard = [*heard, *gone]
        event = None
        for card, ab in heard:
            on = ab.trigger["on"]
            own = SELF_TRIGGERS.get(on)
            if own is not None and (own[0] != kind or data.get(own[1]) != card.id):
                continue   # most listeners wait for this kind of event naming another card (On Deploy, On Attack)
            if event is None:   # the event as abilities see it, made once something may trigger
                event = {**data, "kind": kind}
                if lookback:
                    event["lookback"] = lookback   # cards as they were when they left (their CONT still counts, Q&A official-65)
            if own is not None or TRIGGERS[on].run(g, card, ab, event):
                for _ in range(activations(g, card, lookback)):
                    state.pending.append(Trigger(card.owner, card, ab.index, event, granted=ab))
        return
    event = {**data, "kind": kind}
    if lookback:
        event["lookback"] = lookback
    seen: set[int] = set()
    # without granted abilities anywhere, a card's automatic abilities are just its printed ones
    fast = not any(e.kind == "grant" for e in state.effects) and not any(
        c.defn.grants for p in state.players for c in p.base)
    for card in (*state.all_base(), *lookback):
        if card.id in seen:
            continue
        seen.add(card.id)
        if fast:
            abs_ = card.defn.autos
        else:
            abs_ = abilities(state, card) if card.zone == "base" else own_abilities(state, card)
        for ab in abs_:
            if ab.kind != "auto" or ab.zone != "base":
                continue
            entry = TRIGGERS[ab.trigger["on"]]
            if entry.run(g, card, ab, event):
                times = activations(g, card, lookback)
                for _ in range(times):
                    state.pending.append(Trigger(card.owner, card, ab.index, event, granted=ab))


def _gone(idx: BaseIndex, lookback: tuple[Card, ...], kind: str) -> list:
    """Printed abilities an event of this kind may trigger on cards that left the base with it (each once)."""
    out: list = []
    seen = None
    for card in lookback:
        by_event = card.defn.autos_by_event
        autos = by_event.get(ANY_EVENT, by_event.get(kind, ())) if by_event else ()
        if not autos:   # most cards have no ability this kind of event may trigger: nothing to add
            continue
        if seen is None:
            seen = {c.id for c in idx.cards}
        if card.id not in seen:
            seen.add(card.id)
            out.extend((card, ab) for ab in autos)
    return out


def _in_order(idx: BaseIndex, kind: str) -> list:
    """The abilities an event of this kind may trigger, in base order, when some card has a trigger word that
    declares no event kinds (it is tried on every event)."""
    out = []
    for card in idx.cards:
        by_event = card.defn.autos_by_event
        out.extend((card, ab) for ab in by_event.get(ANY_EVENT, by_event.get(kind, ())))
    return out


_TRIGGERING: frozenset[str] = frozenset()   # filled at the first event (the vocabulary is registered by then)
_new_event = tuple.__new__


def _triggering_events() -> frozenset[str]:
    """Every event kind some trigger word reacts to (all kinds, when a trigger does not declare its events)."""
    global _TRIGGERING
    if not _TRIGGERING:
        undeclared = set(TRIGGERS) - set(TRIGGER_EVENTS)
        _TRIGGERING = _EVERYTHING if undeclared else frozenset().union(*TRIGGER_EVENTS.values())
    return _TRIGGERING


class _Everything(frozenset):
    def __contains__(self, item: object) -> bool:
        return True

    def __bool__(self) -> bool:
        return True


_EVERYTHING = _Everything()


def activations(g: GameLike, card: Card, lookback: tuple[Card, ...] = ()) -> int:
    """How many times a triggered automatic ability of this card activates (twice under a CONT such as
    'if it is night, your Pals' automatic abilities activate twice'; never more than twice, Q&A official-85)."""
    state = g.state
    if not card.is_pal or not is_night(state, lookback):
        return 1
    for src in (*state.all_base(), *lookback):
        if src.owner != card.owner:
            continue
        for ab in own_abilities(state, src):
            if ab.kind == "cont" and any(d["do"] == "auto_twice" for d in ab.effect):
                return 2
    return 1
