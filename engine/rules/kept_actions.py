"""The actions the main and quick options are made of, kept by card id: a decision lists them with look-ups."""
from __future__ import annotations

from typing import Any

from ..model.abilities import Ability
from ..model.actions import Action, made_of, pinned
from ..model.state import Card
from .legality import ability_costs

SOULDRAW, END, PASS = (pinned(Action.of(verb)) for verb in ("souldraw", "end", "pass"))


def activate_actions(card: Card, index: int, ab: Ability) -> list[Action]:
    """The actions activating ability ``index`` of a card, one per cost alternative."""
    n = len(ability_costs(ab))
    return [activate_of(card.id, index, k, n) for k in range(n)]


def split_activation(action: Action) -> tuple[int, int, int]:
    """(card id, ability index, cost alternative) of an activate action."""
    a = action.args
    alt = int(a[3]) if len(a) >= 4 and a[2] == "cost" else 0
    return int(a[0]), int(a[1]), alt


class Kept(dict):
    """Actions kept by key, each made at the first look-up of its key (``__missing__``): finding a kept one is
    a plain dict look-up, so a decision can list them with ``map``. Bounded: emptied when full."""

    __slots__ = ("make",)

    def __init__(self, make: Any):
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Any:
        if len(self) >= _KEPT_MAX:
            self.clear()
        made = self[key] = self.make(key)
        return made


def _play_of(card_id: int) -> Action:
    """``Action.of("play", card_id)``, its text put together here (``made_of``)."""
    sid = str(card_id)
    return made_of(("play", card_id), (sid,), "play " + sid)


class _Attacks(dict):
    """The attack actions of one attacker, kept by target ("player" or a card id): ``Action.of("attack",
    card_id, target)``, made with the attacker's words put together once. About 50 a game are new in a fresh
    process (card ids grow through a game, so an (attacker, target) pair is often met for the first time)."""

    __slots__ = ("card_id", "sid", "head")

    def __init__(self, card_id: int):
        super().__init__()
        self.card_id = card_id
        self.sid = str(card_id)
        self.head = "attack " + self.sid + " "

    def __missing__(self, target: int | str) -> Action:
        if len(self) >= _KEPT_MAX:
            self.clear()
        st = str(target)
        made = self[target] = made_of(("attack", self.card_id, target), (self.sid, st), self.head + st)
        return made


# "play ID" by card id (ids are small numbers, the same in every game)
PLAYS: Kept = Kept(_play_of)
# "attack ID TARGET" by attacker id, then target ("player" or the target's id)
ATTACKS: Kept = Kept(_Attacks)


def play_action(card_id: int) -> Action:
    """The action ``play ID`` (kept, so the next decision finds it with one look-up)."""
    return PLAYS[card_id]


_KEPT_MAX = 20_000   # entries of the kept-action tables (card ids grow during a game; a long session is bounded)


def activations_of(suffix: tuple) -> Any:
    """The maker of the actions ``activate ID`` followed by an ability's index (and cost alternative), by card
    id: ``Action.of("activate", card_id, *suffix)``, the suffix's words put together once (``made_of``)."""
    words = tuple(map(str, suffix))
    tail = " " + " ".join(words)

    def make(card_id: int) -> Action:
        sid = str(card_id)
        return made_of(("activate", card_id, *suffix), (sid, *words), "activate " + sid + tail)

    return make


def activate_of(card_id: int, index: int, alt: int, alts: int) -> Action:
    """The action activating ability ``index`` of a card paying cost alternative ``alt`` of ``alts``."""
    return Action.of("activate", card_id, index) if alts == 1 else Action.of("activate", card_id, index, "cost", alt)
