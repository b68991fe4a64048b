"""Battle (9.2-9.7): declaration, targets, block, quick step, damage step, end of battle."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kit import EVENT, STRUCT, V300, V500, V700, V900, V1200, base_id, cid, game, opts, patch

from engine import IllegalAction
from engine.model.actions import DecisionKind
from engine.model.state import Effect

QUICK_POWER = [{"kind": "play", "quick": True, "effect": [
    {"do": "choose", "side": "own", "filter": {"type": "pal"}, "count": 1}, {"do": "power", "amount": 500}]}]


def test_9_2_declaring_an_attack_rests_the_attacker():
    g = game({"base": [V500]})
    me = cid(g, 0, "base", V500)
    g.apply(f"attack {me} player")
    assert g.state.in_base(me).rested
    assert any(e.kind == "attack" and e.data["attacker"] == me for e in g.log)


def test_9_2_2_a_resting_pal_cannot_attack():
    g = game({"base": [{"card": V500, "rested": True}]})
    me = cid(g, 0, "base", V500)
    assert not any(o.startswith(f"attack {me}") for o in opts(g))
    assert "resting Pal cannot attack" in g.why_not(f"attack {me} player")


def test_9_2_3_targets_are_the_player_resting_pals_and_structures():
    g = game({"base": [V500]}, {"base": [{"card": V300, "rested": True}, V700, STRUCT]})
    me = cid(g, 0, "base", V500)
    resting, standing, struct = cid(g, 1, "base", V300), cid(g, 1, "base", V700), cid(g, 1, "base", STRUCT)
    attacks = {o for o in opts(g) if o.startswith("attack")}
    assert attacks == {f"attack {me} player", f"attack {me} {resting}", f"attack {me} {struct}"}
    assert "Only a resting Pal" in g.why_not(f"attack {me} {standing}")
    with pytest.raises(IllegalAction):
        g.apply(f"attack {me} {standing}")
    assert not g.state.in_base(me).rested


def test_12_15_assault_may_attack_a_standing_pal(monkeypatch):
    patch(monkeypatch, V1200, [{"keyword": "assault"}])
    g = game({"base": [V1200]}, {"base": [V700]})
    me, them = cid(g, 0, "base", V1200), cid(g, 1, "base", V700)
    g.apply(f"attack {me} {them}")             # the attacked Pal cannot block its own attack: no block step
    assert g.state.players[1].graveyard[0].number == V700


def test_9_4_block_rests_the_blocker_and_it_becomes_the_target():
    g = game({"base": [V700]}, {"base": [V500, V300]})
    me, blocker = cid(g, 0, "base", V700), cid(g, 1, "base", V500)
    g.apply(f"attack {me} player")
    assert g.decision.kind == DecisionKind.BLOCK and g.decision.player == 1
    g.apply(f"block {blocker}")
    assert g.state.players[1].life == 10 and len(g.state.players[1].deck) == 20
    assert [c.number for c in g.state.players[1].graveyard] == [V500]     # 700 vs 500
    assert g.state.in_base(me).damage == 500


def test_9_4_2_the_attacked_pal_and_resting_pals_cannot_block():
    g = game({"base": [V700]}, {"base": [{"card": V300, "rested": True}, V500, {"card": V900, "rested": True}]})
    me, target = cid(g, 0, "base", V700), cid(g, 1, "base", V300)
    g.apply(f"attack {me} {target}")
    assert opts(g) == {f"block {cid(g, 1, 'base', V500)}", "pass"}


def test_9_4_blocking_a_pal_attack_swaps_the_target():
    g = game({"base": [V700]}, {"base": [{"card": V300, "rested": True}, V900]})
    me, target, blocker = cid(g, 0, "base", V700), cid(g, 1, "base", V300), cid(g, 1, "base", V900)
    g.apply(f"attack {me} {target}")
    g.apply(f"block {blocker}")
    assert g.state.in_base(target) is not None and g.state.in_base(target).damage == 0
    assert g.state.in_base(blocker).rested and g.state.in_base(blocker).damage == 700
    assert [c.number for c in g.state.players[0].graveyard] == [V700]


def test_9_5_quick_step_belongs_to_the_defender_only(monkeypatch):
    """9.5.2: the non-turn player may play Quick cards; the attacking player gets no quick step (Q&A official-29)."""
    patch(monkeypatch, EVENT, QUICK_POWER)
    g = game({"base": [V700], "hand": [EVENT], "souls": {"standing": 5}},
             {"base": [V500], "hand": [EVENT], "souls": {"standing": 5}})
    me = cid(g, 0, "base", V700)
    g.apply(f"attack {me} player")
    g.apply(f"block {cid(g, 1, 'base', V500)}")
    assert g.decision.kind == DecisionKind.QUICK and g.decision.player == 1
    g.apply(f"play {cid(g, 1, 'hand', EVENT)}")   # the only Pal is chosen: 500 + 500 = 1000 beats 700
    assert g.decision.kind == DecisionKind.MAIN and g.decision.player == 0
    assert [c.number for c in g.state.players[0].graveyard] == [V700]
    assert g.state.players[0].hand[0].number == EVENT           # the attacker never got to play theirs


def test_9_6_pal_versus_pal_damage_is_simultaneous():
    g = game({"base": [V300]}, {"base": [{"card": V300, "rested": True}]})
    g.apply(f"attack {cid(g, 0, 'base', V300)} {cid(g, 1, 'base', V300)}")
    assert g.state.players[0].base == [] and g.state.players[1].base == []


def test_9_6_bigger_pal_survives_with_damage_until_end_of_turn():
    g = game({"base": [V1200]}, {"base": [{"card": V700, "rested": True}]})
    me = cid(g, 0, "base", V1200)
    g.apply(f"attack {me} {cid(g, 1, 'base', V700)}")
    assert g.state.in_base(me).damage == 700
    assert [c.number for c in g.state.players[1].graveyard] == [V700]
    g.apply("end")
    assert g.state.in_base(me).damage == 0


def test_9_6_3_2_1_a_structure_deals_no_damage_back():
    g = game({"base": [V700]}, {"base": [STRUCT]})
    me = cid(g, 0, "base", V700)
    g.apply(f"attack {me} {cid(g, 1, 'base', STRUCT)}")
    assert g.state.in_base(me).damage == 0
    assert [c.number for c in g.state.players[1].graveyard] == [STRUCT]      # 700 >= 600 durability


def test_9_6_3_3_attacking_the_player_deals_strike_through_the_damage_check():
    g = game({"base": [V700]})
    g.apply(f"attack {cid(g, 0, 'base', V700)} player")
    p = g.state.players[1]
    assert p.life == 8 and len(p.deck) == 18 and len(p.graveyard) == 2


def test_5_18_1_nullified_attack_goes_straight_to_the_end_of_battle(monkeypatch):
    patch(monkeypatch, EVENT, [{"kind": "play", "quick": True, "effect": [{"do": "nullify_attack"}]}])
    g = game({"base": [V1200]}, {"base": [{"card": V300, "rested": True}], "hand": [EVENT],
                                 "souls": {"standing": 3}})
    me = cid(g, 0, "base", V1200)
    g.apply(f"attack {me} {cid(g, 1, 'base', V300)}")
    g.apply(f"play {cid(g, 1, 'hand', EVENT)}")
    assert g.decision.kind == DecisionKind.MAIN
    assert g.state.players[1].base[0].damage == 0 and g.state.in_base(me).damage == 0
    assert g.state.battle is None
    assert any(e.kind == "battle_end" and e.data["nullified"] for e in g.log)


def test_9_7_the_battle_ends_and_the_main_phase_resumes():
    g = game({"base": [V700, V500]})
    g.apply(f"attack {cid(g, 0, 'base', V700)} player")
    assert g.state.battle is None and g.decision.kind == DecisionKind.MAIN
    g.apply(f"attack {cid(g, 0, 'base', V500)} player")
    assert g.state.players[1].life == 7


@settings(max_examples=40, deadline=None)
@given(a=st.integers(-5, 20), b=st.integers(-5, 20))
def test_9_6_pal_versus_pal_property(a, b):
    """Property: each Pal takes the other's power (0 if negative) at once and is destroyed exactly when that
    damage is more than 0 and at least its own power."""
    pa, pb = a * 100, b * 100
    g = game({"base": [V300]}, {"base": [{"card": V500, "rested": True}]},
             effects=lambda s: [Effect("power", base_id(s, 0, V300), value=pa - 300, until_turn=3),
                                Effect("power", base_id(s, 1, V500), value=pb - 500, until_turn=3)])
    g.apply(f"attack {cid(g, 0, 'base', V300)} {cid(g, 1, 'base', V500)}")
    hit_a, hit_b = max(pb, 0), max(pa, 0)
    assert (g.state.players[0].base == []) == (hit_a > 0 and hit_a >= pa)
    assert (g.state.players[1].base == []) == (hit_b > 0 and hit_b >= pb)
    for p, hit in ((g.state.players[0], hit_a), (g.state.players[1], hit_b)):
        if p.base:
            assert p.base[0].damage == hit
