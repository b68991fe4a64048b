"""Replays and saves: (engine version, card data version, setup, choices), re-executed to check the result.

Compatibility: a record is read only in this engine's record ``format`` and only if it was made by an engine of
the same major version; a record from another minor or patch version, or with other card data, still loads
but says so in ``game.warnings`` (and, should a choice then be illegal, in the error).
"""
from __future__ import annotations

import re
from typing import Any

from ..model.actions import IllegalAction
from ..model.carddb import CARDS, UnknownCard
from ..model.limits import (
    MAX_ACTION_CHARS,
    MAX_CARD_NUMBER_CHARS,
    MAX_CHOICES,
    MAX_PLAYER_CARDS,
    MAX_SEED,
    a_number,
    excerpt,
)
from ..model.safe_json import BadJSON, path_to
from ..model.safe_json import loads as safe_loads
from ..model.state import state_digest
from ..model.version import RECORD_FORMAT, __version__
from ..rules.game import Game
from .scenario import BadScenario
from .scenario import load as load_scenario

FORMAT = RECORD_FORMAT
RECORD_KEYS = ("format", "engine", "cards", "setup", "choices", "final")
DECK_SETUP_KEYS = ("decks", "seed", "first")
_VERSION = re.compile(r"([0-9]{1,9})\.([0-9]{1,9})\.([0-9]{1,9})([.+-][0-9A-Za-z.+-]{1,30})?")
_HASH_CHARS = 64


class BadRecord(ValueError):
    """A save or replay that cannot be loaded; the message says why."""


def make_record(game: Any) -> dict:
    """The record of a game (``game.record()``)."""
    return game.record()


def fresh_game(setup: dict, snapshots: bool = True) -> Any:
    """A game at its first decision from a setup (decks + seed, or a scenario)."""
    if "scenario" in setup:
        return load_scenario(setup["scenario"], snapshots=snapshots)
    return Game.new(setup["decks"][0], setup["decks"][1], setup["seed"], setup.get("first"), snapshots=snapshots,
                    check_decks=setup.get("check_decks", True))


def load(record: dict | str | bytes, snapshots: bool = True) -> Any:
    """Re-execute a record (a dict, or its JSON text) and return the game; a bad record raises BadRecord.

    Differences of engine or card data version that still allow replaying are listed in ``game.warnings``.
    """
    record = parse(record)
    warnings = check(record)
    try:
        game = fresh_game(record["setup"], snapshots=snapshots)
    except BadScenario as e:
        raise BadRecord(f"setup.scenario: {e}") from None
    game.warnings.extend(warnings)
    for i, text in enumerate(record["choices"]):
        try:
            game.apply(text)
        except IllegalAction as e:
            hint = " The record was made with another engine or card data version." if warnings else ""
            raise BadRecord(f"Choice {i} ({excerpt(text)}) is illegal: {e}{hint}") from None
    return game


def parse(record: Any) -> dict:
    """The record as a dict: JSON text is parsed within the bounds of ``engine.safe_json``."""
    if isinstance(record, str | bytes | bytearray):
        try:
            record = safe_loads(record)
        except BadJSON as e:
            raise BadRecord(str(e)) from None
    if not isinstance(record, dict):
        raise BadRecord(f"A record must be a JSON object, not {excerpt(record)}.")
    return record


def check(record: dict) -> list[str]:
    """Check every field of a record (types, sizes, versions); return the version warnings."""
    for key in record:
        if key not in RECORD_KEYS:
            raise BadRecord(f"{path_to('', key) if isinstance(key, str) else excerpt(key)}: unknown key in a "
                            f"record (expected {', '.join(RECORD_KEYS)}).")
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
    if final is not None and (not isinstance(final, str) or len(final) > _HASH_CHARS):
        raise BadRecord(f"final: expected a state hash (text), got {excerpt(final)}.")
    return warnings


def check_versions(record: dict) -> list[str]:
    """Refuse another record format or engine major version; warn about other engine or card data versions."""
    fmt = record.get("format")
    if not a_number(fmt) or fmt != FORMAT:
        raise BadRecord(f"format: this engine reads record format {FORMAT}, not {_got(record, 'format')}.")
    warnings = []
    engine = record.get("engine")
    if engine is None:
        warnings.append(f"The record does not say which engine made it; this is engine {__version__}.")
    else:
        m = _VERSION.fullmatch(engine) if isinstance(engine, str) else None
        if m is None:
            raise BadRecord(f"engine: expected a version like {__version__}, got {excerpt(engine)}.")
        major = __version__.split(".")[0]
        if m[1].lstrip("0") != major.lstrip("0"):
            raise BadRecord(f"engine: the record was made by engine {engine}; engine {__version__} replays only "
                            f"records of engine {major}.x (the rules may differ).")
        if engine != __version__:
            warnings.append(f"The record was made by engine {engine}; this is engine {__version__}, so it may "
                            f"not replay the same.")
    cards = record.get("cards")
    if cards is None:
        warnings.append("The record does not say which card data it was made with.")
    elif not isinstance(cards, str) or len(cards) > _HASH_CHARS:
        raise BadRecord(f"cards: expected the card data version (text), got {excerpt(cards)}.")
    elif cards != CARDS.version:
        warnings.append(f"The record was made with card data {cards}; this engine has card data "
                        f"{CARDS.version}, so cards may have changed.")
    return warnings


def check_setup(setup: Any, present: bool = True) -> None:
    """A setup is ``{"scenario": {...}}`` or ``{"decks": [[...], [...]], "seed": N, "first": 0 | 1 | null}``."""
    if not present:
        raise BadRecord("setup: missing.")
    if not isinstance(setup, dict):
        raise BadRecord(f"setup: expected an object, got {excerpt(setup)}.")
    if "scenario" in setup:
        if len(setup) != 1:
            raise BadRecord("setup: a scenario setup has the one key \"scenario\" (no decks, seed or first).")
        return   # the scenario loader checks the rest
    for key in setup:
        if key not in DECK_SETUP_KEYS:
            raise BadRecord(f"setup: unknown key {excerpt(key)} (expected {', '.join(DECK_SETUP_KEYS)}).")
    decks = setup.get("decks")
    if not isinstance(decks, list) or len(decks) != 2:
        raise BadRecord(f"setup.decks: expected a list of two decks, got {_got(setup, 'decks')}.")
    for i, deck in enumerate(decks):
        where = f"setup.decks[{i}]"
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
    seed = setup.get("seed")
    if not a_number(seed) or not -MAX_SEED < seed < MAX_SEED:
        raise BadRecord(f"setup.seed: expected a whole number smaller than 2**64, got {_got(setup, 'seed')}.")
    first = setup.get("first")
    if first is not None and (not a_number(first) or first not in (0, 1)):
        raise BadRecord(f"setup.first: expected 0, 1 or null (the rules decide), got {excerpt(first)}.")


def _got(obj: dict, key: str) -> str:
    return excerpt(obj[key]) if key in obj else "nothing (missing)"


def verify(record: dict | str | bytes) -> tuple[bool, str]:
    """Re-run a record; (True, hash) when the final state matches the recorded one."""
    record = parse(record)
    game = load(record, snapshots=False)
    h = state_hash(game)
    return h == record.get("final"), h


def state_hash(game: Any) -> str:
    """A digest of everything that matters in a game state (zones, resources, turn, outcome)."""
    return state_digest(game.state)
