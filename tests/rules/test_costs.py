"""Costs (10.4): all or nothing, souls are rested to pay, alternative costs; once per turn (10.7);
rest 3 souls: draw 1 (8.5)."""
from __future__ import annotations

import pytest
from kit import V300, V500, V700, V1200, cid, game, opts, patch

from engine import IllegalAction
from engine.model.actions import DecisionKind

STAND_ALT = [{"kind": "act", "once_per_turn": True,
              "cost": [[{"do": "souls", "count": 3}], [{"do": "discard", "count": 2}]],
              "effect": [{"do": "stand", "target": "self"}]}]


def test_10_4_3_paying_souls_rests_that_many_standing_souls():
    g = game({"hand": [V700], "souls": {"standing": 5, "rested": 1}})
    g.apply(f"play {cid(g, 0, 'hand', V700)}")
    p = g.state.players[0]
    assert (p.souls_standing, p.souls_rested) == (1, 5)


def test_10_4_2_2_a_cost_that_cannot_be_paid_in_full_is_not_paid_at_all():
    g = game({"hand": [V1200], "souls": {"standing": 5, "rested": 2}})
    play = f"play {cid(g, 0, 'hand', V1200)}"
    assert play not in opts(g)
    assert "Costs 6 souls" in g.why_not(play)
    with pytest.raises(IllegalAction):
        g.apply(play)
    p = g.state.players[0]
    assert (p.souls_standing, p.souls_rested, len(p.hand)) == (5, 2, 1)


def test_10_4_alternative_costs_each_listed_and_each_all_or_nothing(monkeypatch):
    patch(monkeypatch, V700, STAND_ALT)
    g = game({"base": [{"card": V700, "rested": True}], "hand": [V300], "souls": {"standing": 3}})
    me = cid(g, 0, "base", V700)
    assert {f"activate {me} 0 cost 0"} <= opts(g)
    assert f"activate {me} 0 cost 1" not in opts(g)          # only 1 card in hand: cannot discard 2
    g.apply(f"activate {me} 0 cost 0")
    p = g.state.players[0]
    assert not g.state.in_base(me).rested and p.souls_standing == 0 and len(p.hand) == 1


def test_10_4_alternative_cost_discard_two_cards(monkeypatch):
    patch(monkeypatch, V700, STAND_ALT)
    g = game({"base": [{"card": V700, "rested": True}], "hand": [V300, V500, V300], "souls": {"standing": 1}})
    me = cid(g, 0, "base", V700)
    assert f"activate {me} 0 cost 0" not in opts(g)
    g.apply(f"activate {me} 0 cost 1")
    assert g.decision.kind == DecisionKind.COST
    g.apply(f"pick {cid(g, 0, 'hand', V500)}")
    g.apply(f"pick {cid(g, 0, 'hand', V300)}")
    p = g.state.players[0]
    assert [c.number for c in p.hand] == [V300] and len(p.graveyard) == 2
    assert not g.state.in_base(me).rested and p.souls_standing == 1


def test_10_7_once_per_turn_even_if_the_cost_could_be_paid_again(monkeypatch):
    patch(monkeypatch, V700, STAND_ALT)
    g = game({"base": [{"card": V700, "rested": True}], "souls": {"standing": 8}},
             {"base": [{"card": V300, "rested": True}]})
    me = cid(g, 0, "base", V700)
    g.apply(f"activate {me} 0 cost 0")
    g.apply(f"attack {me} player")
    assert f"activate {me} 0 cost 0" not in opts(g)
    assert "Once per turn" in g.why_not(f"activate {me} 0 cost 0")
    g.apply("end")
    g.apply("end")
    assert g.state.turn == 5
    g.apply(f"attack {me} player")
    g.apply("pass")                                            # the opponent does not block
    assert f"activate {me} 0 cost 0" in opts(g)


def test_8_5_rest_three_souls_draw_one_once_per_turn_not_a_played_card():
    g = game({"deck": [V500, V300, V300], "souls": {"standing": 7}})
    g.apply("souldraw")
    p = g.state.players[0]
    assert [c.number for c in p.hand] == [V500]
    assert (p.souls_standing, p.souls_rested) == (4, 3)
    assert p.cards_played == 0
    assert "souldraw" not in opts(g)
    with pytest.raises(IllegalAction):
        g.apply("souldraw")


def test_8_5_needs_three_standing_souls():
    g = game({"souls": {"standing": 2, "rested": 5}})
    assert "souldraw" not in opts(g)
    assert "3 standing souls" in g.why_not("souldraw")


ADVENTURE = "EBP01-100"   # draws 2 if no other card was played this game


def test_8_5_the_soul_draw_is_not_playing_a_card_for_card_conditions():
    g = game({"hand": [ADVENTURE], "deck": [V300] * 6, "souls": {"standing": 5}})
    g.apply("souldraw")
    g.apply(f"play {cid(g, 0, 'hand', ADVENTURE)}")
    assert len(g.state.players[0].hand) == 3              # 1 from the soul draw, 2 from the event
    g2 = game({"hand": [ADVENTURE, V300], "deck": [V300] * 6, "souls": {"standing": 5}})
    g2.apply(f"play {cid(g2, 0, 'hand', V300)}")
    g2.apply(f"play {cid(g2, 0, 'hand', ADVENTURE)}")
    assert g2.state.players[0].hand == []                  # a Pal was played first: no draw
