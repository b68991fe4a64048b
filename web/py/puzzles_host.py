"""Puzzles for the page: the host's side of the puzzle screen (requests of /work learn-contract, docs/puzzles.md).

One puzzle is played at a time, in an ``engine.clients.puzzle_session.PuzzleSession`` kept here (the playmat's
own game is left alone). Every answer is JSON-able; a bad id or move raises HostError and changes nothing.
"""

from __future__ import annotations

from typing import Any

from playmat_host import request
from protocol import HostError, R
from state_json import jsonable, learn_options

from engine.links import encode, with_moment
from engine.presentation.languages import LANGS
from engine.puzzles import PuzzleError, PuzzleSession, shipped

SESSION: dict[str, Any] = {"session": None}
SHIPPED: dict[str, Any] = {}   # the shipped puzzles, read once: parsing 139 files on every request is slow


def _puzzles() -> dict:
    if not SHIPPED:
        SHIPPED.update(shipped())
    return SHIPPED


def _lang(argument: dict) -> str:
    lang = argument.get("lang", "en")
    if lang not in LANGS:
        raise HostError(f"unknown language {lang!r} (expected one of {', '.join(LANGS)})")
    return lang


def _argument(argument: Any) -> dict:
    if argument is None:
        return {}
    if not isinstance(argument, dict):
        raise HostError("expected an object as the request's argument")
    return argument


def _session():
    session = SESSION["session"]
    if session is None:
        raise HostError("no puzzle is being played: start one first")
    return session


def _state(session) -> dict:
    """The puzzle's state for the page, its options' cards as data."""
    return learn_options(jsonable(session.state()), session.game.decision)


def _guard(fn):
    """Engine refusals (an illegal move, nothing to undo) come back as readable host errors."""
    try:
        return fn()
    except PuzzleError as error:
        raise HostError(str(error)) from None


@request(R.PUZZLE_LIST)
def puzzle_list(host, argument: Any) -> dict:
    """Every shipped puzzle, easiest first: id, kind, difficulty, title, goal and rule numbers."""
    return {"puzzles": [p.summary() for p in _puzzles().values()]}


@request(R.PUZZLE_START)
def puzzle_start(host, argument: Any) -> dict:
    """Start the puzzle ``id`` in ``lang`` (the previous one is dropped)."""
    argument = _argument(argument)
    puzzles = _puzzles()
    pid = argument.get("id")
    if pid not in puzzles:
        raise HostError(f"unknown puzzle {pid!r}")
    SESSION["session"] = PuzzleSession(puzzles[pid], _lang(argument))
    return _state(SESSION["session"])


@request(R.PUZZLE_ACT)
def puzzle_act(host, argument: Any) -> dict:
    """Play one of the options (its ``action`` text)."""
    action = _argument(argument).get("action")
    if not isinstance(action, str):
        raise HostError("expected {\"action\": TEXT}")
    session = _session()
    _guard(lambda: session.act(action))
    return _state(session)


@request(R.PUZZLE_UNDO)
def puzzle_undo(host, argument: Any) -> dict:
    """Take back the last move."""
    session = _session()
    _guard(session.undo)
    return _state(session)


@request(R.PUZZLE_RESTART)
def puzzle_restart(host, argument: Any) -> dict:
    """Back to the start position (tries are kept)."""
    session = _session()
    session.restart()
    return _state(session)


@request(R.PUZZLE_HINT)
def puzzle_hint(host, argument: Any) -> dict:
    """After a wrong try: ``{"action", "label", "reason", "undo"}``, a move that keeps a forced win."""
    session = _session()
    hint = learn_options({"options": [jsonable(_guard(session.hint))]}, session.game.decision)["options"][0]
    return hint


@request(R.PUZZLE_SHARE)
def puzzle_share(host, argument: Any) -> dict:
    """A position link of the puzzle on screen ("how would you play this?"): its board and the moves made so far,
    opened as a position to play against the computer; ``prefix`` (the page's address) goes into the QR code."""
    from links_host import qr_rows  # the app's worker has it (and segno); embeds never share

    argument = _argument(argument)
    session = _session()
    prefix = argument.get("prefix", "")
    if not isinstance(prefix, str) or len(prefix) > 500:
        raise HostError("The page address is too long for a link.")
    code = with_moment(encode(session.game), mode="computer", human=session.me, play=True)
    return {"code": code, "qr": qr_rows(prefix + code)}
