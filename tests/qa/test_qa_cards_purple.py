"""Official card rulings about purple cards, each replayed in a scenario (rulings restated in our own words)."""
from __future__ import annotations

from kit import cid, game, opts, order_first, sorted_numbers

from engine.model.actions import DecisionKind
from engine.rules.continuous import power

HELZEPHYR = "EBP01-073"
SHADOWBEAK = "EBP01-074"
KATRESS = "EBP01-075"
PYRIN_NOCT = "EBP01-077"      # normal, cost 7
DEPRESSO = "EBP01-079"
LOUPMOON = "EBP01-087"        # normal, cost 4 (its On Deploy needs night)
LAMP = "EBP01-088"
MEAT_CLEAVER = "EBP01-093"
NOX = "EBP01-086"             # vanilla, cost 3
HOOCRATES = "ETD02-013"       # vanilla, cost 2
INCINERAM = "ETD02-016"       # vanilla, cost 5
BLAZEHOWL_NOCT = "ETD02-017"  # normal, cost 6


def test_official_91_depresso_has_two_nocturnals():
    """Depresso carries Nocturnal twice, so at night it gains 300 twice: 600 in all."""
    g = game({"base": [DEPRESSO]}, night=True)
    assert power(g.state, g.state.find(cid(g, 0, "base", DEPRESSO))) == 100 + 600
    g = game({"base": [DEPRESSO]})
    assert power(g.state, g.state.find(cid(g, 0, "base", DEPRESSO))) == 100


def test_official_89_katress_revives_exactly_cost_minus_one():
    """Butchering a cost-5 Pal with Katress out lets you bring back a cost-4 Pal only, not a cheaper one."""
    g = game({"base": [KATRESS, INCINERAM], "graveyard": [HOOCRATES, NOX, LOUPMOON]})
    g.apply(f"activate {cid(g, 0, 'base', KATRESS)} 0")          # butcher Incineram (cost 5)
    assert opts(g) == {f"pick {cid(g, 0, 'graveyard', LOUPMOON)}", "done"}
    g.apply(f"pick {cid(g, 0, 'graveyard', LOUPMOON)}")
    assert sorted_numbers(g, 0, "base") == sorted([KATRESS, LOUPMOON])
    assert sorted_numbers(g, 0, "graveyard") == sorted([HOOCRATES, NOX, INCINERAM])


def test_official_88_katress_triggers_on_its_own_butchering():
    """When Katress itself is the butchered Pal, its own automatic ability still activates (cost 6: a cost-5 Pal)."""
    g = game({"base": [MEAT_CLEAVER, KATRESS], "graveyard": [INCINERAM, BLAZEHOWL_NOCT],
             "deck": [HOOCRATES, HOOCRATES, HOOCRATES] + ["ETD01-013"] * 5})
    g.apply(f"activate {cid(g, 0, 'base', MEAT_CLEAVER)} 0")     # butcher Katress as the cost
    assert KATRESS in sorted_numbers(g, 0, "graveyard")
    g.apply(f"pick {cid(g, 0, 'deck', HOOCRATES)}")               # Meat Cleaver's reveal resolves first
    assert opts(g) == {f"pick {cid(g, 0, 'graveyard', INCINERAM)}", "done"}
    g.apply(f"pick {cid(g, 0, 'graveyard', INCINERAM)}")
    assert sorted_numbers(g, 0, "base") == sorted([MEAT_CLEAVER, INCINERAM])
    assert g.state.players[0].base[-1].rested


def _count_activations(g) -> int:
    """Resolve the pending end-of-turn abilities by choosing nothing; count how many asked for a choice."""
    n = 0
    while g.decision is not None and g.decision.kind in (DecisionKind.ORDER, DecisionKind.TARGET):
        if g.decision.kind == DecisionKind.ORDER:
            g.apply("pick 0")
            continue
        assert g.decision.source is not None
        n += 1
        g.apply("done")
    return n


def test_official_85_two_shadowbeaks_still_only_twice_each():
    """Two Shadowbeaks at night do not stack: each Shadowbeak's end-of-turn ability activates twice, not more."""
    g = game({"base": [{"card": SHADOWBEAK, "rested": True}, {"card": SHADOWBEAK, "rested": True}, NOX]})
    g.apply("end")
    assert g.decision.kind == DecisionKind.ORDER and len(g.decision.options) == 4   # 2 Shadowbeaks x 2
    assert _count_activations(g) == 4
    assert g.state.turn == 4


