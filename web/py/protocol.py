"""The requests the page may send to the worker: each name, its argument and its answer (the one list of them).

A request name is spelled only here: the hosts register their answers under ``R.<NAME>``, and ``build.py`` writes
the same names to ``js/protocol.js`` for the page (``protocol_js``). ``check`` refuses a request that is not in the
table or whose argument does not fit it, before any host sees it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class R(StrEnum):
    """Every request's name as it travels (``screen.verb``)."""

    HELLO = "playmat.hello"
    NEW_GAME = "playmat.new_game"
    ACT = "playmat.act"
    COMPUTER_STEP = "playmat.computer_step"
    UNDO = "playmat.undo"
    CONCEDE = "playmat.concede"
    STATE = "playmat.state"
    WHY_NOT = "playmat.why_not"
    DECK_CODE = "playmat.deck_code"
    BENCH = "playmat.bench"
    SEARCH_BENCH = "playmat.search_bench"
    HINT = "playmat.hint"
    DECKS_CARDS = "decks.cards"
    DECKS_CARD_PAGE = "decks.card_page"
    DECKS_ANALYSE = "decks.analyse"
    DECKS_PARSE = "decks.parse"
    DECKS_SHIPPED = "decks.shipped"
    SIMULATE_START = "simulate.start"
    SIMULATE_STEP = "simulate.step"
    SIMULATE_CANCEL = "simulate.cancel"
    LESSON_LIST = "lessons.list"
    LESSON_START = "lessons.start"
    LESSON_ACT = "lessons.act"
    LESSON_RESTART = "lessons.restart"
    LESSON_STATE = "lessons.state"
    PUZZLE_LIST = "puzzles.list"
    PUZZLE_START = "puzzles.start"
    PUZZLE_ACT = "puzzles.act"
    PUZZLE_UNDO = "puzzles.undo"
    PUZZLE_RESTART = "puzzles.restart"
    PUZZLE_HINT = "puzzles.hint"
    PUZZLE_SHARE = "puzzles.share"
    SAVE_RESUME = "saves.resume"
    SAVE_CHECK = "saves.check"
    IMPORT_CHECK = "saves.import_check"
    SHARE = "saves.share"
    REPLAY_OPEN = "replays.open"
    REPLAY_SEEK = "replays.seek"
    REPLAY_PLAY_FROM = "replays.play_from"


# The JSON kinds an argument or field may have.
KINDS = ("null", "boolean", "integer", "number", "text", "list", "object")


