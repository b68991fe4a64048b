"""What a player may know: the opponent's hand and both decks' order are hidden (4.5, 4.6)."""
from __future__ import annotations

import json

from kit import V300, V500, V700, cid, game

from engine import view


def test_view_hides_the_opponents_hand_and_every_deck_order():
    g = game({"hand": [V500], "base": [V700], "deck": [V300, V700]}, {"hand": [V700, V300]})
    v = view(g, 0)
    json.dumps(v)
    me, them = v["players"]
    assert [c["number"] for c in me["hand"]] == [V500]
    assert them["hand"] is None and them["hand_count"] == 2
    assert me["deck"] == 2 and isinstance(me["deck"], int)
    assert v["decision"]["options"]
    assert view(g, 1)["decision"].get("options") is None      # not yours to decide


def test_view_shows_current_power_and_the_battle():
    g = game({"base": [V700]}, {"base": [V500]})
    g.apply(f"attack {cid(g, 0, 'base', V700)} player")
    v = view(g, 1)
    assert v["battle"]["attacker"] == cid(g, 0, "base", V700) and v["battle"]["target"] == "player"
    assert v["players"][0]["base"][0]["power"] == 700 and v["players"][0]["base"][0]["rested"]
    assert "block" in v["decision"]["kind"]
