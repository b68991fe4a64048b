"""The one check of everything the app takes from outside: records, saves, replay files, exports and link codes.

``check_input(data, kind)`` parses text within the bounds of ``engine.model.safe_json``, bounds an already
parsed value the same way (``bounded``), then checks every field of a ``kind`` (``KINDS``) against the limits
of ``engine.model.limits``; it returns the checked value or raises one ``BadInput`` subclass whose message is
one short line saying what is wrong and where. It never runs the game: re-executing the choices (which finds
illegal ones) is the loaders' next step (``replay.load``, ``links.decode``), done before anything is stored.
"""
from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Callable
from typing import Any

from ..model.carddb import CARDS, UnknownCard
from ..model.limits import (
    MAX_ACTION_CHARS,
    MAX_CARD_NUMBER_CHARS,
    MAX_CHOICES,
    MAX_DATE_CHARS,
    MAX_DECIDERS,
    MAX_EXPORT_CHARS,
    MAX_EXPORT_ITEMS,
    MAX_HASH_CHARS,
    MAX_ID_CHARS,
    MAX_JSON_DEPTH,
    MAX_JSON_SIZE,
    MAX_LINK_CHARS,
    MAX_NAME_CHARS,
    MAX_NODES,
    MAX_NUMBER_DIGITS,
    MAX_PLAYER_CARDS,
    MAX_SEED,
    MAX_VERSION_CHARS,
    MAX_WHY_CHARS,
    MAX_WHY_LINES,
    BadInput,
    a_number,
    excerpt,
)
from ..model.safe_json import BadJSON, path_to
from ..model.safe_json import loads as safe_loads
from ..model.version import RECORD_FORMAT, __version__
from ..rules.deck import parse_code, validate
from .scenario import BadScenario, build_state

KINDS = ("record", "save", "replay", "export", "link", "scenario", "deck")
RECORD_KEYS = ("format", "engine", "cards", "setup", "choices", "final")
DECK_SETUP_KEYS = ("decks", "seed", "first", "check_decks")
SAVE_KIND = "pwtcg-save"
SAVE_FORMAT = 1
SAVE_KEYS = ("kind", "save_format", "record", "mode", "human", "deciders", "level", "practice", "whys", "check")
REPLAY_KEYS = ("record", "mode", "human", "level", "practice")
PRACTICE = ("seed", "rewind", "replay")          # why a game is marked practice (docs/hidden-information.md)
EXPORT_KIND = "pwtcg-export"
EXPORT_FORMAT = 1
EXPORT_KEYS = ("kind", "format", "items")
ITEM_KEYS = ("store", "id", "name", "created", "updated", "save")
STORES = ("saves", "replays")
MODES = ("computer", "hotseat")                  # the playmat's modes (web/py/playmat_host.py)
LEVELS = ("beginner", "normal", "strong")        # the computer's levels (engine.clients.levels)
LINK_FORMAT = "g"                                # the first letter of a link code of this layout
_VERSION = re.compile(r"([0-9]{1,9})\.([0-9]{1,9})\.([0-9]{1,9})([.+-][0-9A-Za-z.+-]{1,30})?")
_LINK_BODY = re.compile(r"[A-Za-z0-9_-]*")
_MAJOR = __version__.split(".")[0]
_BIG_INT_BITS = int(MAX_NUMBER_DIGITS * 3.33) + 1


class BadRecord(BadInput):
    """A save or replay that cannot be loaded; the message says why."""


class BadSave(BadInput):
    """A save, replay file or exported file of the page that is refused; the message says why."""


class BadDeck(BadInput):
    """A deck (code) from outside that cannot be read or breaks the deck-construction rules (6.1)."""


class BadLink(BadInput):
    """A link that cannot be read; the message says why (and never quotes more than a short excerpt)."""


