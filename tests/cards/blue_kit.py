"""Small helpers for the blue and colorless card tests: build a scenario, find cards, answer decisions."""
from __future__ import annotations

from engine.continuous import power, strike
from engine.scenario import card_id, load

__all__ = ["answer", "base_card", "game", "hand_id", "pid", "power_of", "strike_of", "zone_numbers"]


def game(p0: dict | None = None, p1: dict | None = None, **top) -> object:
    """A game in player 0's main phase (unless ``top`` says otherwise) with plenty of standing souls."""
    players = []
    for p in (p0 or {}, p1 or {}):
        p = dict(p)
        p.setdefault("souls", {"standing": 10})
        players.append(p)
    return load({"players": players, **top})


def pid(g, player: int, number: str, zone: str = "base", index: int = 0) -> int:
    return card_id(g, player, zone, number, index)


def hand_id(g, player: int, number: str, index: int = 0) -> int:
    return card_id(g, player, "hand", number, index)


def base_card(g, player: int, number: str, index: int = 0):
    return g.state.find(card_id(g, player, "base", number, index))


def power_of(g, player: int, number: str, index: int = 0) -> int:
    return power(g.state, base_card(g, player, number, index))


def strike_of(g, player: int, number: str, index: int = 0) -> int:
    return strike(g.state, base_card(g, player, number, index))


def zone_numbers(g, player: int, zone: str) -> list[str]:
    return [c.number for c in g.state.players[player].zone(zone)]


def answer(g, kind: str, action: str) -> None:
    """Apply ``action`` to the pending decision, which must be of ``kind``."""
    assert g.decision is not None, "the game is over"
    assert g.decision.kind.value == kind, (g.decision.kind.value, g.decision.prompt, g.decision.options)
    g.apply(action)
