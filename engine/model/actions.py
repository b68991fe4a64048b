"""Actions (small frozen values with a stable text form), decisions and the IllegalAction error."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import repeat
from operator import is_
from typing import Any

from .limits import MAX_ACTION_CHARS, excerpt


class IllegalAction(ValueError):
    """Raised when a choice is not legal now; the message is readable by a player."""


class DecisionKind(StrEnum):
    """What a pending decision asks for."""

    FIRST = "first"          # the randomly chosen player picks who goes first (setup)
    REDRAW = "redraw"        # redraw the opening hand once (setup)
    MAIN = "main"            # main-phase play timing
    TARGET = "target"        # choose cards during resolution
    BLOCK = "block"          # block declaration step (9.4)
    QUICK = "quick"          # quick step play timing of the defending player (9.5)
    ORDER = "order"          # which of your simultaneous automatic abilities resolves next (10.5)
    MAY = "may"              # an optional part of an effect
    MODE = "mode"            # choose one of several modes
    COST = "cost"            # choose cards to pay a cost (discard, assign, butcher)
    NUMBER = "number"        # choose X
    PAL_LIMIT = "pal_limit"  # choose Pals to put into the graveyard over the 5-Pal limit (11.5)
    REVEAL = "reveal"        # choose among looked-at or revealed cards
    NAME = "name"            # declare a card name


@dataclass(frozen=True, slots=True)
class Action:
    """One choice: a verb and its arguments, e.g. ``attack 12 player``."""

    verb: str
    args: tuple[str, ...] = ()
    # the stable text form (``Action.parse(a.text) == a``), made once with the action: it is read for every
    # option of every decision, so it is a plain attribute rather than a property
    text: str = field(default="", init=False, compare=False, repr=False)
    # set on actions the engine made (``of``) or parsed from text (``parse``): ``as_action`` need not check them
    checked: bool = field(default=False, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        try:
            text = " ".join((self.verb, *self.args))
        except TypeError:   # not an action (e.g. a number as an argument): as_action refuses it with the reason
            text = repr((self.verb, self.args))
        object.__setattr__(self, "text", text)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the text form of an action; text that is not an action raises IllegalAction."""
        if text.__class__ is str and cls is Action:
            made = _BY_TEXT.get(text)   # the text of an action the engine made: that very object
            if made is not None:
                return made
        elif not isinstance(text, str):
            raise IllegalAction(f"An action is text or an Action, not {excerpt(text)}.")
        if len(text) > MAX_ACTION_CHARS:
            raise IllegalAction(f"The action text is too long ({len(text)} characters, at most {MAX_ACTION_CHARS}).")
        parts = text.split()
        if not parts:
            raise IllegalAction("An action cannot be empty.")
        if cls is Action:   # the very object the engine listed among the options, when it did
            made = _BY_TEXT.get(" ".join(parts))
            if made is not None:
                return made
        action = cls(parts[0], tuple(parts[1:]))
        object.__setattr__(action, "checked", True)   # words split from text: an action by construction
        return action

    @classmethod
    def of(cls, verb: str, *args: object) -> Action:
        """The action for a verb and any printable arguments; the same values give the same (reused) object."""
        for a in args:
            if a.__class__ is not int and a.__class__ is not str:   # True == 1 and 1.0 == 1: never one key
                return cls(verb, tuple(str(x) for x in args))
        key = (verb,) + args
        action = _MADE.get(key)
        if action is None:
            action = _made(cls, key)
        return action

    def __str__(self) -> str:
        return self.text


_MADE: dict[tuple, Action] = {}   # actions are immutable values: the engine reuses them rather than rebuild them
_BY_TEXT: dict[str, Action] = {}  # the same actions by their text (parsing a chosen option's text is one look-up)
BY_TEXT = _BY_TEXT                # read-only for other modules (``Game.apply`` finds a chosen text's option)
_PINNED: list[Action] = []        # actions other modules keep as constants: found again after the tables empty
_FORGETS: list[Callable[[], None]] = []   # what empties the other tables of made actions, with these


def pinned(action: Action) -> Action:
    """Keep ``action`` (an action made by ``of``, held as a constant) found by its values and text for good."""
    _PINNED.append(action)
    return action


def on_forget(forget: Callable[[], None]) -> None:
    """Call ``forget`` whenever the tables of made actions are emptied: a module keeping made actions in tables
    of its own empties them too, so what a decision lists stays what parsing its text gives."""
    _FORGETS.append(forget)


def forget_actions() -> None:
    """Empty the tables of made actions (they are bounded: ids grow through a session), and every table that
    registered with ``on_forget``; pinned actions stay found."""
    _MADE.clear()
    _BY_TEXT.clear()
    for action in _PINNED:
        _MADE[(action.verb, *action.args)] = _BY_TEXT[action.text] = action
    for forget in _FORGETS:
        forget()
_MADE_MAX = 100_000


