"""Scenarios: a documented JSON format that sets up any position (see docs/scenarios.md)."""
from __future__ import annotations

import copy
import random
from typing import Any

from ..model.carddb import CARDS, UnknownCard
from ..model.limits import (
    MAX_CARD_NUMBER_CHARS,
    MAX_PLAYER_CARDS,
    MAX_SEED,
    MAX_TEXT_CHARS,
    a_number,
    excerpt,
)
from ..model.safe_json import BadJSON, path_to
from ..model.safe_json import loads as safe_loads
from ..model.state import MAX_SOULS, Effect, Player, State
from ..rules.game import Game

FILLER = "ETD01-013"
PHASES = ("stand", "draw", "soul", "main", "end")
ZONES = ("deck", "hand", "base", "graveyard", "exile")
PLAYER_KEYS = {"life", *ZONES, "souls", "material", "ingredient"}
SOUL_KEYS = {"standing", "rested", "deck"}
BASE_CARD_KEYS = {"card", "rested", "damage"}
TEXT_KEYS = ("title", "description", "lesson", "goal")
TOP_KEYS = {"seed", "turn", "turn_player", "first_player", "phase", "night", "players", *TEXT_KEYS}


class BadScenario(ValueError):
    """A scenario that cannot be set up; the message says what is wrong and where (e.g. ``players[1].life``)."""


def _fail(where: str, expected: str, value: Any) -> BadScenario:
    return BadScenario(f"{where}: expected {expected}, got {excerpt(value)}.")


def _int(value: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if not a_number(value) or (lo is not None and value < lo) or (hi is not None and value > hi):
        span = f" from {lo} to {hi}" if lo is not None and hi is not None else ""
        raise _fail(where, f"a whole number{span}", value)
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, "true or false", value)
    return value


def _object(value: Any, where: str, allowed: set[str]) -> dict:
    """``value`` must be an object with only ``allowed`` keys."""
    if not isinstance(value, dict):
        raise _fail(where, "an object", value)
    for key in value:
        if key not in allowed:
            at = path_to(where, key) if isinstance(key, str) else where or "scenario"
            kind = "key" if where else "scenario key"
            raise BadScenario(f"{at}: unknown {kind} {excerpt(key)} (expected one of {', '.join(sorted(allowed))}).")
    return value


def _number(entry: Any, where: str) -> str:
    number = entry.get("card") if isinstance(entry, dict) else entry
    if not isinstance(number, str) or len(number) > MAX_CARD_NUMBER_CHARS:
        raise _fail(where, "a card number or {\"card\": NUMBER}", entry)
    try:
        return CARDS.canonical(number)
    except UnknownCard:
        raise BadScenario(f"{where}: unknown card number {excerpt(number)}.") from None


