"""Shared helpers for the rules and ruling tests: scenario positions, card-definition patches, option lookups.

Tests drive games only through ``game.apply`` / ``game.decision`` and assert on ``game.state``.
"""
from __future__ import annotations

import dataclasses

from engine import Game
from engine.abilities import parse_abilities
from engine.carddb import CARDS
from engine.continuous import power, strike
from engine.scenario import build_state, card_id

# Pals printed without any ability text (they stay vanilla whatever the colour engineers encode)
V300 = "ETD01-013"     # Jolthog Cryst, blue, cost 2, power 300, strike 1
V300R = "ETD01-002"    # Jolthog, red, cost 2, power 300, strike 1
V300G = "ETD02-002"    # Gumoss, green, cost 2, power 300, strike 1
V500 = "ETD01-014"     # Pengullet, blue, cost 3, power 500, strike 1
V500P = "EBP01-086"    # Nox, purple, cost 3, power 500, strike 1
V500C = "EBP01-099"    # Direhowl, colorless, cost 3, power 500, strike 1
V700 = "EBP01-037"     # Surfent, blue, cost 4, power 700, strike 2
V900 = "ETD02-001"     # Mossanda, green, cost 5, power 900, strike 2
V1200 = "EBP01-013"    # Pyrin, red, cost 6, power 1200, strike 2
LUCKY = "ETD01-017"    # a Lucky Pal (only ever used inside a deck here)
STRUCT = "ETD01-008"   # Stone Pit, structure, cost 1, durability 600
GEAR = "EBP01-022"     # Stone Pickaxe, gear, cost 3
EVENT = "EBP01-072"    # an event, cost 3

__all__ = ["GEAR", "EVENT", "LUCKY", "STRUCT", "V1200", "V300", "V300G", "V300R", "V500", "V500C", "V500P",
           "V700", "V900", "base_id", "card_id", "cid", "game", "opts", "patch", "power", "strike", "zone_numbers"]


def game(p0: dict | None = None, p1: dict | None = None, effects=(), **top) -> Game:
    """A game at a scenario position; ``effects`` are temporary effects present from the start (or a function
    of the built state returning them, to point at card ids)."""
    data = {**top, "players": [p0 or {}, p1 or {}]}
    state, phase = build_state(data)
    state.effects.extend(effects(state) if callable(effects) else effects)
    return Game(state, {"scenario": data}, phase)


def base_id(state, player: int, number: str, index: int = 0) -> int:
    """The id of a card in a player's base in a built state (for ``effects`` functions)."""
    return [c.id for c in state.players[player].base if c.number == number][index]


def cid(g: Game, player: int, zone: str, number: str, index: int = 0) -> int:
    return card_id(g, player, zone, number, index)


def opts(g: Game) -> set[str]:
    """The texts of the legal options of the pending decision."""
    return {a.text for a in g.decision.options} if g.decision else set()


def zone_numbers(g: Game, player: int, zone: str) -> list[str]:
    return [c.number for c in g.state.players[player].zone(zone)]


def patch(monkeypatch, number: str, abilities: list[dict]) -> None:
    """Give a card definition these ability records for one test (a stand-in for card data)."""
    defn = CARDS[number]
    new = dataclasses.replace(defn, abilities=parse_abilities(abilities, defn.number), cont_index={})
    monkeypatch.setitem(CARDS, defn.number, new)