def _made(cls: type[Action], key: tuple) -> Action:
    """The action ``Action.of`` did not find by its values (``key``): found by its text, or made and kept.

    About 50 a game (attack actions for new pairs of card ids), so one table look-up and two entries each."""
    if len(_MADE) >= _MADE_MAX:
        forget_actions()
    verb = key[0]
    words = (verb, *map(str, key[1:]))
    if cls is Action and verb.__class__ is str:
        text = " ".join(words)
        checked = text.split() == list(words)   # words without spaces: the text parses back to them
        # made before from other values with the same text (12 and "12"): that one object
        action = _BY_TEXT.get(text) if checked else None
        if action is None:
            action = _fresh(verb, words[1:], text, checked)
            if checked and len(text) <= MAX_ACTION_CHARS:   # what ``parse`` accepts
                _BY_TEXT[text] = action
    else:   # not a verb (``as_action`` refuses it later with the reason)
        action = cls(verb, words[1:])
    _MADE[key] = action
    return action


# the slots of a (frozen) Action, set directly: a new action is made about 50 times a game (attack actions for
# new card ids), and the dataclass constructor with its frozen-field stores and ``__post_init__`` costs about
# three times as much
_new_action = object.__new__
_set_verb, _set_args = Action.verb.__set__, Action.args.__set__
_set_text, _set_checked = Action.text.__set__, Action.checked.__set__


def _fresh(verb: str, args: tuple[str, ...], text: str, checked: bool) -> Action:
    """``Action(verb, args)`` with its ``text`` (`` " ".join((verb, *args))``) and ``checked`` flag given."""
    action = _new_action(Action)
    _set_verb(action, verb)
    _set_args(action, args)
    _set_text(action, text)
    _set_checked(action, checked)
    return action


def made_of(key: tuple, args: tuple[str, ...], text: str) -> Action:
    """``Action.of(*key)`` for a caller that has the words already: ``args`` are the arguments' texts, each one
    word without spaces, and ``text`` is ``" ".join((key[0], *args))``. The kept action, or one made and kept as
    ``_made`` keeps it (the options module makes ~50 attack actions a game this way, at a third of the cost)."""
    action = _MADE.get(key)
    if action is None:
        if len(_MADE) >= _MADE_MAX:
            forget_actions()
        action = _BY_TEXT.get(text)
        if action is None:
            action = _fresh(key[0], args, text, True)
            if len(text) <= MAX_ACTION_CHARS:   # what ``parse`` accepts
                _BY_TEXT[text] = action
        _MADE[key] = action
    return action


def as_action(value: Action | str) -> Action:
    """The Action a choice stands for (an Action, or its text), checked to be one: every part is one word of
    text, so the text form round-trips. Anything else raises IllegalAction. (Checked here, once per choice, not
    when an Action is built: the engine builds many and they are right by construction.)"""
    if isinstance(value, str):
        return Action.parse(value)
    if value.__class__ is Action and value.checked:
        return value
    if not isinstance(value, Action):
        raise IllegalAction(f"An action is text or an Action, not {excerpt(value)}.")
    if type(value.verb) is not str or value.verb.split() != [value.verb]:
        raise IllegalAction(f"An action's verb is one word of text without spaces, not {excerpt(value.verb)}.")
    if type(value.args) is not tuple:
        raise IllegalAction(f"An action's arguments are a tuple of words, not {excerpt(value.args)}.")
    for a in value.args:
        if type(a) is not str:
            raise IllegalAction(f"An action's arguments are words of text, not {excerpt(a)}.")
        if a.split() != [a]:
            raise IllegalAction(f"An action's arguments are words without spaces, not {excerpt(a)}.")
    return value


@dataclass(slots=True)
class Decision:
    """The one pending decision of a game: who decides, what kind, and the legal options."""

    player: int
    kind: DecisionKind
    prompt: str
    options: tuple[Action, ...]
    source: int | None = None
    params: dict = field(default_factory=dict)
    rejected: Any = ()   # ((Action, reason), ...) or a function computing them when first asked

    def rejections(self) -> tuple[tuple[Action, str], ...]:
        """The options that are not legal now, each with the reason a player can read."""
        if callable(self.rejected):
            self.rejected = tuple(self.rejected())
        return self.rejected

    def find(self, action: Action) -> Action:
        """Return the option equal to ``action`` or raise IllegalAction with the reason."""
        if any(map(is_, self.options, repeat(action))) or action in self.options:   # identity first: cheap
            return action
        for bad, reason in self.rejections():
            if bad == action:
                raise IllegalAction(reason)
        raise IllegalAction(f"{excerpt(action.text)} is not one of the legal choices now ({self.kind.value}).")

    def to_dict(self) -> dict:
        """A JSON-serialisable form for views and the UI."""
        return {
            "player": self.player,
            "kind": self.kind.value,
            "prompt": self.prompt,
            "options": [a.text for a in self.options],
            "source": self.source,
            "params": self.params,
            "rejected": [[a.text, r] for a, r in self.rejections()],
        }


_new_decision = object.__new__


def decision(player: int, kind: DecisionKind, prompt: str, options: tuple[Action, ...], source: int | None,
             params: dict, rejected: Any) -> Decision:
    """``Decision(player, kind, prompt, options, source, params, rejected)`` made slot by slot: the main and quick
    decisions (about 125 a game) skip the dataclass constructor's call (a test checks every field is set)."""
    d = _new_decision(Decision)
    d.player = player
    d.kind = kind
    d.prompt = prompt
    d.options = options
    d.source = source
    d.params = params
    d.rejected = rejected
    return d
