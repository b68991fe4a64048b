"""Continuous abilities (10.1.1.3, 10.3.5): applied while the card is in the base, to what they describe."""
from __future__ import annotations

from kit import V300G, V300R, V500, V500C, V700, cid, game, patch

from engine.rules.continuous import power, strike

RED_UP = [{"kind": "cont", "effect": [{"do": "power", "amount": 300, "applies": "others", "side": "own",
                                       "filter": {"type": "pal", "color": "red"}}]}]


def test_10_1_1_3_cont_applies_to_what_it_describes(monkeypatch):
    patch(monkeypatch, V700, RED_UP)
    g = game({"base": [V700, V300R, V300G]}, {"base": [V300R]})
    me = g.state.players[0]
    assert [power(g.state, c) for c in me.base] == [700, 600, 300]
    assert power(g.state, g.state.players[1].base[0]) == 300


def test_colorless_pals_are_not_any_colour(monkeypatch):
    """Q&A official-47: an ability for red Pals does not include colorless Pals."""
    patch(monkeypatch, V700, RED_UP)
    g = game({"base": [V700, V500C]})
    assert power(g.state, g.state.players[0].base[1]) == 500


def test_10_3_5_cont_works_only_in_the_base(monkeypatch):
    patch(monkeypatch, V700, RED_UP)
    g = game({"base": [V300R], "hand": [V700], "graveyard": [V700], "souls": {"standing": 4}})
    assert power(g.state, g.state.players[0].base[0]) == 300
    g.apply(f"play {cid(g, 0, 'hand', V700)}")
    assert power(g.state, g.state.players[0].base[0]) == 600


def test_cont_stops_when_its_source_leaves(monkeypatch):
    patch(monkeypatch, V700, RED_UP)
    g = game({"base": [V300R, V500]}, {"base": [{"card": V700, "rested": True}, V300R]})
    theirs = g.state.players[1].base[1]
    assert power(g.state, theirs) == 600
    g.apply(f"attack {cid(g, 0, 'base', V300R)} {cid(g, 1, 'base', V700)}")
    g.apply("pass")
    assert g.state.players[1].graveyard == [] and power(g.state, theirs) == 600   # 300 does not beat 700
    g2 = game({"base": [V300R]}, {"base": [{"card": V700, "damage": 400, "rested": True}, V300R]})
    g2.apply(f"attack {cid(g2, 0, 'base', V300R)} {cid(g2, 1, 'base', V700)}")
    g2.apply("pass")
    assert [c.number for c in g2.state.players[1].graveyard] == [V700]
    assert power(g2.state, g2.state.players[1].base[0]) == 300


def test_cont_strike_changes_damage_to_the_player(monkeypatch):
    patch(monkeypatch, V700, [{"kind": "cont", "effect": [{"do": "strike", "amount": 1}]}])
    g = game({"base": [V700]})
    assert strike(g.state, g.state.players[0].base[0]) == 3
    g.apply(f"attack {cid(g, 0, 'base', V700)} player")
    assert g.state.players[1].life == 7
