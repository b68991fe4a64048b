"""The game state: card objects, players, zones and temporary effects (plain data, deep-copyable)."""
from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any

from .carddb import CARDS, CardDef
from .outcome import Outcome

PAL_LIMIT = 5          # 4.4.5.2
MAX_SOULS = 10         # 6.1.2.1
SOULS_PER_TURN = 2     # 7.4.2.1
START_LIFE = 10
START_HAND = 5
ZONES = ("deck", "hand", "base", "graveyard", "exile", "resolution")
_FIND_ORDER = ("base", "hand", "resolution", "graveyard", "exile", "deck")


@dataclass(slots=True)
class Card:
    """One card object in a zone; it gets a new id whenever it moves (a card leaving the base is a new card)."""

    id: int
    number: str
    owner: int
    zone: str = "deck"
    rested: bool = False
    damage: int = 0
    entered_turn: int = 0
    assigned_turn: int = -1
    exiled_by: int | None = None
    tags: dict = field(default_factory=dict)
    defn: CardDef = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.defn = CARDS[self.number]

    @property
    def is_pal(self) -> bool:
        return self.defn.type == "pal"

    def copy(self) -> Card:
        """The same card as a new object (a shuffle gives each deck card a new one; see ``State.clone``)."""
        # one store per statement: about a quarter cheaper than tuple assignments, and a copy is made for every
        # card of a shuffled deck (over 170 a game)
        new = _new_card(Card)
        new.id = self.id
        new.number = self.number
        new.owner = self.owner
        new.zone = self.zone
        new.rested = self.rested
        new.damage = self.damage
        new.entered_turn = self.entered_turn
        new.assigned_turn = self.assigned_turn
        new.exiled_by = self.exiled_by
        new.tags = self.tags.copy() if self.tags else {}
        new.defn = self.defn
        return new


_new_card = Card.__new__


@dataclass(slots=True)
class Player:
    """One player's zones and resources."""

    index: int
    deck: list[Card] = field(default_factory=list)      # index 0 is the top
    hand: list[Card] = field(default_factory=list)
    base: list[Card] = field(default_factory=list)
    graveyard: list[Card] = field(default_factory=list)
    exile: list[Card] = field(default_factory=list)
    resolution: list[Card] = field(default_factory=list)
    soul_deck: int = 10
    souls_standing: int = 0
    souls_rested: int = 0
    life: int = START_LIFE
    material: int = 0
    ingredient: int = 0
    redraw_done: bool = False
    souldraw_turn: int = -1
    cards_played: int = 0
    decklist: tuple[str, ...] = ()

    @property
    def souls(self) -> int:
        return self.souls_standing + self.souls_rested

    def zone(self, name: str) -> list[Card]:
        return getattr(self, name)

    def pals(self) -> list[Card]:
        return [c for c in self.base if c.defn.type == "pal"]

    def clone(self, memo: dict[int, Card]) -> Player:
        """A copy: base cards are copied, the other zones' cards are shared (see ``State.clone``)."""
        new = Player.__new__(Player)
        new.base = [memo.setdefault(id(c), c.copy()) for c in self.base]
        for name in ("deck", "hand", "graveyard", "exile", "resolution"):
            setattr(new, name, list(getattr(self, name)))
        for name in _PLAYER_VALUES:
            setattr(new, name, getattr(self, name))
        return new


_PLAYER_VALUES = ("index", "soul_deck", "souls_standing", "souls_rested", "life", "material", "ingredient",
                  "redraw_done", "souldraw_turn", "cards_played", "decklist")


@dataclass(slots=True)
class Effect:
    """A temporary effect created by a resolved ability (power change, granted ability, night, no-stand...).

    It lasts until the end phase of ``until_turn`` (None: no turn limit), while ``source_id`` stays in a base
    when ``while_source`` is set, or until ``uses`` runs out.
    """

    kind: str
    target: int | None = None          # card id, or None for player/global effects
    player: int | None = None
    value: object = None
    until_turn: int | None = None
    source_id: int | None = None
    while_source: bool = False
    until_stand_of: int | None = None  # lasts until this player's next stand phase ends
    uses: int | None = None


