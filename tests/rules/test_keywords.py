"""Keyword abilities (12): Brave, Serious, Vigilance, Breakthrough, Retaliate, Interrupt, Taunt, Stealth,
Assault, Nocturnal, and the Lucky Pal icon."""
from __future__ import annotations

import pytest
from kit import LUCKY, STRUCT, V300, V500, V700, V900, V1200, cid, game, opts, patch

from engine import IllegalAction
from engine.model.actions import DecisionKind
from engine.rules.continuous import has_keyword, power

ASSIGN_DRAW = [{"kind": "act", "once_per_turn": True, "cost": [{"do": "assign", "count": 1}],
                "effect": [{"do": "draw", "count": 1}]}]


def test_12_6_brave_adds_power_when_attacking_until_end_of_turn(monkeypatch):
    patch(monkeypatch, V500, [{"keyword": "brave", "value": 300}])
    g = game({"base": [V500]}, {"base": [{"card": V700, "rested": True}]})
    me = cid(g, 0, "base", V500)
    assert power(g.state, g.state.in_base(me)) == 500
    g.apply(f"attack {me} {cid(g, 1, 'base', V700)}")
    assert power(g.state, g.state.in_base(me)) == 800
    assert g.state.players[1].base == [] and g.state.in_base(me).damage == 700
    g.apply("end")
    assert power(g.state, g.state.in_base(me)) == 500


def test_12_7_serious_on_assign_one_pal_gets_power(monkeypatch):
    patch(monkeypatch, STRUCT, ASSIGN_DRAW)
    patch(monkeypatch, V300, [{"keyword": "serious", "value": 200}])
    g = game({"base": [STRUCT, V300, {"card": V700, "rested": True}]})
    g.apply(f"activate {cid(g, 0, 'base', STRUCT)} 0")
    assert g.decision.kind == DecisionKind.TARGET
    g.apply(f"pick {cid(g, 0, 'base', V700)}")
    assert power(g.state, g.state.players[0].base[2]) == 900
    assert g.state.players[0].base[1].rested and len(g.state.players[0].hand) == 1


def test_12_9_vigilance_stands_at_the_end_of_your_own_turn_only(monkeypatch):
    patch(monkeypatch, V700, [{"keyword": "vigilance"}])
    g = game({"base": [V700]}, {"base": [{"card": V700, "rested": True}]})
    me, theirs = cid(g, 0, "base", V700), cid(g, 1, "base", V700)
    g.apply(f"attack {me} player")
    assert g.state.in_base(me).rested
    g.apply("end")
    assert not g.state.in_base(me).rested
    # the opponent's rested Vigilance Pal was not stood by an ability at the end of my turn
    stood = [e.data["card"] for e in g.log if e.kind == "stand"]
    assert stood == [me] and theirs not in stood


def test_12_14_breakthrough_strike_damage_when_the_battle_opponent_goes_to_the_graveyard(monkeypatch):
    patch(monkeypatch, V1200, [{"keyword": "breakthrough"}])
    g = game({"base": [V1200]}, {"base": [V500]})
    g.apply(f"attack {cid(g, 0, 'base', V1200)} player")
    g.apply(f"block {cid(g, 1, 'base', V500)}")
    p = g.state.players[1]
    assert p.life == 8 and [c.number for c in p.graveyard][0] == V500 and len(p.graveyard) == 3


def test_12_14_breakthrough_when_both_combat_pals_are_destroyed_at_once(monkeypatch):
    """Both combat Pals leave the base at the same moment (11.4.1): Breakthrough looks back and still sees
    its Pal attacking, so the opponent takes its strike (2) through the damage check."""
    patch(monkeypatch, V1200, [{"keyword": "breakthrough"}])
    g = game({"base": [{"card": V1200, "damage": 300}]}, {"base": [{"card": V900, "rested": True}]})
    g.apply(f"attack {cid(g, 0, 'base', V1200)} {cid(g, 1, 'base', V900)}")
    assert g.state.players[0].base == [] and g.state.players[1].base == []
    assert g.state.players[1].life == 8


def test_11_5_turn_player_fixes_the_pal_limit_first():
    """Both players over the 5-Pal limit at one rule-action check: the turn player chooses first."""
    g = game({"base": [V500] * 6}, {"base": [V500] * 6}, turn_player=1)
    assert g.decision.kind == DecisionKind.PAL_LIMIT and g.decision.player == 1
    g.apply(g.decision.options[0])
    assert g.decision.kind == DecisionKind.PAL_LIMIT and g.decision.player == 0


def test_12_14_no_breakthrough_damage_when_the_opponent_survives(monkeypatch):
    patch(monkeypatch, V500, [{"keyword": "breakthrough"}])
    g = game({"base": [V500]}, {"base": [{"card": V1200, "rested": True}]})
    g.apply(f"attack {cid(g, 0, 'base', V500)} {cid(g, 1, 'base', V1200)}")
    assert g.state.players[1].life == 10


def test_12_12_retaliate_takes_the_battle_opponent_along(monkeypatch):
    patch(monkeypatch, V300, [{"keyword": "retaliate"}])
    g = game({"base": [V1200]}, {"base": [{"card": V300, "rested": True}]})
    g.apply(f"attack {cid(g, 0, 'base', V1200)} {cid(g, 1, 'base', V300)}")
    assert g.state.players[0].base == [] and g.state.players[1].base == []
    assert [c.number for c in g.state.players[0].graveyard] == [V1200]


def test_12_12_retaliate_works_for_the_attacker_too(monkeypatch):
    patch(monkeypatch, V300, [{"keyword": "retaliate"}])
    g = game({"base": [V300]}, {"base": [{"card": V1200, "rested": True}]})
    g.apply(f"attack {cid(g, 0, 'base', V300)} {cid(g, 1, 'base', V1200)}")
    assert g.state.players[1].base == []