def check_input(data: Any, kind: str) -> Any:
    """``data`` (JSON text or bytes, or the parsed value; a link: its code) checked as a ``kind`` of ``KINDS``.

    Returns the parsed, checked value; raises BadRecord (records), BadSave (saves, replay files, exports),
    BadLink (links), BadScenario (scenarios) or BadDeck (deck codes: the list of card numbers is returned)
    with a one-line message."""
    if kind == "link":
        return check_link_code(data)
    if kind == "deck":
        return check_deck_code(data)
    if kind not in _CHECKS:
        raise ValueError(f"unknown kind of input {kind!r} (expected one of {', '.join(KINDS)})")
    check, error = _CHECKS[kind]
    try:
        value = parse(data, error, MAX_EXPORT_CHARS if kind == "export" else MAX_JSON_SIZE)
    except BadInput as e:
        raise error(f"{_UNREADABLE[kind]}{e}") from None
    bounded(value, error)
    check(value)
    return value


def parse(data: Any, error: type[BadInput] = BadRecord, max_size: int = MAX_JSON_SIZE) -> Any:
    """JSON text (or bytes) parsed within bounds; anything else is returned as it is."""
    if isinstance(data, str | bytes | bytearray):
        try:
            return safe_loads(data, max_size)
        except BadJSON as e:
            raise error(str(e)) from None
    return data


def bounded(value: Any, error: type[BadInput] = BadRecord) -> None:
    """A parsed value within the bounds safe_json puts on text: nesting, size, finite numbers, text keys
    (the fields' own checks bound each text's length). Lists and objects of plain values are checked at C speed."""
    stack: list[tuple[Any, int, Any]] = [(value, 0, None)]   # (value, depth, (key, parent entry)) for paths
    nodes = 0
    while stack:
        entry = stack.pop()
        item, depth, _ = entry
        if not isinstance(item, dict | list):
            _scalar(entry, error)
            continue
        nodes += 1 + len(item)
        if nodes > MAX_NODES:
            raise error(f"The input is too large (more than {MAX_NODES} values).")
        if depth >= MAX_JSON_DEPTH:
            raise error(f"{_path(entry)}: nested too deep (more than {MAX_JSON_DEPTH} levels).")
        if isinstance(item, dict):
            if not set(map(type, item)) <= {str}:
                key = next(k for k in item if not isinstance(k, str))
                raise error(f"{_path(entry)}: a key must be text, not {excerpt(key)}.")
            values, pairs = item.values(), item.items()
        else:
            values, pairs = item, enumerate(item)
        kinds = set(map(type, values))
        if kinds <= _PLAIN or (kinds == {int} and max(map(int.bit_length, values)) <= _BIG_INT_BITS):
            continue
        for key, inner in pairs:
            if type(inner) not in _PLAIN:
                stack.append((inner, depth + 1, (key, entry)))


_PLAIN = {str, bool, type(None)}


def _scalar(entry: tuple, error: type[BadInput]) -> None:
    item = entry[0]
    if isinstance(item, float) and not math.isfinite(item):
        raise error(f"{_path(entry)}: {item!r} is not a number JSON allows.")
    if isinstance(item, int) and not isinstance(item, bool) and item.bit_length() > _BIG_INT_BITS:
        raise error(f"{_path(entry)}: a number with more than {MAX_NUMBER_DIGITS} digits.")
    if not isinstance(item, str | int | float | type(None)):
        raise error(f"{_path(entry)}: {excerpt(item)}, which JSON cannot hold.")


def _path(entry: tuple, shown: int = 4) -> str:
    """The path of a value met by ``bounded`` (its first ``shown`` steps, then "…")."""
    keys = []
    while entry[2] is not None:
        key, entry = entry[2]
        keys.append(key)
    path = ""
    for key in reversed(keys[-shown:]):
        path = path_to(path, key)
    return (path + ("…" if len(keys) > shown else "")) or "the input"


# ---------------------------------------------------------------------------------------------- records