def kind_of(value: Any) -> str:
    """The JSON kind of a parsed value (``integer`` for whole numbers, ``number`` for the others)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "text"
    return "list" if isinstance(value, list) else "object"


@dataclass(frozen=True)
class Field:
    """One field of an argument object: its name, the kinds it may have, whether the page must send it."""

    name: str
    kinds: tuple[str, ...]
    required: bool = False

    def fits(self, value: Any) -> bool:
        kind = kind_of(value)
        return kind in self.kinds or (kind == "integer" and "number" in self.kinds)

    def spelled(self) -> str:
        return f"{self.name}{'' if self.required else '?'}: {' | '.join(self.kinds)}"


def field(name: str, *kinds: str, required: bool = False) -> Field:
    return Field(name, kinds, required)


@dataclass(frozen=True)
class Request:
    """One request: ``argument`` is ``"none"`` (null or ``{}``), ``"text"`` or ``"object"`` (any object, checked by
    its host), or a tuple of fields (an object with only those fields); ``open`` lets such an object carry more."""

    name: R
    argument: str | tuple[Field, ...]
    answer: str
    what: str
    open: bool = False

    def check(self, argument: Any) -> None:
        """Raise ``ProtocolError`` unless ``argument`` fits this request."""
        shape = self.argument
        if shape == "none":
            if argument not in (None, {}):
                raise ProtocolError(f"request {self.name.value!r} takes no argument")
        elif shape == "text":
            if not isinstance(argument, str):
                raise ProtocolError(f"request {self.name.value!r} takes a text, not {kind_of(argument)}")
        elif not isinstance(argument, dict) and not (argument is None and not _required(shape)):
            raise ProtocolError(f"request {self.name.value!r} takes an object, not {kind_of(argument)}")
        elif isinstance(shape, tuple):
            self._check_fields(shape, argument or {})

    def _check_fields(self, fields: tuple[Field, ...], argument: dict) -> None:
        known = {f.name: f for f in fields}
        for f in fields:
            if f.required and f.name not in argument:
                raise ProtocolError(f"request {self.name.value!r} needs the field {f.name!r}")
        for key, value in argument.items():
            f = known.get(key)
            if f is None and not self.open:
                raise ProtocolError(f"request {self.name.value!r} has no field {key!r} "
                                    f"(it takes {', '.join(known) or 'none'})")
            if f is not None and not f.fits(value):
                raise ProtocolError(f"request {self.name.value!r}: field {key!r} must be "
                                    f"{' or '.join(f.kinds)}, not {kind_of(value)}")

    def argument_text(self) -> str:
        """The argument as docs/web.md shows it."""
        if isinstance(self.argument, str):
            return self.argument
        inside = ", ".join(f.spelled() for f in self.argument)
        return "{" + inside + (", …" if self.open else "") + "}"


def _required(fields: str | tuple[Field, ...]) -> bool:
    return isinstance(fields, tuple) and any(f.required for f in fields) or fields == "object"


class ProtocolError(Exception):
    """A request the table does not list, or an argument that does not fit its request."""


class HostError(Exception):
    """A request the page made that cannot be served (bad deck code, no game, ...)."""


LANG = field("lang", "text")
DECK = ("text", "list")        # a shipped deck's id, a deck code or a list of card numbers
STATE = "state: {mode, viewer, human, view, decision{options[option], rejected[option+why]}, log, saved{save, summary}, …}"
# the computer's move: the state, each log line with the why lines of the computer's moves it shows, and the last
STATE_WHY = ("state: {…, log[event+why[{en, ja}]], computer_why{kind, key, text{en, ja}} | null}")

TABLE: tuple[Request, ...] = (
    Request(R.HELLO, "none", "{ok, engine_version, decks, scenarios, catalog, words} (or {ok: false, error})",
            "the engine's versions, shipped decks and card catalogue"),
    Request(R.NEW_GAME, (field("mode", "text"), field("level", "text"), field("deck0", *DECK), field("deck1", *DECK),
                         field("first", "integer", "text", "null"), field("seed", "integer", "null"),
                         field("human", "integer"), LANG, field("scenario", "object", "text")),
            STATE, "start a game from the start screen's choices or a scenario"),
    Request(R.ACT, "text", STATE, "take one option of the human's decision (its action text); the answer carries the save"),
    Request(R.COMPUTER_STEP, "none", STATE_WHY, "let the computer take its pending decision; why it chose that move"),
    Request(R.UNDO, "none", STATE, "rewind to the human's previous decision"),
    Request(R.CONCEDE, "none", STATE, "concede the game"),
    Request(R.STATE, "none", STATE, "the game on the playmat as the viewer sees it"),
    Request(R.WHY_NOT, "text", "text | null", "why an action of the viewer's decision is illegal (null: it is legal)"),
    Request(R.DECK_CODE, "text", "text", "the deck code of a shipped deck"),
    Request(R.BENCH, (field("games", "integer"), field("seed", "integer")), "{games, seconds, games_per_second, …}",
            "random games in this interpreter (tools/bench_web.py)"),
    Request(R.SEARCH_BENCH, (field("positions", "integer"), field("seed", "integer"), field("budget_s", "number", "null"),
                             field("playouts", "integer", "null")), "{playouts, seconds, playouts_per_s, …}",
            "Strong's search on seeded positions in this interpreter (tools/bench_search_web.py)"),
    Request(R.HINT, (field("budget", "number"),), "{action, option, cards, score, playouts, normal, …}",
            "the Strong level's move for the human, from the human's view"),
    Request(R.DECKS_CARDS, "none", "{number: {sets, keywords, …}}", "the gallery's extras of every card"),
    Request(R.DECKS_CARD_PAGE, (field("number", "text", required=True),), "{number, rules, qa, …}",
            "one card's page: its rules and rulings"),
    Request(R.DECKS_ANALYSE, (field("numbers", "list", required=True), LANG, field("focus", "text", "null")),
            "{problems, curve, odds, …}", "the deck builder's checks and figures of a deck"),
    Request(R.DECKS_PARSE, (field("code", "text", required=True),), "{numbers, code}", "read a pasted deck code"),
    Request(R.DECKS_SHIPPED, "none", "[{id, name, numbers}]", "the shipped decks"),
    Request(R.SIMULATE_START, (field("deck", *DECK, required=True), field("games", "integer"),
                               field("level", "text"), field("seed", "integer"), LANG),
            "{done, total, rows}", "set up games of a deck against every shipped deck"),
    Request(R.SIMULATE_STEP, "none", "{done, total, rows}", "play a quarter of a second of the simulation"),
    Request(R.SIMULATE_CANCEL, "none", "{cancelled}", "stop the simulation"),
    Request(R.LESSON_LIST, "none", "{lessons: [{id, title, …}]}", "the lessons"),
    Request(R.LESSON_START, (field("id", "text", required=True), LANG), "lesson state: {options[{action, label}], …}",
            "start a lesson"),
    Request(R.LESSON_ACT, (field("action", "text", required=True), LANG), "lesson state", "one step of a lesson"),
    Request(R.LESSON_RESTART, (LANG,), "lesson state", "start the lesson again"),
    Request(R.LESSON_STATE, (LANG,), "lesson state", "the lesson on screen, in a language"),
    Request(R.PUZZLE_LIST, "none", "{puzzles: [{id, title, …}]}", "the puzzles"),
    Request(R.PUZZLE_START, (field("id", "text", required=True), LANG), "puzzle state: {options[{action, label}], …}",
            "start a puzzle"),
    Request(R.PUZZLE_ACT, (field("action", "text", required=True),), "puzzle state", "one move in a puzzle"),
    Request(R.PUZZLE_UNDO, "none", "puzzle state", "take back the last move"),
    Request(R.PUZZLE_RESTART, "none", "puzzle state", "start the puzzle again"),
    Request(R.PUZZLE_HINT, "none", "{action, label, reason, undo}", "a move that keeps a forced win"),
    Request(R.PUZZLE_SHARE, (field("prefix", "text"),), "{code, qr}", "a position link of the puzzle on screen"),
    Request(R.SAVE_RESUME, "object", "{state, warnings}", "put a saved game back on the playmat"),
    Request(R.SAVE_CHECK, "object", "{summary}", "check a save or replay record and summarise it"),
    Request(R.IMPORT_CHECK, "text", "{items}", "check an exported file before importing it"),
    Request(R.SHARE, (field("record", "object"), field("prefix", "text"), field("at", "integer", "null"),
                      field("position", "boolean"), field("mode", "text", "null"), field("human", "integer"),
                      field("names", "list", "null")),
            "{code, qr}", "a link to a game, or to one moment of it"),
    Request(R.REPLAY_OPEN, (field("code", "text"), field("record", "object"), field("mode", "text", "null"),
                            field("human", "integer", "null"), field("level", "text", "null"),
                            field("practice", "text", "null")),
            "{total, turns, moments, record, mode, human, …}",
            "open a replay from a link, a stored record or a save (its host checks the rest)", open=True),
    Request(R.REPLAY_SEEK, (field("n", "integer", required=True), field("as", "integer", "text"),
                            field("event", "integer", "null")),
            "{n, view, log, next, next_option, event, events, …}", "the replay at decision n, as a seat sees it"),
    Request(R.REPLAY_PLAY_FROM, (field("n", "integer", required=True), field("mode", "text", required=True),
                                 field("human", "integer"), field("level", "text", "null")),
            STATE, "play on from a replay's decision n"),
)

BY_NAME: dict[str, Request] = {request.name.value: request for request in TABLE}


def check(method: Any, argument: Any) -> Request:
    """The table's entry for ``method`` once ``argument`` fits it; else ``ProtocolError`` saying why."""
    request = BY_NAME.get(method) if isinstance(method, str) else None
    if request is None:
        raise ProtocolError(f"unknown request {str(method)[:80]!r}: the page may send only the requests of "
                            "web/py/protocol.py")
    request.check(argument)
    return request


def protocol_js() -> str:
    """``js/protocol.js``: the request names for the page, written by ``build.py`` from ``R``."""
    lines = [f"  {member.name}: {member.value!r}," for member in R]
    return ("// Written by build.py from web/py/protocol.py (the one list of the page's requests): do not edit.\n\n"
            "/** Every request the page may send to the worker, by name (docs/web.md, \"The protocol\"). */\n"
            "export const R = Object.freeze({\n" + "\n".join(lines) + "\n});\n")


def markdown_table() -> str:
    """The table as docs/web.md shows it (a test keeps the two the same)."""
    rows = ["| request | argument | answer | what it does |", "| --- | --- | --- | --- |"]
    for request in TABLE:
        cells = (f"`{request.name.value}`", f"`{request.argument_text()}`", f"`{request.answer}`", request.what)
        rows.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(rows) + "\n"
