"""Replays and saves: (engine version, card data version, setup, choices), re-executed to check the result.

Compatibility: a record is read only in this engine's record ``format`` and only if it was made by an engine of
the same major version; a record from another minor or patch version, or with other card data, still loads
but says so in ``game.warnings`` (and, should a choice then be illegal, in the error).
"""
from __future__ import annotations

from typing import Any

from ..model.actions import IllegalAction
from ..model.limits import excerpt
from ..model.state import state_digest
from ..model.version import RECORD_FORMAT
from ..rules.game import Game
from .inputs import (  # noqa: F401  (RECORD_KEYS, DECK_SETUP_KEYS, check_setup: this module's names before)
    DECK_SETUP_KEYS,
    RECORD_KEYS,
    BadRecord,
    check_input,
    check_record,
    check_setup,
    check_versions,
)
from .inputs import parse as parse_input
from .scenario import BadScenario
from .scenario import load as load_scenario

FORMAT = RECORD_FORMAT


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
    record = check_input(record, "record")
    warnings = check_versions(record)
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


def open_record(record: dict | str | bytes, snapshots: bool = True) -> Any:
    """``load``, and refuse a record whose recorded final state hash does not match the re-executed game
    (unless version warnings explain it): how the app opens saves, replays and imports."""
    record = parse(record)
    game = load(record, snapshots=snapshots)
    final = record.get("final")
    if final is not None and state_hash(game) != final and not game.warnings:
        raise BadRecord("The game does not replay to the position it was saved at.")
    return game


def parse(record: Any) -> dict:
    """The record as a dict: JSON text is parsed within the bounds of ``engine.model.safe_json``."""
    record = parse_input(record, BadRecord)
    if not isinstance(record, dict):
        raise BadRecord(f"A record must be a JSON object, not {excerpt(record)}.")
    return record


def check(record: dict) -> list[str]:
    """Check every field of a record (types, sizes, versions, decks by rule 6.1); return the version warnings."""
    return check_record(record)


def verify(record: dict | str | bytes) -> tuple[bool, str]:
    """Re-run a record; (True, hash) when the final state matches the recorded one."""
    record = parse(record)
    game = load(record, snapshots=False)
    h = state_hash(game)
    return h == record.get("final"), h


def state_hash(game: Any) -> str:
    """A digest of everything that matters in a game state (zones, resources, turn, outcome)."""
    return state_digest(game.state)