def check_record(record: Any) -> list[str]:
    """Check every field of a record (types, sizes, versions, decks by rule 6.1); return the version warnings."""
    if not isinstance(record, dict):
        raise BadRecord(f"A record must be a JSON object, not {excerpt(record)}.")
    for key in record:
        if key not in RECORD_KEYS:
            raise BadRecord(f"{path_to('', key)}: unknown key in a record (expected {', '.join(RECORD_KEYS)}).")
    warnings = check_versions(record)
    check_setup(record.get("setup"), "setup" in record)
    choices = record.get("choices")
    if not isinstance(choices, list):
        raise BadRecord(f"choices: expected a list of action texts, got {_got(record, 'choices')}.")
    if len(choices) > MAX_CHOICES:
        raise BadRecord(f"choices: at most {MAX_CHOICES} choices, got {len(choices)}.")
    for i, text in enumerate(choices):
        if not isinstance(text, str):
            raise BadRecord(f"choices[{i}]: expected an action text, got {excerpt(text)}.")
        if len(text) > MAX_ACTION_CHARS:
            raise BadRecord(f"choices[{i}]: an action text this long ({len(text)} characters) is not an action.")
    final = record.get("final")
    if final is not None and (not isinstance(final, str) or len(final) > MAX_HASH_CHARS):
        raise BadRecord(f"final: expected a state hash (text), got {excerpt(final)}.")
    return warnings


def check_versions(record: dict) -> list[str]:
    """Refuse another record format or engine major version; warn about other engine or card data versions."""
    fmt = record.get("format")
    if not a_number(fmt) or fmt != RECORD_FORMAT:
        raise BadRecord(f"format: this engine reads record format {RECORD_FORMAT}, not {_got(record, 'format')}.")
    warnings = []
    engine = record.get("engine")
    if engine is None:
        warnings.append(f"The record does not say which engine made it; this is engine {__version__}.")
    else:
        m = _VERSION.fullmatch(engine) if isinstance(engine, str) and len(engine) <= MAX_VERSION_CHARS else None
        if m is None:
            raise BadRecord(f"engine: expected a version like {__version__}, got {excerpt(engine)}.")
        if not same_major(engine):
            raise BadRecord(f"engine: the record was made by engine {engine}; engine {__version__} replays only "
                            f"records of engine {_MAJOR}.x (the rules may differ).")
        if engine != __version__:
            warnings.append(f"The record was made by engine {engine}; this is engine {__version__}, so it may "
                            f"not replay the same.")
    cards = record.get("cards")
    if cards is None:
        warnings.append("The record does not say which card data it was made with.")
    elif not isinstance(cards, str) or len(cards) > MAX_HASH_CHARS:
        raise BadRecord(f"cards: expected the card data version (text), got {excerpt(cards)}.")
    elif cards != CARDS.version:
        warnings.append(f"The record was made with card data {cards}; this engine has card data "
                        f"{CARDS.version}, so cards may have changed.")
    return warnings


def check_setup(setup: Any, present: bool = True) -> None:
    """A setup is ``{"scenario": {...}}`` or ``{"decks": [[...], [...]], "seed": N, "first": 0 | 1 | null}``
    (plus ``"check_decks": false`` as ``Game.new`` records it; outside input is held to rule 6.1 all the same)."""
    if not present:
        raise BadRecord("setup: missing.")
    if not isinstance(setup, dict):
        raise BadRecord(f"setup: expected an object, got {excerpt(setup)}.")
    if "scenario" in setup:
        if len(setup) != 1:
            raise BadRecord("setup: a scenario setup has the one key \"scenario\" (no decks, seed or first).")
        try:
            check_scenario(setup["scenario"])
        except BadScenario as e:
            raise BadRecord(f"setup.scenario: {e}") from None
        return
    for key in setup:
        if key not in DECK_SETUP_KEYS:
            raise BadRecord(f"setup: unknown key {excerpt(key)} (expected {', '.join(DECK_SETUP_KEYS)}).")
    if setup.get("check_decks", False) is not False:
        raise BadRecord(f"setup.check_decks: only false is ever recorded, got {excerpt(setup['check_decks'])}.")
    decks = setup.get("decks")
    if not isinstance(decks, list) or len(decks) != 2:
        raise BadRecord(f"setup.decks: expected a list of two decks, got {_got(setup, 'decks')}.")
    for i, deck in enumerate(decks):
        _check_deck(deck, f"setup.decks[{i}]")
    seed = setup.get("seed")
    if not a_number(seed) or not -MAX_SEED < seed < MAX_SEED:
        raise BadRecord(f"setup.seed: expected a whole number smaller than 2**64, got {_got(setup, 'seed')}.")
    first = setup.get("first")
    if first is not None and (not a_number(first) or first not in (0, 1)):
        raise BadRecord(f"setup.first: expected 0, 1 or null (the rules decide), got {excerpt(first)}.")


