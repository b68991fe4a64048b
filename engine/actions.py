"""Actions (small frozen values with a stable text form), decisions and the IllegalAction error."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
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

    def __post_init__(self) -> None:
        # cheap type checks for every action; that each part is one word (so the text form round-trips) is
        # checked once per choice, by ``as_action``
        if type(self.verb) is not str or not self.verb:
            raise IllegalAction(f"An action's verb is one word of text, not {excerpt(self.verb)}.")
        if type(self.args) is not tuple:
            raise IllegalAction(f"An action's arguments are a tuple of words, not {excerpt(self.args)}.")
        for a in self.args:
            if type(a) is not str or not a:
                raise IllegalAction(f"An action's arguments are words of text, not {excerpt(a)}.")

    @property
    def text(self) -> str:
        """The stable text form; ``Action.parse(a.text) == a``."""
        return " ".join((self.verb, *self.args))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the text form of an action; text that is not an action raises IllegalAction."""
        if not isinstance(text, str):
            raise IllegalAction(f"An action is text or an Action, not {excerpt(text)}.")
        if len(text) > MAX_ACTION_CHARS:
            raise IllegalAction(f"The action text is too long ({len(text)} characters, at most {MAX_ACTION_CHARS}).")
        parts = text.split()
        if not parts:
            raise IllegalAction("An action cannot be empty.")
        return cls(parts[0], tuple(parts[1:]))

    @classmethod
    def of(cls, verb: str, *args: object) -> Action:
        """Build an action from any printable arguments."""
        return cls(verb, tuple(str(a) for a in args))

    def __str__(self) -> str:
        return self.text


def as_action(value: Action | str) -> Action:
    """An Action, or the Action a text stands for; anything else raises IllegalAction."""
    if isinstance(value, Action):
        for part in (value.verb, *value.args):
            if part.split() != [part]:
                raise IllegalAction(f"An action's verb and arguments are words without spaces, not {excerpt(part)}.")
        return value
    if isinstance(value, str):
        return Action.parse(value)
    raise IllegalAction(f"An action is text or an Action, not {excerpt(value)}.")


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
        if action in self.options:
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