def test_12_8_interrupt_from_hand_in_the_quick_step_nullifies_the_attack(monkeypatch):
    patch(monkeypatch, V500, [{"keyword": "interrupt"}])
    g = game({"base": [V700]}, {"hand": [V500, V300], "souls": {"standing": 1}})
    g.apply(f"attack {cid(g, 0, 'base', V700)} player")
    card = cid(g, 1, "hand", V500)
    assert g.decision.kind == DecisionKind.QUICK
    assert {f"activate {card} 0 cost 0", f"activate {card} 0 cost 1"} <= opts(g)
    g.apply(f"activate {card} 0 cost 0")
    p = g.state.players[1]
    assert p.life == 10 and len(p.deck) == 20
    assert (p.souls_standing, p.souls_rested) == (0, 1)
    assert [c.number for c in p.graveyard] == [V500] and [c.number for c in p.hand] == [V300]


def test_12_8_interrupt_other_cost_discards_it_and_another_card(monkeypatch):
    patch(monkeypatch, V500, [{"keyword": "interrupt"}])
    g = game({"base": [V700]}, {"hand": [V500, V300], "souls": {"standing": 0}})
    g.apply(f"attack {cid(g, 0, 'base', V700)} player")
    card = cid(g, 1, "hand", V500)
    assert f"activate {card} 0 cost 0" not in opts(g)
    g.apply(f"activate {card} 0 cost 1")
    p = g.state.players[1]
    assert p.life == 10 and p.hand == [] and len(p.graveyard) == 2


def test_12_8_interrupt_is_not_usable_in_your_own_main_phase(monkeypatch):
    patch(monkeypatch, V500, [{"keyword": "interrupt"}])
    g = game({"hand": [V500, V300], "souls": {"standing": 5}})
    card = cid(g, 0, "hand", V500)
    assert not any(o.startswith(f"activate {card}") for o in opts(g))
    with pytest.raises(IllegalAction):
        g.apply(f"activate {card} 0 cost 0")


def test_12_8_interrupt_after_blocking(monkeypatch):
    """Interrupt is played in the quick step, after the block declaration: a block and an interrupt combine."""
    patch(monkeypatch, V500, [{"keyword": "interrupt"}])
    g = game({"base": [V1200]}, {"base": [V300], "hand": [V500, V700], "souls": {"standing": 2}})
    g.apply(f"attack {cid(g, 0, 'base', V1200)} player")
    g.apply(f"block {cid(g, 1, 'base', V300)}")
    g.apply(f"activate {cid(g, 1, 'hand', V500)} 0 cost 0")
    assert g.state.players[1].base[0].damage == 0 and g.state.players[1].base[0].rested


def test_12_10_taunt_must_be_attacked_when_it_can_be(monkeypatch):
    patch(monkeypatch, V300, [{"keyword": "taunt"}])
    g = game({"base": [V700]}, {"base": [{"card": V300, "rested": True}, {"card": V500, "rested": True}]})
    me = cid(g, 0, "base", V700)
    assert {o for o in opts(g) if o.startswith("attack")} == {f"attack {me} {cid(g, 1, 'base', V300)}"}
    assert "Taunt" in g.why_not(f"attack {me} player")


def test_12_10_a_standing_taunt_pal_that_cannot_be_targeted_does_not_restrict(monkeypatch):
    patch(monkeypatch, V300, [{"keyword": "taunt"}])
    g = game({"base": [V700]}, {"base": [V300, {"card": V500, "rested": True}]})
    me = cid(g, 0, "base", V700)
    assert {o for o in opts(g) if o.startswith("attack")} == {f"attack {me} player",
                                                              f"attack {me} {cid(g, 1, 'base', V500)}"}


def test_12_11_stealth_cannot_be_blocked(monkeypatch):
    patch(monkeypatch, V700, [{"keyword": "stealth"}])
    g = game({"base": [V700]}, {"base": [V900, V500]})
    g.apply(f"attack {cid(g, 0, 'base', V700)} player")
    assert g.decision.kind == DecisionKind.MAIN and g.state.players[1].life == 8


def test_12_13_nocturnal_power_only_at_night(monkeypatch):
    patch(monkeypatch, V500, [{"keyword": "nocturnal", "value": 300}])
    day = game({"base": [V500]})
    night = game({"base": [V500]}, night=True)
    assert power(day.state, day.state.players[0].base[0]) == 500
    assert power(night.state, night.state.players[0].base[0]) == 800
    assert has_keyword(night.state, night.state.players[0].base[0], "nocturnal")


def test_11_2_2_2_lucky_icon_cancels_damage_checks():
    g = game({"base": [V700]}, {"deck": [LUCKY, V300]})
    g.apply(f"attack {cid(g, 0, 'base', V700)} player")
    assert g.state.players[1].life == 10


def test_12_10_with_two_taunt_cards_the_attacker_chooses_either(monkeypatch):
    """Q&A official-40: among several cards with Taunt, the attacking player picks the target."""
    patch(monkeypatch, V300, [{"keyword": "taunt"}])
    patch(monkeypatch, STRUCT, [{"keyword": "taunt"}])
    g = game({"base": [V700]}, {"base": [{"card": V300, "rested": True}, STRUCT, {"card": V500, "rested": True}]})
    me = cid(g, 0, "base", V700)
    wall = cid(g, 1, "base", STRUCT)
    assert {o for o in opts(g) if o.startswith("attack")} == {f"attack {me} {cid(g, 1, 'base', V300)}",
                                                              f"attack {me} {wall}"}
    g.apply(f"attack {me} {wall}")
    assert [c.number for c in g.state.players[1].graveyard] == [STRUCT]