def _check_deck(deck: Any, where: str) -> None:
    """Known card numbers, then the deck-construction rules (6.1): no game from outside opts out of them."""
    if not isinstance(deck, list):
        raise BadRecord(f"{where}: expected a list of card numbers, got {excerpt(deck)}.")
    if len(deck) > MAX_PLAYER_CARDS:
        raise BadRecord(f"{where}: at most {MAX_PLAYER_CARDS} cards, got {len(deck)}.")
    for k, number in enumerate(deck):
        if not isinstance(number, str) or len(number) > MAX_CARD_NUMBER_CHARS:
            raise BadRecord(f"{where}[{k}]: expected a card number, got {excerpt(number)}.")
        try:
            CARDS.canonical(number)
        except UnknownCard:
            raise BadRecord(f"{where}[{k}]: unknown card number {excerpt(number)}.") from None
    _follows_6_1(deck, where, BadRecord)


def _follows_6_1(deck: list[str], where: str, error: type[BadInput]) -> None:
    problems = validate(deck)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise error(f"{where} breaks the deck-construction rules (6.1): {problems[0]}{more}")


def check_deck_code(code: Any) -> list[str]:
    """A deck code (``EBP01-006x4,...``, read leniently by ``parse_code``) of a deck that follows rule 6.1."""
    if not isinstance(code, str):
        raise BadDeck(f"A deck code is text, not {excerpt(code)}.")
    try:
        deck = parse_code(code)
    except BadInput as e:
        raise BadDeck(str(e)) from None
    _follows_6_1(deck, "The deck", BadDeck)
    return deck


def same_major(engine: str) -> bool:
    """True when a version string (``1.2.3``) has this engine's major version: records and links of another
    major version are refused (the rules may differ); another minor or patch version only warns."""
    m = _VERSION.fullmatch(engine)
    return m is not None and m[1].lstrip("0") == _MAJOR.lstrip("0")


def _got(obj: dict, key: str) -> str:
    return excerpt(obj[key]) if key in obj else "nothing (missing)"


def check_scenario(scenario: Any) -> None:
    """A scenario (docs/scenarios.md): its position is built once, which checks every field (BadScenario)."""
    build_state(scenario)


# ---------------------------------------------------------------------------------------------- saves

