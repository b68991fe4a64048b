"""Scenarios: a documented JSON format that sets up any position (see docs/scenarios.md)."""
from __future__ import annotations

import copy
import random
from typing import Any

from .carddb import CARDS, UnknownCard
from .state import MAX_SOULS, Effect, Player, State

FILLER = "ETD01-013"
PHASES = ("stand", "draw", "soul", "main", "end")
PLAYER_KEYS = {"life", "deck", "hand", "base", "graveyard", "exile", "souls", "material", "ingredient"}
TOP_KEYS = {"seed", "turn", "turn_player", "first_player", "phase", "night", "players", "title", "description",
            "lesson", "goal"}


class BadScenario(ValueError):
    """A scenario that cannot be set up; the message says what is wrong."""


def _int(value: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadScenario(f"{where} must be a whole number, not {value!r}.")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise BadScenario(f"{where} must be between {lo} and {hi}, not {value}.")
    return value


def _number(entry: Any, where: str) -> str:
    number = entry.get("card") if isinstance(entry, dict) else entry
    if not isinstance(number, str):
        raise BadScenario(f"{where}: a card is a card number or {{'card': NUMBER}}, not {entry!r}.")
    try:
        return CARDS.canonical(number)
    except UnknownCard:
        raise BadScenario(f"{where}: unknown card number {number!r}.") from None


def _player(state: State, i: int, data: dict) -> None:
    if not isinstance(data, dict):
        raise BadScenario(f"players[{i}] must be an object.")
    unknown = set(data) - PLAYER_KEYS
    if unknown:
        raise BadScenario(f"players[{i}]: unknown keys {sorted(unknown)}.")
    p = state.players[i]
    p.life = _int(data.get("life", 10), f"players[{i}].life", -99, 99)
    p.material = _int(data.get("material", 0), f"players[{i}].material", 0, 999)
    p.ingredient = _int(data.get("ingredient", 0), f"players[{i}].ingredient", 0, 999)
    deck = data.get("deck", [FILLER] * 20)
    for zone in ("deck", "hand", "base", "graveyard", "exile"):
        entries = deck if zone == "deck" else data.get(zone, [])
        if not isinstance(entries, list):
            raise BadScenario(f"players[{i}].{zone} must be a list.")
        for k, entry in enumerate(entries):
            where = f"players[{i}].{zone}[{k}]"
            card = state.new_card(_number(entry, where), i, zone)
            if isinstance(entry, dict):
                if zone != "base" and set(entry) - {"card"}:
                    raise BadScenario(f"{where}: only base cards may be rested or damaged.")
                card.rested = bool(entry.get("rested", False))
                card.damage = _int(entry.get("damage", 0), f"{where}.damage", 0, 99999)
            if zone == "base":
                card.entered_turn = max(0, state.turn - 1)
            p.zone(zone).append(card)
    souls = data.get("souls", {})
    if not isinstance(souls, dict):
        raise BadScenario(f"players[{i}].souls must be an object.")
    p.souls_standing = _int(souls.get("standing", 0), f"players[{i}].souls.standing", 0, MAX_SOULS)
    p.souls_rested = _int(souls.get("rested", 0), f"players[{i}].souls.rested", 0, MAX_SOULS)
    left = MAX_SOULS - p.souls
    if left < 0:
        raise BadScenario(f"players[{i}] has more than {MAX_SOULS} souls.")
    p.soul_deck = _int(souls.get("deck", left), f"players[{i}].souls.deck", 0, left)
    p.redraw_done = True
    p.decklist = tuple(c.number for z in ("deck", "hand", "base", "graveyard", "exile") for c in p.zone(z))


def build_state(data: dict) -> tuple[State, str]:
    """The state a scenario describes and the phase where play starts."""
    if not isinstance(data, dict):
        raise BadScenario("A scenario must be a JSON object.")
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise BadScenario(f"Unknown scenario keys {sorted(unknown)}.")
    seed = _int(data.get("seed", 0), "seed")
    state = State(players=[Player(0), Player(1)], rng=random.Random(seed))
    state.turn = _int(data.get("turn", 3), "turn", 1, 999)
    state.turn_player = _int(data.get("turn_player", 0), "turn_player", 0, 1)
    state.first_player = _int(data.get("first_player", 0), "first_player", 0, 1)
    phase = data.get("phase", "main")
    if phase not in PHASES:
        raise BadScenario(f"phase must be one of {', '.join(PHASES)}, not {phase!r}.")
    players = data.get("players", [{}, {}])
    if not isinstance(players, list) or len(players) != 2:
        raise BadScenario("players must be a list of two objects.")
    for i, pdata in enumerate(players):
        _player(state, i, pdata)
    if data.get("night"):
        state.effects.append(Effect("night", None, player=state.turn_player, until_turn=state.turn + 1))
    state.phase = phase
    return state, phase


def load(data: dict, snapshots: bool = True) -> Any:
    """A Game positioned where the scenario says; its replay setup is the scenario itself."""
    from .game import Game

    state, phase = build_state(data)
    return Game(state, {"scenario": copy.deepcopy(data)}, phase, snapshots)


def card_id(game: Any, player: int, zone: str, number: str, index: int = 0) -> int:
    """The id of the ``index``-th card with this number in a player's zone (for tests and lessons)."""
    number = CARDS.canonical(number)
    found = [c.id for c in game.state.players[player].zone(zone) if c.number == number]
    if index >= len(found):
        raise LookupError(f"player {player} has no card {number} #{index} in {zone}")
    return found[index]
