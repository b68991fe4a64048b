"""Rule actions (11): destruction 11.4.1, the Pal limit 11.5 (see test_play), performed before anything else."""
from __future__ import annotations

from kit import STRUCT, V300, V500, V700, V1200, base_id, cid, game, patch

from engine.model.state import Effect
from engine.rules.continuous import power

TEAM_UP = [{"kind": "cont", "condition": {"is": "have", "count": 2, "filter": {"type": "pal"}},
            "effect": [{"do": "power", "amount": 500}]}]


def test_11_4_1_damage_equal_to_power_destroys():
    g = game({"base": [V500]}, {"base": [{"card": V500, "rested": True}]})
    g.apply(f"attack {cid(g, 0, 'base', V500)} {cid(g, 1, 'base', V500)}")
    assert g.state.players[0].base == [] and g.state.players[1].base == []
    assert sum(e.kind == "destroyed" for e in g.log) == 2


def test_11_4_1_damage_below_power_does_not_destroy():
    g = game({"base": [{"card": V700, "damage": 699}]})
    assert g.state.players[0].base[0].damage == 699


def test_11_4_1_a_structure_is_destroyed_by_damage_reaching_its_durability():
    g = game({"base": [V700]}, {"base": [{"card": STRUCT, "damage": 0}]})
    assert power(g.state, g.state.players[1].base[0]) == 600
    g2 = game({}, {"base": [{"card": STRUCT, "damage": 600}]})
    assert g2.state.players[1].base == [] and g2.state.players[1].graveyard[0].number == STRUCT


def test_11_4_1_destroyed_when_power_drops_below_damage_later(monkeypatch):
    """Q&A official-74: a CONT boost stops applying; the damage already taken now reaches power: destroyed."""
    patch(monkeypatch, V700, TEAM_UP)
    g = game({"base": [V1200]}, {"base": [{"card": V700, "damage": 900}, {"card": V300, "rested": True}]})
    boosted = cid(g, 1, "base", V700)
    assert power(g.state, g.state.in_base(boosted)) == 1200
    g.apply(f"attack {cid(g, 0, 'base', V1200)} {cid(g, 1, 'base', V300)}")
    g.apply("pass")
    assert g.state.players[1].base == []
    assert [c.number for c in g.state.players[1].graveyard] == [V300, V700]


def test_11_4_1_power_zero_or_less_alone_does_not_destroy():
    """Q&A official-92: power at 0 or below does not destroy a Pal that has not taken damage."""
    g = game({}, {"base": [V300]}, effects=lambda s: [Effect("power", base_id(s, 1, V300), value=-1000,
                                                             until_turn=3)])
    pal = g.state.players[1].base[0]
    assert power(g.state, pal) == -700
    g.apply("end")
    assert g.state.players[1].base[0].number == V300


def test_11_4_1_any_damage_on_a_pal_with_power_zero_or_less_destroys(monkeypatch):
    patch(monkeypatch, V500, [{"kind": "play", "effect": []}])
    g = game({"base": [V300]}, {"base": [{"card": V300, "rested": True}]},
             effects=lambda s: [Effect("power", base_id(s, 0, V300), value=-300, until_turn=3)])
    g.apply(f"attack {cid(g, 0, 'base', V300)} {cid(g, 1, 'base', V300)}")
    # the attacker at power 0 deals no damage, takes 300: destroyed; the target survives
    assert g.state.players[0].base == [] and g.state.players[1].base[0].damage == 0


def test_10_5_rule_actions_happen_before_automatic_abilities(monkeypatch):
    """A Pal whose power drop destroys an opposing Pal on arrival: the destruction happens before its own
    On Deploy ability resolves, so that ability no longer finds the destroyed Pal."""
    patch(monkeypatch, V500, [
        {"kind": "cont", "effect": [{"do": "power", "amount": -300, "applies": "all", "side": "opponent"}]},
        {"kind": "auto", "trigger": "on_deploy", "effect": [
            {"do": "choose", "side": "opponent", "all": True, "filter": {"type": "pal"}}, {"do": "to_hand"}]}])
    g = game({"hand": [V500], "souls": {"standing": 3}}, {"base": [{"card": V300, "damage": 100}, V700]})
    g.apply(f"play {cid(g, 0, 'hand', V500)}")
    assert [c.number for c in g.state.players[1].graveyard] == [V300]
    assert [c.number for c in g.state.players[1].hand] == [V700]
