"""Replays and saves: (engine version, card data version, setup, choices), re-executed to check the result."""
from __future__ import annotations

import hashlib
import json
from typing import Any

from . import __version__
from .actions import IllegalAction
from .carddb import CARDS

FORMAT = 1


class BadRecord(ValueError):
    """A save or replay that cannot be loaded; the message says why."""


def make_record(game: Any) -> dict:
    return {"format": FORMAT, "engine": __version__, "cards": CARDS.version, "setup": game.setup,
            "choices": list(game.choices), "final": state_hash(game)}


def fresh_game(setup: dict, snapshots: bool = True) -> Any:
    """A game at its first decision from a setup (decks + seed, or a scenario)."""
    from .game import Game

    if "scenario" in setup:
        from .scenario import load

        return load(setup["scenario"], snapshots=snapshots)
    return Game.new(setup["decks"][0], setup["decks"][1], setup["seed"], setup.get("first"), snapshots=snapshots)


def load(record: dict | str, snapshots: bool = True) -> Any:
    """Re-execute a record and return the game; a malformed record raises BadRecord."""
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as e:
            raise BadRecord(f"Not JSON: {e}") from None
    if not isinstance(record, dict) or "setup" not in record or not isinstance(record.get("choices"), list):
        raise BadRecord("A replay needs 'setup' and a 'choices' list.")
    if record.get("format") != FORMAT:
        raise BadRecord(f"Unsupported replay format {record.get('format')!r}.")
    try:
        game = fresh_game(record["setup"], snapshots=snapshots)
    except (KeyError, TypeError, ValueError) as e:
        raise BadRecord(f"Bad setup: {e}") from None
    for i, text in enumerate(record["choices"]):
        try:
            game.apply(str(text))
        except IllegalAction as e:
            raise BadRecord(f"Choice {i} ({text!r}) is illegal: {e}") from None
    return game


def verify(record: dict) -> tuple[bool, str]:
    """Re-run a record; (True, hash) when the final state matches the recorded one."""
    game = load(record, snapshots=False)
    h = state_hash(game)
    return h == record.get("final"), h


def state_hash(game: Any) -> str:
    """A digest of everything that matters in a game state (zones, resources, turn, outcome)."""
    s = game.state
    parts: list[Any] = [s.turn, s.turn_player, s.phase, s.outcome.to_dict() if s.outcome else None]
    for p in s.players:
        parts.append([p.life, p.soul_deck, p.souls_standing, p.souls_rested, p.material, p.ingredient])
        for zone in ("deck", "hand", "base", "graveyard", "exile"):
            parts.append([(c.number, c.rested, c.damage) for c in p.zone(zone)])
    return hashlib.sha256(json.dumps(parts, default=str).encode()).hexdigest()[:16]