@dataclass(slots=True)
class Battle:
    """The battle in progress (section 9)."""

    attacker: int
    attacking_player: int
    target: int | None                 # card id, or None when the player is attacked
    original_target: int | None
    step: str = "attack"
    nullified: bool = False
    blocked_by: int | None = None
    opponent_pal: int | None = None    # the battle opponent (9.4.3)


@dataclass(slots=True)
class Trigger:
    """An automatic ability that triggered and waits for a check timing."""

    controller: int
    source: Card
    ability_index: int
    event: dict
    granted: object = None   # the Ability object when it is not printed on the card


@dataclass(slots=True)
class State:
    """Everything about a game in progress."""

    players: list[Player]
    rng: random.Random
    next_id: int = 1
    turn: int = 0
    turn_player: int = 0
    first_player: int = 0
    phase: str = "setup"
    battle: Battle | None = None
    effects: list[Effect] = field(default_factory=list)
    pending: list[Trigger] = field(default_factory=list)
    delayed: list[dict] = field(default_factory=list)
    used: set = field(default_factory=set)            # once-per-turn keys (card id, ability index, turn)
    end_fired: set = field(default_factory=set)
    outcome: Outcome | None = None
    log: list = field(default_factory=list)
    # what the bases hold (engine.rules.continuous.BaseIndex), rebuilt on demand after a card enters or leaves
    base_index: Any = field(default=None, compare=False, repr=False)
    # False only when no card in a base has damage: set by whatever puts damage on a card (``deal_damage``),
    # cleared by the rule-action check when it finds none, so most check timings skip looking for destroyed cards
    maybe_damaged: bool = field(default=True, compare=False, repr=False)
    # (the effects list, its length) when the last rule-action check found nothing due and nothing since could
    # make one due but a change of effects; None otherwise (engine.rules.checks.rule_action_due: forgotten where
    # damage is dealt, life reaches 0, a deck empties, a base fills, a card changing others' power moves)
    rules_quiet: Any = field(default=None, compare=False, repr=False)
    # True once ``clone`` has copied this state (or made it): card objects outside the bases are then shared
    # with the copy, so none may be changed in place (``Game`` renumbers its own new decks only while False)
    cards_shared: bool = field(default=False, compare=False, repr=False)

    def new_card(self, number: str, owner: int, zone: str) -> Card:
        """A new card object with the next id (``Card(id, number, owner, zone, entered_turn=turn)``)."""
        return self.new_cards((number,), owner, zone)[0]

    def new_cards(self, numbers: tuple[str, ...], owner: int, zone: str) -> list[Card]:
        """``[new_card(n, owner, zone) for n in numbers]`` in one call (the 50 cards of a deck at the start of
        a game: a hundred calls saved per game)."""
        out: list[Card] = []
        append = out.append
        next_id, turn, defs = self.next_id, self.turn, CARDS
        for number in numbers:
            card = _new_card(Card)
            card.id = next_id
            card.number = number
            card.owner = owner
            card.zone = zone
            card.rested = False
            card.damage = 0
            card.entered_turn = turn
            card.assigned_turn = -1
            card.exiled_by = None
            card.tags = {}
            card.defn = defs[number]
            append(card)
            next_id += 1
        self.next_id = next_id
        return out

    def renumber(self, cards: list[Card]) -> None:
        """Give ``cards`` the next ids in their order, in place: only for card objects nothing else holds (no
        snapshot or log shares them), e.g. a deck just made; otherwise a new id needs a new object (4.1)."""
        next_id = self.next_id
        for card in cards:
            card.id = next_id
            next_id += 1
        self.next_id = next_id

    def renew(self, card: Card, zone: str, rested: bool = False) -> Card:
        """The new card object of ``card`` moving to ``zone`` (4.1: a new card with the next id; only its
        scenario labels follow it). Equal to ``new_card(card.number, card.owner, zone)`` with ``rested`` set."""
        new = _new_card(Card)
        new.id = self.next_id
        new.number = card.number
        new.owner = card.owner
        new.zone = zone
        new.rested = rested
        new.damage = 0
        new.entered_turn = self.turn
        new.assigned_turn = -1
        new.exiled_by = None
        new.tags = card.tags.copy() if card.tags else {}
        new.defn = card.defn
        self.next_id += 1
        return new

    def find(self, card_id: int) -> Card | None:
        """The card object with this id in any zone, or None (ids are unique, so the order zones are searched in
        only makes it quick: the small public zones first, the decks last)."""
        p0, p1 = self.players
        for zone in (p0.base, p1.base, p0.hand, p1.hand, p0.resolution, p1.resolution, p0.graveyard, p1.graveyard,
                     p0.exile, p1.exile, p0.deck, p1.deck):   # _FIND_ORDER, without a getattr per zone
            for c in zone:
                if c.id == card_id:
                    return c
        return None

    def in_base(self, card_id: int) -> Card | None:
        """The card object with this id in either base, or None (asked about 250 times a game)."""
        p0, p1 = self.players
        for c in p0.base:
            if c.id == card_id:
                return c
        for c in p1.base:
            if c.id == card_id:
                return c
        return None

    def all_base(self) -> list[Card]:
        return self.players[0].base + self.players[1].base

    def opponent(self, player: int) -> int:
        return 1 - player

    def clone(self, rng_state: tuple | None = None) -> State:
        """An independent copy for undo snapshots: a purpose-written copy, many times cheaper than deepcopy.
        ``rng_state``: ``self.rng.getstate()``, when the caller has read it already (reading it is the dearest
        part of a copy in WebAssembly, and a search copies one sampled world for each of its candidates).

        Card definitions, abilities and log events are immutable and shared. So are card objects outside the
        bases: the engine changes a card object in place only while it is in a base (rested, damage, assigned);
        anywhere else a change makes a new card object (a move, a shuffle). Base cards are copied once each, so
        a base card held by a pending trigger or a delayed ability is the same object as the one in the base.
        """
        memo: dict[int, Card] = {}
        self.cards_shared = True   # from now on the copy holds this state's deck, hand and other cards too
        new = State.__new__(State)
        new.players = [p.clone(memo) for p in self.players]
        rng = random.Random.__new__(random.Random)   # not seeded: it is given the original's position
        rng.setstate(self.rng.getstate() if rng_state is None else rng_state)
        new.rng = rng
        new.next_id, new.turn, new.turn_player = self.next_id, self.turn, self.turn_player
        new.first_player, new.phase, new.outcome = self.first_player, self.phase, self.outcome
        b = self.battle
        new.battle = None if b is None else Battle(b.attacker, b.attacking_player, b.target, b.original_target,
                                                   b.step, b.nullified, b.blocked_by, b.opponent_pal)
        new.effects = [Effect(e.kind, e.target, e.player, e.value, e.until_turn, e.source_id, e.while_source,
                              e.until_stand_of, e.uses) for e in self.effects]
        new.pending = [Trigger(t.controller, _card(t.source, memo), t.ability_index, _event(t.event, memo), t.granted)
                       for t in self.pending]
        new.delayed = [{**d, "source": _card(d["source"], memo)} if "source" in d else dict(d) for d in self.delayed]
        new.used, new.end_fired = set(self.used), set(self.end_fired)
        new.log = list(self.log)
        new.base_index = None
        new.maybe_damaged = self.maybe_damaged
        new.rules_quiet = None
        new.cards_shared = True
        return new


def _card(card: Any, memo: dict[int, Card]) -> Any:
    """The copy of a base card made by this clone, or the value itself (any other card is never changed)."""
    return memo.get(id(card), card) if isinstance(card, Card) else card


def _event(event: dict, memo: dict[int, Card]) -> dict:
    out = dict(event)
    if "lookback" in out:
        out["lookback"] = tuple(_card(c, memo) for c in out["lookback"])
    return out


def state_digest(state: State) -> str:
    """A digest of everything that matters in a game state (zones, resources, turn, outcome)."""
    parts: list[Any] = [state.turn, state.turn_player, state.phase, state.outcome.to_dict() if state.outcome else None]
    for p in state.players:
        parts.append([p.life, p.soul_deck, p.souls_standing, p.souls_rested, p.material, p.ingredient])
        for zone in ("deck", "hand", "base", "graveyard", "exile"):
            parts.append([(c.number, c.rested, c.damage) for c in p.zone(zone)])
    return hashlib.sha256(json.dumps(parts, default=str).encode()).hexdigest()[:16]
