"""Playing cards (8.2): Pals, structures, gear and events; arrival-turn attacks (9.2.2.3); the 5-Pal limit
(11.5); a card that leaves the base is a new card (4.1)."""
from __future__ import annotations

from kit import EVENT, GEAR, STRUCT, V300, V500, V700, V900, base_id, cid, game, opts, patch

from engine.model.actions import DecisionKind
from engine.model.state import Effect
from engine.rules.continuous import power


def test_8_2_playing_a_pal_deploys_it_standing():
    g = game({"hand": [V500], "souls": {"standing": 3}})
    g.apply(f"play {cid(g, 0, 'hand', V500)}")
    p = g.state.players[0]
    assert [c.number for c in p.base] == [V500] and not p.base[0].rested and p.hand == []
    assert p.cards_played == 1


def test_9_2_2_3_a_pal_can_attack_the_turn_it_arrives():
    g = game({"hand": [V500], "souls": {"standing": 3}})
    g.apply(f"play {cid(g, 0, 'hand', V500)}")
    pal = cid(g, 0, "base", V500)
    assert f"attack {pal} player" in opts(g)
    g.apply(f"attack {pal} player")
    assert g.state.players[1].life == 9


def test_8_2_structures_and_gear_go_to_the_base_and_do_not_count_as_pals():
    g = game({"hand": [STRUCT, GEAR], "souls": {"standing": 4},
              "base": [V300, V300, V300, V300, V300]})
    g.apply(f"play {cid(g, 0, 'hand', STRUCT)}")
    g.apply(f"play {cid(g, 0, 'hand', GEAR)}")
    p = g.state.players[0]
    assert sorted(c.defn.type for c in p.base) == ["gear"] + ["pal"] * 5 + ["structure"]
    assert g.decision.kind == DecisionKind.MAIN      # no 5-Pal limit decision: only Pals count


def test_8_2_an_event_resolves_then_goes_to_the_graveyard(monkeypatch):
    patch(monkeypatch, EVENT, [{"kind": "play", "effect": [{"do": "gain_life", "count": 1},
                                                           {"do": "draw", "count": 1}]}])
    g = game({"hand": [EVENT], "deck": [V700, V300], "souls": {"standing": 3}, "life": 6})
    g.apply(f"play {cid(g, 0, 'hand', EVENT)}")
    p = g.state.players[0]
    assert p.life == 7 and [c.number for c in p.hand] == [V700]
    assert [c.number for c in p.graveyard] == [EVENT] and p.resolution == []


def test_11_5_sixth_pal_master_chooses_which_goes_to_the_graveyard():
    """4.4.5 / 11.5: deploying a 6th Pal is legal; a rule action then makes its master put one Pal away."""
    g = game({"base": [V300, V300, V300, V300, V500], "hand": [V900], "souls": {"standing": 5}})
    g.apply(f"play {cid(g, 0, 'hand', V900)}")
    assert g.decision.kind == DecisionKind.PAL_LIMIT and g.decision.player == 0
    assert len(g.decision.options) == 6            # any of the six, including the new one
    g.apply(f"pick {cid(g, 0, 'base', V500)}")
    p = g.state.players[0]
    assert len(p.pals()) == 5 and [c.number for c in p.graveyard] == [V500]
    assert any(e.kind == "pal_limit" for e in g.log)


def test_4_1_a_card_that_leaves_the_base_is_a_new_card(monkeypatch):
    """4.1: a Pal returned to hand and played again has a new identity: no damage, no old effects."""
    patch(monkeypatch, EVENT, [{"kind": "play", "effect": [
        {"do": "choose", "side": "own", "filter": {"type": "pal"}, "count": 1}, {"do": "to_hand"}]}])
    g = game({"base": [{"card": V700, "damage": 300}], "hand": [EVENT], "souls": {"standing": 10}},
             effects=lambda s: [Effect("power", base_id(s, 0, V700), value=500, until_turn=3)])
    old = cid(g, 0, "base", V700)
    assert power(g.state, g.state.in_base(old)) == 1200
    g.apply(f"play {cid(g, 0, 'hand', EVENT)}")
    back = cid(g, 0, "hand", V700)
    assert back != old
    g.apply(f"play {back}")
    new = g.state.players[0].base[0]
    assert new.id not in (old, back)
    assert new.damage == 0 and power(g.state, new) == 700


def test_q_a_same_name_cards_may_be_deployed_together():
    g = game({"base": [V500], "hand": [V500], "souls": {"standing": 3}})
    g.apply(f"play {cid(g, 0, 'hand', V500)}")
    assert [c.number for c in g.state.players[0].base] == [V500, V500]


def test_8_2_cards_are_played_only_in_your_own_main_phase():
    g = game({"base": [V500]}, {"hand": [V300], "souls": {"standing": 5}})
    theirs = cid(g, 1, "hand", V300)
    assert f"play {theirs}" not in opts(g)
    g.apply("end")
    assert f"play {theirs}" in opts(g)
