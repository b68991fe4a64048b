"""Continuous effects: current power, strike, abilities (printed and granted), keywords, night and costs."""
from __future__ import annotations

from operator import attrgetter, itemgetter

from ..model.abilities import TRIGGER_EVENTS, Ability, Ctx, amount, check_condition, granted, matches
from ..model.carddb import ANY_EVENT
from ..model.game import GameLike
from ..model.state import Card, State

__all__ = ["granted"]   # re-exported: it lived here before the model layer


class BaseIndex:
    """What the two bases hold, kept between queries: the cards in order, those whose printed continuous
    abilities grant abilities, printed continuous descriptors by kind, and automatic abilities by the event
    kinds that can trigger them. It is rebuilt on demand after a card enters or leaves a base (``invalidate``
    is called where cards move), so power, keyword and trigger queries look these up instead of scanning
    every card of both bases."""

    __slots__ = ("cards", "grant_sources", "granted_events", "granted_keywords", "granted_acts", "granted_conts",
                 "cont", "listeners")

    def __init__(self, state: State):
        self.cards: tuple[Card, ...] = (*state.players[0].base, *state.players[1].base)
        self.grant_sources = tuple(c for c in self.cards if c.defn.grants)
        # what an ability granted by a continuous ability here could be: the event kinds it could react to,
        # its keyword, whether it is activated (so most queries can tell at once that granting changes nothing)
        self.granted_events: frozenset[str] = _NOTHING
        self.granted_keywords: frozenset[str] = _NOTHING
        self.granted_acts = False
        self.granted_conts: frozenset[str] = _NOTHING   # the kinds of continuous descriptors it could have
        if self.grant_sources:
            could = [granted(d["ability"]) for c in self.grant_sources for _ab, d in c.defn.grants]
            self.granted_events = frozenset().union(*(auto_events(ab) for ab in could))
            self.granted_keywords = frozenset(ab.keyword for ab in could if ab.keyword)
            self.granted_acts = any(ab.kind == "act" for ab in could)
            self.granted_conts = frozenset().union(*(cont_kinds(ab) for ab in could))
        cont: dict[str, list] = {}
        listeners: dict[str, list] = {}
        for src in self.cards:
            d = src.defn
            if d.cont_index:
                for kind, entries in d.cont_index.items():
                    cont.setdefault(kind, []).extend([(src, ab, x) for ab, x in entries])
            if d.autos_by_event:
                for kind, autos in d.autos_by_event.items():
                    listeners.setdefault(kind, []).extend([(src, ab) for ab in autos])
        self.cont, self.listeners = cont, listeners


def auto_events(ab: Ability) -> frozenset[str]:
    """The event kinds an ability can be triggered by in the base (``ANY_EVENT``: its trigger word declares none)."""
    if ab.kind != "auto" or ab.zone != "base":
        return frozenset()
    return TRIGGER_EVENTS.get(ab.trigger["on"], _ANY)


_ANY = frozenset({ANY_EVENT})


def cont_kinds(ab: Ability) -> frozenset[str]:
    """The kinds of the continuous descriptors of an ability (``power``, ``cannot_be_attacked``...; none if it
    is not continuous): what a granted ability could change."""
    if ab.kind != "cont":
        return _NOTHING
    return frozenset(map(_DO, ab.effect))


def granted_autos_hear(state: State, kind: str, idx: BaseIndex | None = None) -> bool:
    """Whether some granted ability (by a continuous ability or a temporary effect) is an automatic ability that
    an event of this kind could trigger; if not, only printed abilities can trigger."""
    heard = (idx or base_index(state)).granted_events
    if heard and (kind in heard or ANY_EVENT in heard):
        return True
    for e in state.effects:
        if e.kind == "grant":
            events = auto_events(granted(e.value))
            if kind in events or ANY_EVENT in events:
                return True
    return False


def may_grant_keyword(state: State, kw: str) -> bool:
    """Whether some card could have keyword ``kw`` by a granted ability now (else printed keywords decide)."""
    if kw in (state.base_index or base_index(state)).granted_keywords:
        return True
    for e in state.effects:   # a loop, not a generator (a frame of its own): asked at most decisions
        if e.kind == "grant" and granted(e.value).keyword == kw:
            return True
    return False