def _player(state: State, i: int, data: Any) -> None:
    where = f"players[{i}]"
    _object(data, where, PLAYER_KEYS)
    p = state.players[i]
    p.life = _int(data.get("life", 10), f"{where}.life", -99, 99)
    p.material = _int(data.get("material", 0), f"{where}.material", 0, 999)
    p.ingredient = _int(data.get("ingredient", 0), f"{where}.ingredient", 0, 999)
    zones = {z: data.get(z, [FILLER] * 20 if z == "deck" else []) for z in ZONES}
    for zone, entries in zones.items():   # sizes first, so a huge list is refused before any card is built
        if not isinstance(entries, list):
            raise _fail(f"{where}.{zone}", "a list of cards", entries)
        if len(entries) > MAX_PLAYER_CARDS:
            raise BadScenario(f"{where}.{zone}: at most {MAX_PLAYER_CARDS} cards, got {len(entries)}.")
    total = sum(len(entries) for entries in zones.values())
    if total > MAX_PLAYER_CARDS:
        raise BadScenario(f"{where}: at most {MAX_PLAYER_CARDS} cards in all zones together, got {total}.")
    for zone, entries in zones.items():
        for k, entry in enumerate(entries):
            at = f"{where}.{zone}[{k}]"
            card = state.new_card(_number(entry, at), i, zone)
            if isinstance(entry, dict) and zone != "base":
                if {"rested", "damage"} & set(entry):
                    raise BadScenario(f"{at}: only base cards may be rested or damaged.")
                _object(entry, at, {"card"})
            elif isinstance(entry, dict):
                _object(entry, at, BASE_CARD_KEYS)
                card.rested = _bool(entry.get("rested", False), f"{at}.rested")
                card.damage = _int(entry.get("damage", 0), f"{at}.damage", 0, 99999)
            if zone == "base":
                card.entered_turn = max(0, state.turn - 1)
            p.zone(zone).append(card)
    souls = _object(data.get("souls", {}), f"{where}.souls", SOUL_KEYS)
    p.souls_standing = _int(souls.get("standing", 0), f"{where}.souls.standing", 0, MAX_SOULS)
    p.souls_rested = _int(souls.get("rested", 0), f"{where}.souls.rested", 0, MAX_SOULS)
    left = MAX_SOULS - p.souls
    if left < 0:
        raise BadScenario(f"{where}.souls: more than {MAX_SOULS} souls standing and rested together.")
    p.soul_deck = _int(souls.get("deck", left), f"{where}.souls.deck", 0, left)
    p.redraw_done = True
    p.decklist = tuple(c.number for z in ZONES for c in p.zone(z))


def build_state(data: Any) -> tuple[State, str]:
    """The state a scenario describes and the phase where play starts."""
    if not isinstance(data, dict):
        raise BadScenario(f"A scenario must be a JSON object, not {excerpt(data)}.")
    _object(data, "", TOP_KEYS)
    for key in TEXT_KEYS:
        if key in data and (not isinstance(data[key], str) or len(data[key]) > MAX_TEXT_CHARS):
            raise _fail(key, f"text of at most {MAX_TEXT_CHARS} characters", data[key])
    seed = data.get("seed", 0)
    if not a_number(seed) or not -MAX_SEED < seed < MAX_SEED:
        raise _fail("seed", "a whole number smaller than 2**64", seed)
    state = State(players=[Player(0), Player(1)], rng=random.Random(seed))
    state.turn = _int(data.get("turn", 3), "turn", 1, 999)
    state.turn_player = _int(data.get("turn_player", 0), "turn_player", 0, 1)
    state.first_player = _int(data.get("first_player", 0), "first_player", 0, 1)
    phase = data.get("phase", "main")
    if not isinstance(phase, str) or phase not in PHASES:
        raise _fail("phase", f"one of {', '.join(PHASES)}", phase)
    night = _bool(data.get("night", False), "night")
    players = data.get("players", [{}, {}])
    if not isinstance(players, list) or len(players) != 2:
        raise _fail("players", "a list of two player objects", players)
    for i, pdata in enumerate(players):
        _player(state, i, pdata)
    if night:
        state.effects.append(Effect("night", None, player=state.turn_player, until_turn=state.turn + 1))
    state.phase = phase
    return state, phase


def load(data: dict | str | bytes, snapshots: bool = True) -> Any:
    """A Game positioned where the scenario (a dict, or its JSON text) says; its replay setup is the scenario."""
    if isinstance(data, str | bytes | bytearray):
        try:
            data = safe_loads(data)
        except BadJSON as e:
            raise BadScenario(str(e)) from None
    state, phase = build_state(data)
    setup = {"scenario": copy.deepcopy(data)}
    return Game(state, setup, phase, snapshots, lambda: build_state(setup["scenario"])[0])


def card_id(game: Any, player: int, zone: str, number: str, index: int = 0) -> int:
    """The id of the ``index``-th card with this number in a player's zone (for tests and lessons)."""
    number = CARDS.canonical(number)
    found = [c.id for c in game.state.players[player].zone(zone) if c.number == number]
    if index >= len(found):
        raise LookupError(f"player {player} has no card {number} #{index} in {zone}")
    return found[index]