def save_digest(save: dict) -> str:
    """A save's ``check``: sha256 of its content (a save made before ``level`` existed keeps its old check)."""
    body = {k: save[k] for k in ("record", "mode", "human", "deciders", "level", "practice", "whys") if k in save}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def check_save(save: Any) -> None:
    """A save of the page: ``{"kind": "pwtcg-save", "save_format": 1, "record", "mode", "human", "deciders",
    "level", "check"}``, every field checked, the record too, and no more deciders than choices."""
    if not isinstance(save, dict) or save.get("kind") != SAVE_KIND:
        raise BadSave("This is not a saved game of this app.")
    if save.get("save_format") != SAVE_FORMAT or not a_number(save.get("save_format")):
        raise BadSave(f"This save has format {excerpt(save.get('save_format'))}; this app reads format "
                      f"{SAVE_FORMAT}.")
    unknown = [k for k in save if k not in SAVE_KEYS]
    if unknown:
        raise BadSave(f"This save has an unknown field {excerpt(unknown[0])}.")
    if save.get("mode") not in MODES:
        raise BadSave(f"This save has an unknown mode {excerpt(save.get('mode'))}.")
    if not a_number(save.get("human")) or save["human"] not in (0, 1):
        raise BadSave("This save does not say which seat the human plays.")
    deciders = save.get("deciders")
    if isinstance(deciders, list) and len(deciders) > MAX_DECIDERS:
        raise BadSave(f"This save's list of who decided has {len(deciders)} entries (at most {MAX_DECIDERS}).")
    if not isinstance(deciders, list) or any(not a_number(d) or d not in (0, 1) for d in deciders):
        raise BadSave("This save's list of who decided is damaged.")
    if "level" in save and save["level"] not in LEVELS:
        raise BadSave(f"This save has an unknown computer level {excerpt(save['level'])}.")
    if "practice" in save and save["practice"] not in PRACTICE:
        raise BadSave(f"This save has an unknown practice mark {excerpt(save['practice'])}.")
    if "whys" in save:
        check_whys(save["whys"])
    if not isinstance(save.get("record"), dict):
        raise BadSave("This save has no game record.")
    check = save.get("check")
    if not isinstance(check, str) or len(check) > MAX_HASH_CHARS or check != save_digest(save):
        raise BadSave("This save is damaged or was edited (its check does not match); it was not loaded.")
    _record_of(save, "This save's game")
    if len(deciders) > len(save["record"]["choices"]):
        raise BadSave(f"This save's list of who decided is longer than its game ({len(deciders)} entries, "
                      f"{len(save['record']['choices'])} choices).")


def check_whys(whys: Any) -> None:
    """A save's why lines: ``{"<log index>": [{"en": line, "ja": line}, ...]}``, the computer's reasons for its
    moves, shown again at their log lines after a resume."""
    if not isinstance(whys, dict) or len(whys) > MAX_DECIDERS:
        raise BadSave("This save's why lines are damaged.")
    for index, lines in whys.items():
        if not index.isdigit() or len(index) > MAX_NUMBER_DIGITS:
            raise BadSave(f"This save has why lines at {excerpt(index)}, which is not a place in its log.")
        if (not isinstance(lines, list) or not 0 < len(lines) <= MAX_WHY_LINES
                or any(not isinstance(line, dict) or set(line) != {"en", "ja"}
                       or any(not isinstance(text, str) or len(text) > MAX_WHY_CHARS for text in line.values())
                       for line in lines)):
            raise BadSave(f"This save's why lines at log line {index} are damaged.")


def check_replay(replay: Any) -> None:
    """A saved replay: a save, or ``{"record", "mode"?, "human"?, "level"?}`` (a game opened from a link)."""
    if isinstance(replay, dict) and "kind" in replay:
        check_save(replay)
        return
    if not isinstance(replay, dict) or "record" not in replay:
        raise BadSave("This is not a saved game or replay of this app.")
    unknown = [k for k in replay if k not in REPLAY_KEYS]
    if unknown:
        raise BadSave(f"This replay has an unknown field {excerpt(unknown[0])}.")
    if replay.get("mode", "hotseat") not in MODES:
        raise BadSave(f"This replay has an unknown mode {excerpt(replay['mode'])}.")
    human = replay.get("human", 0)
    if not a_number(human) or human not in (0, 1):
        raise BadSave(f"This replay's seat must be 0 or 1, not {excerpt(human)}.")
    if replay.get("level", LEVELS[1]) not in LEVELS:
        raise BadSave(f"This replay has an unknown computer level {excerpt(replay['level'])}.")
    if "practice" in replay and replay["practice"] not in PRACTICE:
        raise BadSave(f"This replay has an unknown practice mark {excerpt(replay['practice'])}.")
    _record_of(replay, "This replay's game")