def may_grant_cont(state: State, kind: str) -> bool:
    """Whether some card could have a continuous descriptor of this kind by a granted ability now (else only
    printed descriptors in the bases count, ``BaseIndex.cont``)."""
    if kind in (state.base_index or base_index(state)).granted_conts:
        return True
    for e in state.effects:
        if e.kind == "grant" and kind in cont_kinds(granted(e.value)):
            return True
    return False


def may_grant_act(state: State) -> bool:
    """Whether some card could have a granted activated ability now (else its printed ones are all it has)."""
    if (state.base_index or base_index(state)).granted_acts:
        return True
    for e in state.effects:
        if e.kind == "grant" and granted(e.value).kind == "act":
            return True
    return False


_NOTHING: frozenset[str] = frozenset()
# read at C level (``map``) rather than by a generator, which runs in a frame of its own
_DO = itemgetter("do")
_KEYWORD = attrgetter("keyword")


def base_index(state: State) -> BaseIndex:
    """The index of what the bases hold now."""
    idx = state.base_index
    if idx is None:
        idx = state.base_index = BaseIndex(state)
    return idx


def invalidate(state: State) -> None:
    """The bases changed in a way the index does not follow: it is rebuilt at the next query."""
    state.base_index = None


def card_moved(state: State, card: Card, entered: bool) -> None:
    """Keep the index in step when ``card`` has just left a base or (``entered``) been appended to its owner's
    base. The result equals a fresh ``BaseIndex``: entries are in base order,
    player 0's cards before player 1's, a kind with no entries has no key. A card that grants abilities
    changes what the index says granted abilities could be: then it is simply rebuilt at the next query."""
    idx = state.base_index
    if idx is None:
        return
    d = card.defn
    if d.grants:
        state.base_index = None
        return
    idx.cards = (*state.players[0].base, *state.players[1].base)
    # loops rather than comprehensions: a card enters or leaves a base many times a game, and each
    # comprehension runs in a frame of its own (CPython before comprehensions were inlined)
    if entered:
        if d.cont_index:
            new = []
            for kind, entries in d.cont_index.items():
                rows = []
                for ab, x in entries:
                    rows.append((card, ab, x))
                new.append((kind, rows))
            _insert(idx.cont, card, new)
        if d.autos_by_event:
            new = []
            for kind, autos in d.autos_by_event.items():
                rows = []
                for ab in autos:
                    rows.append((card, ab))
                new.append((kind, rows))
            _insert(idx.listeners, card, new)
    else:
        cid = card.id
        for table, kinds in ((idx.cont, d.cont_index), (idx.listeners, d.autos_by_event)):
            for kind in kinds:
                kept = []
                for e in table[kind]:
                    if e[0].id != cid:
                        kept.append(e)
                if kept:
                    table[kind] = kept
                else:
                    del table[kind]


def _insert(table: dict[str, list], card: Card, new: list[tuple[str, list]]) -> None:
    """Put a card's entries where a fresh build would: after its owner's cards (before player 1's for player 0).
    Lists are replaced, not changed, so one being iterated elsewhere is unaffected."""
    for kind, entries in new:
        old = table.get(kind)
        if not old:
            table[kind] = entries
        elif card.owner == 1:
            table[kind] = old + entries
        else:
            at = next((i for i, e in enumerate(old) if e[0].owner == 1), len(old))
            table[kind] = old[:at] + entries + old[at:]


def any_grant_effect(state: State) -> bool:
    """Whether some temporary effect grants an ability now (rare: most queries then take the fast path)."""
    for e in state.effects:
        if e.kind == "grant":
            return True
    return False


def own_abilities(state: State, card: Card) -> list[Ability] | tuple[Ability, ...]:
    """Printed abilities plus those granted by temporary effects (not those granted by other CONT)."""
    extra = []
    cid = card.id
    for e in state.effects:   # a loop: asked at many decisions with effects, no frame of its own
        if e.kind == "grant" and e.target == cid:
            extra.append(granted(e.value))
    return card.defn.abilities + tuple(extra) if extra else card.defn.abilities


