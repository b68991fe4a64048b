"""Determinism: a record re-executes to the same state; rewinding gives the same decision again."""
from __future__ import annotations

from kit import V300, V500, V700, cid, game

import cards
from engine import replay
from engine.clients.ai import RandomPlayer, play_out
from engine.deck import parse_code
from engine.rules.game import Game

DECKS = [parse_code(cards.decks()[name]["code"]) for name in ("etd01-red-blue", "etd02-green-purple")]


def test_a_recorded_game_replays_to_the_same_state():
    g = play_out(Game.new(*DECKS, seed=11), [RandomPlayer(1), RandomPlayer(2)])
    rec = g.record()
    ok, h = replay.verify(rec)
    assert ok and h == rec["final"]
    again = replay.load(rec)
    assert again.outcome == g.outcome


def test_a_scenario_game_replays_and_rewinds():
    g = game({"base": [V700], "hand": [V500], "souls": {"standing": 3}}, {"base": [V300]})
    g.apply(f"play {cid(g, 0, 'hand', V500)}")
    g.apply(f"attack {cid(g, 0, 'base', V700)} player")
    g.apply("pass")
    assert replay.verify(g.record())[0]
    back = g.rewind(1)
    assert back.decision.kind == "main" and len(back.state.players[0].base) == 2
    assert back.state.players[1].life == 10