def _record_of(holder: dict, what: str) -> None:
    try:
        check_record(holder["record"])
    except BadRecord as e:
        raise BadSave(f"{what} cannot be replayed: {e}") from None


def check_export(data: Any) -> None:
    """An exported file: ``{"kind": "pwtcg-export", "format": 1, "items": [{"store", "save", "name", "id",
    "created", "updated"}]}``; every item's save is checked as a save (store "saves") or a replay."""
    if not isinstance(data, dict) or data.get("kind") != EXPORT_KIND:
        raise BadSave("This is not an export of this app.")
    unknown = [k for k in data if k not in EXPORT_KEYS]
    if unknown:
        raise BadSave(f"This export has an unknown field {excerpt(unknown[0])}.")
    if data.get("format") != EXPORT_FORMAT or not a_number(data.get("format")):
        raise BadSave(f"This export has format {excerpt(data.get('format'))}; this app reads format "
                      f"{EXPORT_FORMAT}.")
    items = data.get("items")
    if not isinstance(items, list) or not items:
        raise BadSave("This export holds no saved game or replay.")
    if len(items) > MAX_EXPORT_ITEMS:
        raise BadSave(f"This export holds {len(items)} items (at most {MAX_EXPORT_ITEMS}).")
    for i, item in enumerate(items):
        try:
            _check_item(item)
        except BadSave as e:
            raise BadSave(f"Item {i + 1}: {e}") from None


def _check_item(item: Any) -> None:
    if not isinstance(item, dict):
        raise BadSave(f"expected a saved game or replay, got {excerpt(item)}.")
    unknown = [k for k in item if k not in ITEM_KEYS]
    if unknown:
        raise BadSave(f"unknown field {excerpt(unknown[0])}.")
    if item.get("store") not in STORES:
        raise BadSave(f"expected a saved game or a replay, got {excerpt(item.get('store'))}.")
    for key, limit in (("name", MAX_NAME_CHARS), ("id", MAX_ID_CHARS), ("created", MAX_DATE_CHARS),
                       ("updated", MAX_DATE_CHARS)):
        value = item.get(key)
        if value is not None and (not isinstance(value, str) or len(value) > limit):
            raise BadSave(f"{key}: expected a text of at most {limit} characters, got {excerpt(value)}.")
    (check_save if item["store"] == "saves" else check_replay)(item.get("save"))


# ---------------------------------------------------------------------------------------------- links

def check_link_code(code: Any) -> str:
    """A link code's text: its size, format letter and alphabet (decoding it is ``links.decode``'s work)."""
    if not isinstance(code, str):
        raise BadLink(f"A link code is text, not {excerpt(code)}.")
    if len(code) > MAX_LINK_CHARS:
        raise BadLink(f"The link is too long ({len(code)} characters, at most {MAX_LINK_CHARS}).")
    if not code:
        raise BadLink("The link is empty.")
    if code[0] != LINK_FORMAT:
        raise BadLink(f"This app reads links of format {LINK_FORMAT!r}, not {excerpt(code[0])}: the link is damaged "
                      "or was made by another version of the app.")
    body = code[1:]
    if not body:
        raise BadLink("The link is empty after its format letter: it is cut short.")
    if not _LINK_BODY.fullmatch(body):
        raise BadLink("The link is damaged: it holds characters a link never has.")
    if len(body) % 4 == 1:
        raise BadLink("The link is damaged: it is cut short.")
    return code


_UNREADABLE = {"record": "", "scenario": "", "save": "This save is not readable: ", "replay": "This replay is not readable: ",
               "export": "This file is not readable: "}
_CHECKS: dict[str, tuple[Callable[[Any], Any], type[BadInput]]] = {
    "record": (check_record, BadRecord), "save": (check_save, BadSave), "replay": (check_replay, BadSave),
    "export": (check_export, BadSave), "scenario": (check_scenario, BadScenario)}
