"""Twin games that prove secrecy: alike in all one player may know, different in the opponent's hidden cards.

Two games start from the same seed and decks; in the twin, the opponent's deck is put in another order and
some of its cards are other cards. Both are then played with the same choices: the observing player's
choices are taken from their (identical) options, and each opponent choice is mirrored in the twin (the same
action, or the same-verb option at the same place). After every step, while the public state of the two
games is the same, everything the observer is shown must be the same too: their view with its decision,
the new log entries narrated in English and Japanese, and whatever else a client sends (``watch``). A
difference there is a leak of hidden information, raised as ``SecrecyLeak``. Once the public state differs
(a hidden difference was revealed, as the rules allow), the comparison ends.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..model.actions import Action
from ..model.state import Card
from ..rules.continuous import is_night, power, strike
from ..rules.game import Game
from .languages import LANGS
from .view import log_entry, view

Watch = Callable[[Game], Any]


class SecrecyLeak(AssertionError):
    """What a player was shown differs between two games that differ only in what they may not know."""


@dataclass
class TwinReport:
    """How far a pair of twin games was compared, and why the comparison ended."""

    steps: int = 0                 # steps after which the observer's observations were compared
    hidden_choices: int = 0        # opponent decisions compared while the twins still looked the same
    ended: str = ""                # "game over", "public difference", "choices diverged", "step limit"
    kinds: set = field(default_factory=set)   # decision kinds met while comparing


def public_state(game: Game) -> tuple:
    """What both players know, taken from the state itself (not from ``view``, which is what is tested)."""
    s = game.state

    def shown(c: Card) -> tuple:
        on_mat = c.zone == "base"
        return (c.id, c.number, c.rested, c.damage, power(s, c) if on_mat and c.defn.power is not None else None,
                strike(s, c) if on_mat and c.defn.type == "pal" else None)

    players = tuple(
        (p.life, len(p.deck), len(p.hand), p.soul_deck, p.souls_standing, p.souls_rested, p.material,
         p.ingredient, *(tuple(shown(c) for c in p.zone(z)) for z in ("base", "graveyard", "exile", "resolution")))
        for p in s.players)
    b = s.battle
    battle = None if b is None else (b.attacker, b.target, b.step, b.nullified, b.blocked_by)
    # cards shown from hidden zones: revealed, or announced by playing or activating them (from the hand too)
    revealed = tuple((e.kind, tuple(e.data.get("numbers", ())), e.data.get("number"), e.data.get("ability"))
                     for e in s.log if e.kind in ("reveal", "play", "activate"))
    return (s.turn, s.turn_player, s.phase, is_night(s), players, battle, s.outcome, revealed)


def make_twin_decks(deck: list[str], pool: list[str], rng: random.Random, swaps: int) -> list[str]:
    """The opponent's deck of the twin: ``swaps`` cards replaced by other cards of the pool."""
    twin = list(deck)
    for i in rng.sample(range(len(twin)), min(swaps, len(twin))):
        twin[i] = rng.choice(pool)
    return twin


def twin_games(decks: tuple[list[str], list[str]], seed: int, observer: int, rng: random.Random,
               swaps: int = 0, keep_top: int = 0) -> tuple[Game, Game]:
    """Two games from one setup; in the second, the observer's opponent's deck below its top ``keep_top``
    cards is in another order and has ``swaps`` other cards. The difference is made after the setup shuffle
    and before any card is drawn (a deep difference keeps the twins alike longer, until a look or a search
    reaches it)."""
    a = Game.new(*decks, seed=seed, snapshots=False, check_decks=False)
    b = Game.new(*decks, seed=seed, snapshots=False, check_decks=False)
    opponent = b.state.players[1 - observer]
    if any(p.hand for p in b.state.players):
        raise ValueError("twins must differ before the opening hands are drawn (leave 'first' unset)")
    numbers = [c.number for c in opponent.deck]
    top, rest = numbers[:keep_top], numbers[keep_top:]
    rng.shuffle(rest)
    numbers = top + make_twin_decks(rest, sorted({*decks[0], *decks[1]}), rng, swaps)
    opponent.deck = [Card(c.id, n, c.owner, "deck") for c, n in zip(opponent.deck, numbers, strict=True)]
    return a, b


def observation(game: Game, observer: int, since: int) -> dict:
    """What the observer is shown after a step: their view (without log) and the log entries from ``since``."""
    out = {lang: view(game, observer, lang, log_tail=0) for lang in LANGS}
    out["log"] = {lang: [log_entry(e, observer, lang) for e in game.log[since:]] for lang in LANGS}
    return out