def cont_granted(state: State, card: Card) -> list[Ability]:
    """Abilities a card in the base gets from other cards' continuous abilities (e.g. 'all your Pals get ...')."""
    out = []
    for src in base_index(state).grant_sources:   # empty for almost every position: this is on hot paths
        for ab, d in src.defn.grants:
            if cont_applies(state, src, ab, d, card):
                out.append(granted(d["ability"]))
    return out


def abilities(state: State, card: Card) -> list[Ability] | tuple[Ability, ...]:
    """Every ability a card has now: printed, granted until a time, and granted by continuous abilities."""
    own = own_abilities(state, card) if state.effects else card.defn.abilities
    if card.zone != "base" or not base_index(state).grant_sources:
        return own
    extra = cont_granted(state, card)
    return own + tuple(extra) if extra else own


def has_keyword(state: State, card: Card, kw: str) -> bool:
    if kw not in (state.base_index or base_index(state)).granted_keywords and not (
            state.effects and may_grant_keyword(state, kw)):
        return kw in card.defn.keyword_set
    return kw in map(_KEYWORD, abilities(state, card))


def keywords(state: State, card: Card) -> list[str]:
    now = abilities(state, card)
    if now is card.defn.abilities:      # nothing granted (almost always): the printed keywords
        return sorted(card.defn.keyword_set)
    return sorted({ab.keyword for ab in now if ab.keyword})


class _G:
    """A minimal game-like wrapper so filters and conditions can run on a bare state (made per query: an index
    keeping one would hold its state, which holds the index, and every finished game would wait for the cycle
    collector instead of being freed at once)."""

    __slots__ = ("state",)

    def __init__(self, state: State):
        self.state = state


def cont_applies(state: State, src: Card, ab: Ability, d: dict, target: Card, g: GameLike | None = None) -> bool:
    """Whether continuous descriptor ``d`` of ``src`` applies to ``target`` now.

    Which cards a descriptor describes is checked before its conditions: the answer is the same (conditions
    only read the state), and most power queries meet "this card gets ..." descriptors of other cards."""
    who = d.get("applies", "self")
    if who == "self":
        if target.id != src.id:
            return False
    else:
        if who == "others" and target.id == src.id:
            return False
        side = d.get("side", "own")
        if side == "own" and target.owner != src.owner:
            return False
        if side == "opponent" and target.owner == src.owner:
            return False
    if g is None:
        g = _G(state)
    if ab.condition is not None and not check_condition(g, None, src, ab.condition):
        return False
    if d.get("if") is not None and not check_condition(g, None, src, d["if"]):
        return False
    return who == "self" or matches(g, target, d.get("filter"), None)


def _cont_sources(state: State, card: Card, kind: str,
                  lookback: tuple[Card, ...] = ()) -> list[tuple[Card, Ability, dict]]:
    """Continuous descriptors of one kind that might apply to ``card``: printed ones on base cards, and
    granted ones (a granted CONT works for the card that has it, e.g. Nocturnal granted to a Pal)."""
    idx = state.base_index or base_index(state)
    printed = idx.cont.get(kind, ())
    if not lookback and not _granted_may_add(state, idx, kind):
        return printed   # the common case: only printed continuous abilities on base cards
    out = list(printed)
    for c in lookback:
        if c.defn.cont_index and state.in_base(c.id) is None:
            out.extend((c, ab, d) for ab, d in c.defn.cont_index.get(kind, ()))
    for e in state.effects:
        if e.kind == "grant":
            holder = state.in_base(e.target) if e.target is not None else None
            if holder is not None:
                ab = granted(e.value)
                out.extend((holder, ab, d) for d in ab.effect if ab.kind == "cont" and d["do"] == kind)
    if card.zone == "base" and idx.grant_sources:
        for ab in cont_granted(state, card):
            if ab.kind == "cont":
                out.extend((card, ab, d) for d in ab.effect if d["do"] == kind)
    return out


