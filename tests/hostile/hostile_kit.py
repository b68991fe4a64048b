"""What every hostile-input case checks: the documented error, a short one-line message, a bounded time, and
(where a game exists) an unchanged game.

A case is ``Case(id, call, error, mentions)``: ``call`` does the hostile thing (given the game when the case
needs one), ``error`` is the documented exception type it must raise, ``mentions`` a regular expression the
message must match (case-insensitive), so the message says what was wrong.
"""
from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from engine import Game, view
from engine.bench import random_deck
from engine.replay import state_hash

TIME_LIMIT = 5.0        # seconds: a hang guard, not a benchmark (the hangs it guards against took 18 s and more)
MESSAGE_LIMIT = 300     # characters of an error message quoting one input


@dataclass(frozen=True)
class Case:
    id: str
    call: Callable[..., Any]
    error: type[BaseException]
    mentions: str
    game: bool = False            # the call takes a game and must leave it unchanged
    message_limit: int = MESSAGE_LIMIT


def a_game() -> Game:
    """A game a few decisions in (so rewind has history), at a decision."""
    rng = random.Random(5)
    g = Game.new(random_deck(rng), random_deck(rng), 5)
    for _ in range(4):
        g.apply(g.decision.options[0])
    return g


def fingerprint(g: Game) -> tuple:
    """Everything a hostile call must leave alone."""
    return (state_hash(g), list(g.choices), json.dumps(view(g, 0)), json.dumps(view(g, 1)),
            g.decision.to_dict() if g.decision else None, g.outcome, len(g.log))


def check_message(message: str, mentions: str, limit: int = MESSAGE_LIMIT) -> None:
    """Short, one line, printable, and saying what was wrong."""
    assert len(message) < limit, f"message of {len(message)} characters: {message[:200]!r}"
    assert "\n" not in message and "\r" not in message, message
    message.encode("utf-8")   # printable: no lone surrogates copied from the input
    assert re.search(mentions, message, re.IGNORECASE), f"{message!r} does not match {mentions!r}"


def run_case(case: Case) -> None:
    g = a_game() if case.game else None
    before = fingerprint(g) if g is not None else None
    t0 = time.perf_counter()
    with pytest.raises(case.error) as caught:
        case.call(g) if case.game else case.call()
    elapsed = time.perf_counter() - t0
    assert elapsed < TIME_LIMIT, f"took {elapsed:.2f}s"
    assert type(caught.value) is case.error or isinstance(caught.value, case.error)
    check_message(str(caught.value), case.mentions, case.message_limit)
    if g is not None:
        assert fingerprint(g) == before, "a refused input changed the game"