def test_official_83_shadowbeak_butchered_still_doubles_katress():
    """Butchering the rested Shadowbeak (the only source of night) still makes Katress's ability activate twice."""
    g = game({"base": [KATRESS, {"card": SHADOWBEAK, "rested": True}], "graveyard": [PYRIN_NOCT, PYRIN_NOCT]})
    g.apply(f"activate {cid(g, 0, 'base', KATRESS)} 0")          # butcher Shadowbeak (cost 8): X = 7
    assert SHADOWBEAK in sorted_numbers(g, 0, "graveyard")
    while g.decision.kind in (DecisionKind.ORDER, DecisionKind.TARGET):
        g.apply("pick 0" if g.decision.kind == DecisionKind.ORDER else
                f"pick {cid(g, 0, 'graveyard', PYRIN_NOCT)}")
    assert sorted_numbers(g, 0, "base") == sorted([KATRESS, PYRIN_NOCT, PYRIN_NOCT])
    assert sorted_numbers(g, 0, "graveyard") == [SHADOWBEAK]


def test_official_82_shadowbeak_doubles_its_own_auto():
    """Shadowbeak's 'automatic abilities activate twice at night' covers its own end-of-turn ability too."""
    g = game({"base": [{"card": SHADOWBEAK, "rested": True}, NOX, HOOCRATES]},
            {"base": [INCINERAM, LOUPMOON]})
    g.apply("end")
    order_first(g)
    g.apply(f"pick {cid(g, 0, 'base', NOX)}")
    g.apply(f"pick {cid(g, 1, 'base', INCINERAM)}")
    g.apply(f"pick {cid(g, 0, 'base', HOOCRATES)}")                # the second activation
    assert sorted_numbers(g, 0, "base") == [SHADOWBEAK]
    assert sorted_numbers(g, 1, "base") == []
    # by day (Shadowbeak standing) it activates once
    g = game({"base": [SHADOWBEAK, NOX]})
    g.apply("end")
    assert _count_activations(g) == 1


def test_official_80_helzephyr_sees_nocturnal_granted_by_lamp():
    """With Lamp out at night, a Pal deployed without printed Nocturnal has it from Lamp, so Helzephyr triggers."""
    g = game({"base": [HELZEPHYR, LAMP], "hand": [HOOCRATES], "souls": {"standing": 2}},
            {"base": [NOX, INCINERAM]}, night=True)
    g.apply(f"play {cid(g, 0, 'hand', HOOCRATES)}")
    assert g.decision.kind == DecisionKind.TARGET                 # ◇2 or less: only Hoocrates itself
    assert opts(g) == {f"pick {cid(g, 0, 'base', HOOCRATES)}", "done"}
    g.apply(f"pick {cid(g, 0, 'base', HOOCRATES)}")
    assert sorted_numbers(g, 0, "graveyard") == [HOOCRATES]
    # without Lamp nothing happens
    g = game({"base": [HELZEPHYR], "hand": [HOOCRATES], "souls": {"standing": 2}}, night=True)
    g.apply(f"play {cid(g, 0, 'hand', HOOCRATES)}")
    assert g.decision.kind == DecisionKind.MAIN


def test_official_79_helzephyr_already_rested_stays_rested():
    """If Helzephyr is already resting when its end-of-turn rest happens, nothing changes and play goes on."""
    g = game({"base": [{"card": HELZEPHYR, "rested": True}], "hand": [PYRIN_NOCT], "souls": {"standing": 7}},
            {"base": [NOX]}, night=True)
    g.apply(f"play {cid(g, 0, 'hand', PYRIN_NOCT)}")
    g.apply(f"pick {cid(g, 1, 'base', NOX)}")
    assert sorted_numbers(g, 1, "graveyard") == [NOX]
    g.apply("end")
    assert g.state.turn == 4 and g.decision.player == 1
    helzephyr = g.state.find(cid(g, 0, "base", HELZEPHYR))
    assert helzephyr.rested
    assert not any(e.kind == "rest" and e.data.get("card") == helzephyr.id for e in g.state.log)