def _granted_may_add(state: State, idx: BaseIndex, kind: str) -> bool:
    """Whether a granted ability (by a continuous ability or an effect) could add a continuous descriptor of
    this kind now; if not, the printed descriptors of the index are all there is (``_cont_sources``)."""
    if not idx.grant_sources and not (state.effects and any_grant_effect(state)):
        return False   # nothing is granted: the usual case, decided without looking at what could be
    return may_grant_cont(state, kind)


def _cont_sum(state: State, card: Card, kind: str, lookback: tuple[Card, ...] = ()) -> int:
    sources = _cont_sources(state, card, kind, lookback)
    return _sum_of(state, card, sources) if sources else 0


def _sum_of(state: State, card: Card, sources: list | tuple) -> int:
    """The amounts of the continuous descriptors among ``sources`` that apply to ``card`` now."""
    g = None
    total = 0
    cid = card.id
    for src, ab, d in sources:
        if src.id != cid and d.get("applies", "self") == "self":
            continue   # another card's "this card gets ...": the usual case, decided without a wrapper
        if g is None:
            g = _G(state)
        if cont_applies(state, src, ab, d, card, g):
            total += _value(g, src, d)
    return total


def _value(g: GameLike, src: Card, d: dict) -> int:
    v = d.get("amount", 0)
    if isinstance(v, dict):
        return amount(g, Ctx(src.owner, src), v) * d.get("per", 1)
    return v


def power(state: State, card: Card) -> int:
    """Current power (or durability) of a card in the base: printed value plus all modifiers."""
    base = card.defn.power or 0
    effects = state.effects
    if effects:
        for e in effects:
            if e.target == card.id and e.kind == "power":
                base += e.value
    idx = state.base_index or base_index(state)
    if (idx.grant_sources or (effects and any_grant_effect(state))) and may_grant_cont(state, "power"):
        return base + _cont_sum(state, card, "power")   # (``_granted_may_add``, without the call)
    printed = idx.cont.get("power")   # all there is (what _cont_sources finds, without the calls)
    return base + _sum_of(state, card, printed) if printed else base


def strike(state: State, card: Card, lookback: tuple[Card, ...] = ()) -> int:
    """Current strike of a Pal (``lookback``: cards that just left the base still apply their CONT, Q&A official-65)."""
    base = card.defn.strike or 0
    effects = state.effects
    if effects:
        for e in effects:
            if e.target == card.id and e.kind == "strike":
                base += e.value
    return base + _cont_sum(state, card, "strike", lookback)


def is_night(state: State, lookback: tuple[Card, ...] = ()) -> bool:
    """Night (a game state, Q&A official-13): from a temporary effect or a CONT such as 'while rested'."""
    for e in state.effects:
        if e.kind == "night":
            return True
    night = (state.base_index or base_index(state)).cont.get("night")
    if not night and not lookback:
        return False   # the usual case: no temporary effect and no card in a base that can make it night
    g = _G(state)
    for src, ab, _d in night or ():
        if ab.condition is None or check_condition(g, None, src, ab.condition):
            return True
    for src in lookback:
        for ab, _d in src.defn.cont_index.get("night", ()):
            if ab.condition is None or check_condition(g, None, src, ab.condition):
                return True
    return False


def effects_on(state: State, card: Card, kind: str) -> list:
    out = []
    cid = card.id
    for e in state.effects:
        if e.kind == kind and e.target == cid:
            out.append(e)
    return out


def cont_flags(state: State, card: Card, kind: str) -> list[tuple[Card, dict]]:
    """Continuous descriptors of this kind that apply to ``card``, with their sources."""
    return [(src, d) for src, ab, d in _cont_sources(state, card, kind) if cont_applies(state, src, ab, d, card)]


def play_cost(state: State, card: Card, player: int) -> int:
    """The soul cost to play a card from hand now, after cost changes (never below 1 from a reduction)."""
    cost = card.defn.cost
    g = _G(state)
    for e in state.effects:
        if e.kind == "cost_mod" and e.player == player and (e.uses is None or e.uses > 0):
            if matches(g, card, e.value.get("filter"), None):
                cost -= e.value["amount"]
    if cost < card.defn.cost:
        cost = max(cost, 1)
    return max(cost, 0)