def mirror(action: Action, a: Game, b: Game) -> Action | None:
    """The twin's counterpart of an opponent's choice in ``a``: the same action if it is legal in ``b``,
    else the option of the same verb at the same place among that verb's options; None if there is none."""
    options_b = b.decision.options
    if action in options_b:
        return action
    same_a = [o for o in a.decision.options if o.verb == action.verb]
    same_b = [o for o in options_b if o.verb == action.verb]
    place = same_a.index(action)
    return same_b[place] if place < len(same_b) else None


def difference(x: Any, y: Any, path: str = "") -> str:
    """The first path at which two observations differ ('' if they are equal)."""
    if isinstance(x, dict) and isinstance(y, dict):
        for key in sorted(set(x) | set(y), key=str):
            if key not in x or key not in y:
                return f"{path}.{key}"
            found = difference(x[key], y[key], f"{path}.{key}")
            if found:
                return found
        return ""
    if isinstance(x, list) and isinstance(y, list):
        if len(x) != len(y):
            return f"{path} (length {len(x)} vs {len(y)})"
        for i, (u, v) in enumerate(zip(x, y, strict=True)):
            found = difference(u, v, f"{path}[{i}]")
            if found:
                return found
        return ""
    return "" if x == y else f"{path}: {x!r} vs {y!r}"


class Twins:
    """Two games played in step and watched through one player's eyes."""

    def __init__(self, a: Game, b: Game, observer: int, watch: tuple[Watch, Watch] | None = None):
        self.games, self.observer, self.watch = (a, b), observer, watch
        self.seen = [0, 0]
        self.steps = 0

    def alike(self) -> bool:
        """True while the public states agree, after checking that the observer was shown the same things
        (raising SecrecyLeak if not); False once a hidden difference has become public."""
        a, b = self.games
        if public_state(a) != public_state(b):
            return False
        shown = [observation(g, self.observer, self.seen[i]) for i, g in enumerate(self.games)]
        if self.watch is not None:
            for i, g in enumerate(self.games):
                shown[i]["client"] = self.watch[i](g)
        where = difference(*shown)
        if where:
            raise SecrecyLeak(f"player {self.observer} can tell the twins apart after {self.steps} steps "
                              f"(last choices {a.choices[-3:]} / {b.choices[-3:]}): {where}")
        self.seen = [len(a.log), len(b.log)]
        return True

    def apply(self, action: Action | str, twin_action: Action | str | None = None) -> None:
        """One step: ``action`` in the first game, ``twin_action`` (default: the same) in the twin."""
        a, b = self.games
        a.apply(action)
        b.apply(action if twin_action is None else twin_action)
        self.steps += 1


def compare_twins(a: Game, b: Game, observer: int, rng: random.Random, *, max_steps: int = 2000,
                  watch: tuple[Watch, Watch] | None = None) -> TwinReport:
    """Play twins in step until they end or differ publicly; raise SecrecyLeak if the observer could tell
    them apart before that. ``rng`` picks every choice (uniformly among the legal options)."""
    twins = Twins(a, b, observer, watch)
    report = TwinReport()
    while True:
        if not twins.alike():
            report.ended = "public difference"
            return report
        report.steps = twins.steps
        if a.decision is None:
            report.ended = "game over"
            return report
        if twins.steps >= max_steps:
            report.ended = "step limit"
            return report
        d = a.decision
        report.kinds.add(d.kind.value)
        action = rng.choice(d.options)
        twin_action = action
        if d.player != observer:
            report.hidden_choices += 1
            twin_action = mirror(action, a, b)
            if twin_action is None:
                report.ended = "choices diverged"
                return report
        twins.apply(action, twin_action)


def check_secrecy(decks: tuple[list[str], list[str]], seed: int, rng: random.Random,
                  max_steps: int = 2000) -> list[TwinReport]:
    """Twin checks from both players' eyes for one pair of decks, with a difference of random size and
    depth (what ``selfplay --secrecy`` runs)."""
    reports = []
    for observer in (0, 1):
        a, b = twin_games(decks, seed, observer, rng, swaps=rng.choice((0, 1, 3, 10)),
                          keep_top=rng.choice((0, 5, 10, 20)))
        reports.append(compare_twins(a, b, observer, rng, max_steps=max_steps))
    return reports
