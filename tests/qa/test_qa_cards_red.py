"""Official rulings ("Q&A about Cards") about the red cards, each restated in our own words and tested."""
from __future__ import annotations

from kit import V300, V300R, cid, game

from engine.rules.continuous import power, strike

BIG = "EBP01-001"      # Jormuntide Ignis, power 1700: survives 1400 damage, so damage can be counted


def test_official_58_two_harness_grants_may_choose_the_same_pal():
    """Two Foxparks' Harness abilities used on the same Foxparks give it the 700-damage On Attack twice; when it
    attacks, each granted ability chooses its own target, and both may choose the same Pal."""
    g = game({"base": ["EBP01-019", "EBP01-019", "ETD01-004"]}, {"base": [BIG]})
    fox = cid(g, 0, "base", "ETD01-004")
    for i in (0, 1):
        g.apply(f"activate {cid(g, 0, 'base', 'EBP01-019', i)} 0")
        g.apply(f"pick {fox}")
    assert power(g.state, g.state.find(fox)) == 800
    target = cid(g, 1, "base", BIG)
    g.apply(f"attack {fox} player")
    assert g.decision.kind == "order"                # two granted abilities triggered
    g.apply("pick 0")
    g.apply(f"pick {target}")
    assert g.decision.kind == "target"               # the second one may choose the same Pal again
    assert f"pick {target}" in {a.text for a in g.decision.options}
    g.apply(f"pick {target}")
    assert g.state.find(target).damage == 1400


def test_official_56_mounted_machine_gun_may_hit_the_same_pal_each_time():
    """With X = 2 the Mounted Machine Gun repeats its choose-and-deal-500 twice, and each repetition may pick the
    Pal picked before, or a different one."""
    g = game({"base": ["EBP01-015", V300R], "material": 2}, {"base": [BIG, V300]})
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-015')} 0")
    g.apply("x 2")
    target = cid(g, 1, "base", BIG)
    g.apply(f"pick {target}")
    assert f"pick {target}" in {a.text for a in g.decision.options}
    g.apply(f"pick {target}")
    assert g.state.find(target).damage == 1000
    assert g.state.find(cid(g, 1, "base", V300)).damage == 0
    assert g.state.players[0].material == 0


def test_official_55_ragnahawk_boosts_itself_too():
    """Ragnahawk's On Attack picks every red Pal of its controller, and Ragnahawk is one of them."""
    g = game({"base": ["EBP01-010", V300R]})
    r = cid(g, 0, "base", "EBP01-010")
    g.apply(f"attack {r} player")
    assert power(g.state, g.state.find(r)) == 1500
    assert strike(g.state, g.state.find(r)) == 3
    assert g.state.players[1].life == 7              # it hit for 3
    assert power(g.state, g.state.find(cid(g, 0, "base", V300R))) == 800


def test_official_53_suzaku_boosts_red_structures_gears_and_events():
    """Suzaku's +200 covers non-battle damage to Pals from any of its controller's red cards: a red structure, a
    red gear and a red event all deal 200 more, not only Pal abilities."""
    g = game({"base": ["EBP01-002", "EBP01-015", V300R], "material": 1,
              "hand": ["EBP01-021", "ETD01-011"], "souls": {"standing": 4}}, {"base": [BIG, BIG]})
    target = cid(g, 1, "base", BIG)
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-015')} 0")       # structure: 500
    g.apply("x 1")
    g.apply(f"pick {cid(g, 0, 'base', V300R)}")                   # assign this Pal (Suzaku could be, too)
    g.apply(f"pick {target}")
    assert g.state.find(target).damage == 700
    g.apply(f"play {cid(g, 0, 'hand', 'EBP01-021')}")             # gear: 500
    g.apply(f"pick {target}")
    assert g.state.find(target).damage == 1400
    other = cid(g, 1, "base", BIG, 1)
    g.apply(f"play {cid(g, 0, 'hand', 'ETD01-011')}")             # event: 500
    g.apply(f"pick {other}")
    assert g.state.find(other).damage == 700


def test_official_52_jormuntide_once_per_turn_whichever_cost_was_paid():
    """Jormuntide Ignis's stand ability is once per turn across both of its costs: after using it by resting 3
    souls, it cannot be used again that turn by discarding 2 cards instead."""
    g = game({"base": [{"card": "EBP01-001", "rested": True}], "hand": [V300, V300R, V300],
              "souls": {"standing": 3}})
    j = cid(g, 0, "base", "EBP01-001")
    g.apply(f"activate {j} 0 cost 0")
    assert not g.state.find(j).rested
    g.apply(f"attack {j} player")                    # rest it again
    assert g.state.find(j).rested
    options = {a.text for a in g.decision.options}
    assert f"activate {j} 0 cost 1" not in options and f"activate {j} 0 cost 0" not in options
    assert "Once per turn" in g.why_not(f"activate {j} 0 cost 1")
    assert len(g.state.players[0].hand) == 3
