"""Behaviour of every purple card with an ability (EBP01-073..097, ETD02-012..022), one scenario per test.

Games are driven only through ``game.apply`` / ``game.decision``; the assertions read ``game.state``.
"""
from __future__ import annotations

from kit import activate, attack, card, cid, game, opts, order_first, pick, play, power_of, sorted_numbers

from engine.model.actions import DecisionKind
from engine.rules.continuous import has_keyword, is_night, power, strike

HELZEPHYR = "EBP01-073"
SHADOWBEAK = "EBP01-074"
KATRESS = "EBP01-075"
TOMBAT = "EBP01-076"
PYRIN_NOCT = "EBP01-077"
LYLEEN_NOCT = "EBP01-078"
DEPRESSO = "EBP01-079"
DAEDREAM = "EBP01-080"
LOVANDER = "EBP01-081"
DAEDREAM_DEEP = "EBP01-082"
VANWYRM = "EBP01-083"
MENASTING = "EBP01-084"
MARAITH = "EBP01-085"
NOX = "EBP01-086"            # vanilla, cost 3, power 500
LOUPMOON = "EBP01-087"
LAMP = "EBP01-088"
SHODDY_BED = "EBP01-089"
WORKBENCH = "EBP01-090"
WOODEN_WALL = "EBP01-091"
VIEWING_CAGE = "EBP01-092"
MEAT_CLEAVER = "EBP01-093"
NECKLACE = "EBP01-094"
ZOES_STRATEGY = "EBP01-095"
DARK_CANNON = "EBP01-096"
BLACK_MARKETEER = "EBP01-097"
ASTEGON = "ETD02-012"
HOOCRATES = "ETD02-013"      # vanilla, cost 2, power 300
LEEZPUNK = "ETD02-014"
CAWGNITO = "ETD02-015"
INCINERAM = "ETD02-016"      # vanilla, cost 5, power 900
BLAZEHOWL_NOCT = "ETD02-017"
FELBAT = "ETD02-018"
HANGING_TRAP = "ETD02-019"
CAWGNITO_HAT = "ETD02-020"
STRIKE_DARKNESS = "ETD02-021"
MEDICAL_SUPPLIES = "ETD02-022"


# ---------------------------------------------------------------------------------------------------------------
# EBP01-073 Helzephyr
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_073_helzephyr_nocturnal_power():
    g = game({"base": [HELZEPHYR]})
    assert power_of(g, 0, HELZEPHYR) == 700
    g = game({"base": [HELZEPHYR]}, night=True)
    assert power_of(g, 0, HELZEPHYR) == 1000


def test_ebp01_073_helzephyr_nocturnal_deploy_at_night_sends_cheaper_pal_and_rests_at_end():
    g = game({"base": [HELZEPHYR], "hand": [DAEDREAM], "souls": {"standing": 5}},
            {"base": [{"card": HOOCRATES, "rested": True}, NOX]}, night=True)
    play(g, 0, DAEDREAM)
    # Daedream costs 2: a cost-2 Pal may be chosen, the cost-3 Nox may not
    assert f"pick {cid(g, 1, 'base', NOX)}" not in opts(g)
    pick(g, 1, "base", HOOCRATES)
    assert sorted_numbers(g, 1, "graveyard") == [HOOCRATES]
    assert not card(g, 0, "base", HELZEPHYR).rested
    g.apply("end")
    assert g.state.turn == 4
    assert card(g, 0, "base", HELZEPHYR).rested


def test_ebp01_073_helzephyr_choosing_nothing_does_not_rest_it():
    g = game({"base": [HELZEPHYR], "hand": [DAEDREAM], "souls": {"standing": 5}}, {"base": [HOOCRATES]}, night=True)
    play(g, 0, DAEDREAM)
    g.apply("done")
    g.apply("end")
    assert not card(g, 0, "base", HELZEPHYR).rested
    assert sorted_numbers(g, 1, "base") == [HOOCRATES]


def test_ebp01_073_helzephyr_does_nothing_by_day_or_for_non_nocturnal_pals():
    g = game({"base": [HELZEPHYR], "hand": [DAEDREAM], "souls": {"standing": 5}}, {"base": [HOOCRATES]})
    play(g, 0, DAEDREAM)
    assert g.decision.kind == DecisionKind.MAIN
    g = game({"base": [HELZEPHYR], "hand": [NOX], "souls": {"standing": 5}}, {"base": [HOOCRATES]}, night=True)
    play(g, 0, NOX)
    assert g.decision.kind == DecisionKind.MAIN
    assert sorted_numbers(g, 1, "base") == [HOOCRATES]


# ---------------------------------------------------------------------------------------------------------------
# EBP01-074 Shadowbeak
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_074_shadowbeak_rested_makes_night():
    g = game({"base": [SHADOWBEAK]})
    assert not is_night(g.state)
    g = game({"base": [{"card": SHADOWBEAK, "rested": True}]})
    assert is_night(g.state)


def test_ebp01_074_shadowbeak_end_of_turn_butcher_twice_at_night():
    g = game({"base": [{"card": SHADOWBEAK, "rested": True}, HOOCRATES, NOX]},
            {"base": [INCINERAM, HOOCRATES]})
    g.apply("end")
    order_first(g)                                  # two activations of the same ability
    pick(g, 0, "base", HOOCRATES)                   # butcher Hoocrates
    assert g.decision.player == 1                   # the opponent chooses one of their own Pals
    pick(g, 1, "base", INCINERAM)
    pick(g, 0, "base", NOX)                         # second activation: butcher Nox
    assert sorted_numbers(g, 0, "base") == [SHADOWBEAK]
    assert sorted_numbers(g, 1, "base") == []              # their last Pal went without a choice
    assert sorted_numbers(g, 1, "graveyard") == [HOOCRATES, INCINERAM]


def test_ebp01_074_shadowbeak_by_day_once_and_no_butcher_means_no_loss():
    g = game({"base": [SHADOWBEAK, HOOCRATES]}, {"base": [INCINERAM]})
    g.apply("end")
    assert g.decision.kind == DecisionKind.TARGET
    g.apply("done")
    assert g.state.turn == 4 and g.decision.kind == DecisionKind.MAIN
    assert sorted_numbers(g, 0, "base") == sorted([SHADOWBEAK, HOOCRATES])
    assert sorted_numbers(g, 1, "base") == [INCINERAM]


def test_ebp01_074_shadowbeak_twice_applies_to_other_pals_auto():
    """At night another Pal's automatic ability (Felbat's On Attack) activates twice."""
    g = game({"base": [{"card": SHADOWBEAK, "rested": True}, FELBAT]})
    attack(g, 0, FELBAT)
    order_first(g)
    assert g.state.players[0].life == 12


# ---------------------------------------------------------------------------------------------------------------
# EBP01-075 Katress
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_075_katress_butcher_other_for_power_and_strike():
    g = game({"base": [KATRESS, HOOCRATES]})
    activate(g, 0, KATRESS, 0)
    assert sorted_numbers(g, 0, "base") == [KATRESS]
    assert sorted_numbers(g, 0, "graveyard") == [HOOCRATES]
    k = card(g, 0, "base", KATRESS)
    assert power(g.state, k) == 1900 and strike(g.state, k) == 3
    assert f"activate {k.id} 0" not in opts(g)      # once per turn
    g.apply("end")
    assert power(g.state, k) == 900 and strike(g.state, k) == 2


def test_ebp01_075_katress_butchered_pal_brings_back_cost_minus_one_normal_pal():
    g = game({"base": [KATRESS, NOX], "graveyard": [HOOCRATES, DAEDREAM, MENASTING, INCINERAM]})
    activate(g, 0, KATRESS, 0)                      # butcher Nox (cost 3): X = 2
    assert opts(g) == {f"pick {cid(g, 0, 'graveyard', HOOCRATES)}", f"pick {cid(g, 0, 'graveyard', DAEDREAM)}",
                       "done"}
    pick(g, 0, "graveyard", HOOCRATES)
    h = card(g, 0, "base", HOOCRATES)
    assert h.rested


def test_ebp01_075_katress_lucky_pals_are_not_normal():
    g = game({"base": [KATRESS, PYRIN_NOCT], "graveyard": [KATRESS, BLAZEHOWL_NOCT]})
    activate(g, 0, KATRESS, 0)                      # butcher Pyrin Noct (cost 7): X = 6
    # the Lucky Katress in the graveyard costs 6 too, but only a normal Pal may come back
    assert opts(g) == {f"pick {cid(g, 0, 'graveyard', BLAZEHOWL_NOCT)}", "done"}
    pick(g, 0, "graveyard", BLAZEHOWL_NOCT)
    assert card(g, 0, "base", BLAZEHOWL_NOCT).rested


# ---------------------------------------------------------------------------------------------------------------
# EBP01-076 Tombat
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_076_tombat_reveal_three_take_a_pal_rest_to_graveyard():
    g = game({"hand": [TOMBAT], "deck": [NOX, WOODEN_WALL, HOOCRATES] + ["ETD01-013"] * 5,
             "souls": {"standing": 5}})
    play(g, 0, TOMBAT)
    assert f"pick {cid(g, 0, 'deck', WOODEN_WALL)}" not in opts(g)
    pick(g, 0, "deck", NOX)
    assert sorted_numbers(g, 0, "hand") == [NOX]
    assert sorted_numbers(g, 0, "graveyard") == sorted([WOODEN_WALL, HOOCRATES])
    assert len(g.state.players[0].deck) == 5


# ---------------------------------------------------------------------------------------------------------------
# EBP01-077 Pyrin Noct / ETD02-017 Blazehowl Noct (Interrupt)
# ---------------------------------------------------------------------------------------------------------------


def _attacked_by(p0: dict, attacker: str = NOX):
    """Player 1's turn: their standing Pal attacks player 0."""
    g = game(p0, {"base": [attacker]}, turn_player=1)
    attack(g, 1, attacker)
    return g


def test_ebp01_077_pyrin_noct_nocturnal_power():
    assert power_of(game({"base": [PYRIN_NOCT]}), 0, PYRIN_NOCT) == 1100
    assert power_of(game({"base": [PYRIN_NOCT]}, night=True), 0, PYRIN_NOCT) == 1400


def test_ebp01_077_pyrin_noct_interrupt_with_one_soul():
    g = _attacked_by({"hand": [PYRIN_NOCT], "souls": {"standing": 1}})
    assert g.decision.kind == DecisionKind.QUICK
    g.apply(f"activate {cid(g, 0, 'hand', PYRIN_NOCT)} 1 cost 0")
    assert g.state.players[0].life == 10
    assert sorted_numbers(g, 0, "graveyard") == [PYRIN_NOCT]
    assert g.state.players[0].souls_standing == 0


def test_etd02_017_blazehowl_noct_interrupt_discarding_another_card():
    g = _attacked_by({"hand": [BLAZEHOWL_NOCT, NOX]})
    g.apply(f"activate {cid(g, 0, 'hand', BLAZEHOWL_NOCT)} 0 cost 1")
    assert g.state.players[0].life == 10
    assert sorted_numbers(g, 0, "graveyard") == sorted([BLAZEHOWL_NOCT, NOX])


def test_etd02_017_blazehowl_noct_without_interrupt_the_hit_lands():
    g = _attacked_by({"hand": [BLAZEHOWL_NOCT]})    # no soul, no other card: it cannot be used
    assert g.decision is not None and g.decision.player == 1
    assert g.state.players[0].life == 9


# ---------------------------------------------------------------------------------------------------------------
# EBP01-078 Lyleen Noct
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_078_lyleen_noct_revives_cost_six_or_less_rested():
    g = game({"base": [LYLEEN_NOCT], "hand": [NOX], "graveyard": [KATRESS, INCINERAM, PYRIN_NOCT]})
    activate(g, 0, LYLEEN_NOCT, 0)
    assert f"pick {cid(g, 0, 'graveyard', PYRIN_NOCT)}" not in opts(g)
    pick(g, 0, "graveyard", KATRESS)
    assert card(g, 0, "base", KATRESS).rested
    assert card(g, 0, "base", LYLEEN_NOCT).rested
    assert sorted_numbers(g, 0, "hand") == []
    assert sorted_numbers(g, 0, "graveyard") == sorted([INCINERAM, PYRIN_NOCT, NOX])


def test_ebp01_078_lyleen_noct_needs_a_card_to_discard():
    g = game({"base": [LYLEEN_NOCT], "graveyard": [KATRESS]})
    assert g.why_not(f"activate {cid(g, 0, 'base', LYLEEN_NOCT)} 0") is not None


# ---------------------------------------------------------------------------------------------------------------
# EBP01-079 Depresso, EBP01-080 / 082 Daedream
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_079_depresso_two_nocturnals():
    assert power_of(game({"base": [DEPRESSO]}), 0, DEPRESSO) == 100
    assert power_of(game({"base": [DEPRESSO]}, night=True), 0, DEPRESSO) == 700


def test_ebp01_080_daedream_nocturnal():
    assert power_of(game({"base": [DAEDREAM]}), 0, DAEDREAM) == 200
    assert power_of(game({"base": [DAEDREAM]}, night=True), 0, DAEDREAM) == 500


def test_ebp01_082_daedream_nocturnal():
    assert power_of(game({"base": [DAEDREAM_DEEP]}), 0, DAEDREAM_DEEP) == 400
    assert power_of(game({"base": [DAEDREAM_DEEP]}, night=True), 0, DAEDREAM_DEEP) == 700


# ---------------------------------------------------------------------------------------------------------------
# EBP01-081 Lovander
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_081_lovander_discard_to_gain_life():
    g = game({"base": [LOVANDER], "hand": [NOX, HOOCRATES]})
    attack(g, 0, LOVANDER)
    g.apply("yes")
    pick(g, 0, "hand", NOX)
    assert g.state.players[0].life == 11
    assert sorted_numbers(g, 0, "hand") == [HOOCRATES]


def test_ebp01_081_lovander_declining_or_empty_hand_gains_nothing():
    g = game({"base": [LOVANDER], "hand": [NOX]})
    attack(g, 0, LOVANDER)
    g.apply("no")
    assert g.state.players[0].life == 10 and sorted_numbers(g, 0, "hand") == [NOX]
    g = game({"base": [LOVANDER]})
    attack(g, 0, LOVANDER)
    g.apply("yes")
    assert g.state.players[0].life == 10


# ---------------------------------------------------------------------------------------------------------------
# EBP01-083 Vanwyrm
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_083_vanwyrm_minus_300_until_end_of_turn():
    g = game({"hand": [VANWYRM], "souls": {"standing": 4}}, {"base": [INCINERAM, HOOCRATES]})
    play(g, 0, VANWYRM)
    pick(g, 1, "base", INCINERAM)
    assert power_of(g, 1, INCINERAM) == 600
    g.apply("end")
    assert power_of(g, 1, INCINERAM) == 900


def test_ebp01_083_vanwyrm_power_zero_does_not_destroy():
    g = game({"hand": [VANWYRM], "souls": {"standing": 4}}, {"base": [HOOCRATES]})
    play(g, 0, VANWYRM)
    pick(g, 1, "base", HOOCRATES)
    assert power_of(g, 1, HOOCRATES) == 0
    assert sorted_numbers(g, 1, "base") == [HOOCRATES]


# ---------------------------------------------------------------------------------------------------------------
# EBP01-084 Menasting
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_084_menasting_retaliate_and_return_normal_pal():
    g = game({"base": [MENASTING], "graveyard": [NOX, HELZEPHYR]}, {"base": [{"card": INCINERAM, "rested": True}]})
    attack(g, 0, MENASTING, str(cid(g, 1, "base", INCINERAM)))
    order_first(g)
    # Retaliate put Incineram (900 power, only 700 damage) into the graveyard too
    assert sorted_numbers(g, 1, "graveyard") == [INCINERAM]
    # the normal Nox is the only choice (Helzephyr is Lucky, Menasting itself too)
    assert opts(g) == {f"pick {cid(g, 0, 'graveyard', NOX)}", "done"}
    pick(g, 0, "graveyard", NOX)
    assert sorted_numbers(g, 0, "hand") == [NOX]


# ---------------------------------------------------------------------------------------------------------------
# EBP01-085 Maraith
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_085_maraith_rested_night_weakens_opponent_pals():
    g = game({"base": [MARAITH, NOX]}, {"base": [INCINERAM]})
    assert not is_night(g.state) and power_of(g, 1, INCINERAM) == 900
    g = game({"base": [{"card": MARAITH, "rested": True}, NOX]}, {"base": [INCINERAM, HOOCRATES]})
    assert is_night(g.state)
    assert power_of(g, 1, INCINERAM) == 700
    assert power_of(g, 1, HOOCRATES) == 100
    assert power_of(g, 0, NOX) == 500 and power_of(g, 0, MARAITH) == 900


def test_ebp01_085_maraith_night_from_elsewhere_also_weakens():
    g = game({"base": [MARAITH]}, {"base": [HOOCRATES]}, night=True)
    assert power_of(g, 1, HOOCRATES) == 100


# ---------------------------------------------------------------------------------------------------------------
# EBP01-087 Loupmoon
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_087_loupmoon_at_night_removes_standing_cost_six_or_less():
    g = game({"hand": [LOUPMOON], "souls": {"standing": 4}},
            {"base": [INCINERAM, {"card": NOX, "rested": True}, PYRIN_NOCT]}, night=True)
    play(g, 0, LOUPMOON)
    assert f"pick {cid(g, 1, 'base', NOX)}" not in opts(g)          # resting
    assert f"pick {cid(g, 1, 'base', PYRIN_NOCT)}" not in opts(g)   # cost 7
    pick(g, 1, "base", INCINERAM)
    assert sorted_numbers(g, 1, "graveyard") == [INCINERAM]


def test_ebp01_087_loupmoon_by_day_does_nothing():
    g = game({"hand": [LOUPMOON], "souls": {"standing": 4}}, {"base": [INCINERAM]})
    play(g, 0, LOUPMOON)
    assert g.decision.kind == DecisionKind.MAIN and sorted_numbers(g, 1, "base") == [INCINERAM]


# ---------------------------------------------------------------------------------------------------------------
# EBP01-088 Lamp / EBP01-089 Shoddy Bed
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_088_lamp_mill_three_for_night_until_opponent_turn_ends():
    g = game({"base": [LAMP]})
    activate(g, 0, LAMP, 0)
    assert len(g.state.players[0].deck) == 17 and len(g.state.players[0].graveyard) == 3
    assert is_night(g.state)
    assert f"activate {cid(g, 0, 'base', LAMP)} 0" not in opts(g)   # once per turn
    g.apply("end")
    assert g.state.turn == 4 and is_night(g.state)
    g.apply("end")
    assert g.state.turn == 5 and not is_night(g.state)


def test_ebp01_088_lamp_gives_your_pals_nocturnal():
    g = game({"base": [LAMP, HOOCRATES]}, {"base": [NOX]}, night=True)
    assert has_keyword(g.state, card(g, 0, "base", HOOCRATES), "nocturnal")
    assert power_of(g, 0, HOOCRATES) == 600
    assert power_of(g, 1, NOX) == 500
    g = game({"base": [LAMP, DAEDREAM]}, night=True)
    assert power_of(g, 0, DAEDREAM) == 800                                  # printed + granted


def test_ebp01_089_shoddy_bed_night_and_end_of_turn_draw():
    g = game({"base": [SHODDY_BED, {"card": DAEDREAM, "rested": True}]})
    activate(g, 0, SHODDY_BED, 0)
    assert is_night(g.state) and len(g.state.players[0].graveyard) == 3
    g.apply("end")
    assert len(g.state.players[0].hand) == 1


def test_ebp01_089_shoddy_bed_needs_a_resting_nocturnal_pal():
    g = game({"base": [SHODDY_BED, DAEDREAM, {"card": NOX, "rested": True}]})
    g.apply("end")
    assert len(g.state.players[0].hand) == 0
    g = game({"base": [SHODDY_BED, LAMP, {"card": NOX, "rested": True}]})   # Nocturnal granted by Lamp
    g.apply("end")
    assert len(g.state.players[0].hand) == 1


# ---------------------------------------------------------------------------------------------------------------
# EBP01-090 Medieval Medicine Workbench
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_090_workbench_assign_and_revive_up_to_cost_plus_two():
    g = game({"base": [WORKBENCH, NOX], "graveyard": [INCINERAM, LOVANDER, PYRIN_NOCT],
             "souls": {"standing": 3}})
    activate(g, 0, WORKBENCH, 0)
    assert card(g, 0, "base", NOX).rested                           # assigned
    assert opts(g) == {f"pick {cid(g, 0, 'graveyard', INCINERAM)}", f"pick {cid(g, 0, 'graveyard', LOVANDER)}"}
    pick(g, 0, "graveyard", INCINERAM)
    assert card(g, 0, "base", INCINERAM).rested
    assert g.state.players[0].souls_standing == 0


# ---------------------------------------------------------------------------------------------------------------
# EBP01-091 Wooden Wall
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_091_wooden_wall_taunt_and_draw_when_destroyed():
    g = game({"base": [WOODEN_WALL, {"card": HOOCRATES, "rested": True}]}, {"base": [NOX]}, turn_player=1)
    wall = cid(g, 0, "base", WOODEN_WALL)
    nox = cid(g, 1, "base", NOX)
    assert g.why_not(f"attack {nox} player") is not None
    assert g.why_not(f"attack {nox} {cid(g, 0, 'base', HOOCRATES)}") is not None
    g.apply(f"attack {nox} {wall}")
    assert WOODEN_WALL in sorted_numbers(g, 0, "graveyard")
    assert len(g.state.players[0].hand) == 1


# ---------------------------------------------------------------------------------------------------------------
# EBP01-092 Viewing Cage
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_092_viewing_cage_exiles_and_returns_them_when_it_leaves():
    g = game({"base": [VIEWING_CAGE, NOX]}, {"base": [INCINERAM, PYRIN_NOCT, LYLEEN_NOCT]})
    activate(g, 0, VIEWING_CAGE, 0)                                 # assign Nox (cost 3): X = 5
    assert sorted_numbers(g, 0, "exile") == [NOX]                          # the assigned Pal is exiled
    # Incineram (cost 5) is the only Pal of cost 5 or less left, so it is taken without a choice
    assert sorted_numbers(g, 1, "exile") == [INCINERAM]
    assert sorted_numbers(g, 1, "base") == sorted([PYRIN_NOCT, LYLEEN_NOCT])
    g.apply("end")
    g.apply(f"attack {cid(g, 1, 'base', LYLEEN_NOCT)} {cid(g, 0, 'base', VIEWING_CAGE)}")   # 1700 vs 1300
    assert sorted_numbers(g, 0, "graveyard") == [VIEWING_CAGE]
    assert sorted_numbers(g, 0, "hand") == [NOX] and sorted_numbers(g, 0, "exile") == []
    assert INCINERAM in sorted_numbers(g, 1, "hand") and sorted_numbers(g, 1, "exile") == []


def test_ebp01_092_viewing_cage_choice_among_cheap_pals():
    g = game({"base": [VIEWING_CAGE, KATRESS]}, {"base": [INCINERAM, PYRIN_NOCT]})
    activate(g, 0, VIEWING_CAGE, 0)                                 # Katress cost 6: X = 8
    assert opts(g) == {f"pick {cid(g, 1, 'base', INCINERAM)}", f"pick {cid(g, 1, 'base', PYRIN_NOCT)}"}
    pick(g, 1, "base", PYRIN_NOCT)
    assert sorted_numbers(g, 1, "exile") == [PYRIN_NOCT]


# ---------------------------------------------------------------------------------------------------------------
# EBP01-093 Meat Cleaver
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_093_meat_cleaver_butcher_reveal_take_any_card():
    g = game({"base": [MEAT_CLEAVER, NOX], "deck": [WOODEN_WALL, HOOCRATES, DARK_CANNON] + ["ETD01-013"] * 5})
    activate(g, 0, MEAT_CLEAVER, 0)
    assert card(g, 0, "base", MEAT_CLEAVER).rested
    pick(g, 0, "deck", WOODEN_WALL)                                # any card, not only Pals
    assert sorted_numbers(g, 0, "hand") == [WOODEN_WALL]
    assert sorted_numbers(g, 0, "graveyard") == sorted([NOX, HOOCRATES, DARK_CANNON])
    assert sorted_numbers(g, 0, "base") == [MEAT_CLEAVER]


def test_ebp01_093_meat_cleaver_needs_a_pal_to_butcher():
    g = game({"base": [MEAT_CLEAVER]})
    assert g.why_not(f"activate {cid(g, 0, 'base', MEAT_CLEAVER)} 0") is not None


# ---------------------------------------------------------------------------------------------------------------
# EBP01-094 Daedream's Necklace
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_094_necklace_deploys_a_daedream_from_hand():
    g = game({"hand": [NECKLACE, DAEDREAM, DAEDREAM_DEEP, NOX], "souls": {"standing": 3}})
    play(g, 0, NECKLACE)
    assert opts(g) == {f"pick {cid(g, 0, 'hand', DAEDREAM)}", f"pick {cid(g, 0, 'hand', DAEDREAM_DEEP)}", "done"}
    pick(g, 0, "hand", DAEDREAM_DEEP)
    assert not card(g, 0, "base", DAEDREAM_DEEP).rested
    assert g.state.players[0].souls_standing == 0                  # deployed without paying its cost


def test_ebp01_094_necklace_rest_for_power_and_night():
    g = game({"base": [NECKLACE, DAEDREAM]})
    activate(g, 0, NECKLACE, 1)
    assert card(g, 0, "base", NECKLACE).rested
    assert is_night(g.state)
    assert power_of(g, 0, DAEDREAM) == 200 + 200 + 300                    # +200, and Nocturnal at night
    g.apply("end")
    assert is_night(g.state) and power_of(g, 0, DAEDREAM) == 500


# ---------------------------------------------------------------------------------------------------------------
# EBP01-095 Zoe's Strategy
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_095_zoes_strategy_counters_mode():
    g = game({"hand": [ZOES_STRATEGY], "souls": {"standing": 3}}, {"material": 4, "ingredient": 3})
    play(g, 0, ZOES_STRATEGY)
    g.apply("mode 0")
    g.apply("x 3")                                                  # 3 Material
    assert opts(g) == {"x 0", "x 1", "x 2"}                         # 5 in total at most
    g.apply("x 2")
    assert (g.state.players[1].material, g.state.players[1].ingredient) == (1, 1)


def test_ebp01_095_zoes_strategy_graveyard_mode():
    g = game({"hand": [ZOES_STRATEGY], "graveyard": [INCINERAM], "souls": {"standing": 3}},
            {"hand": [NOX, HOOCRATES]})
    play(g, 0, ZOES_STRATEGY)
    g.apply("mode 1")
    pick(g, 0, "graveyard", INCINERAM)
    assert g.decision.player == 1                                   # the opponent picks their discard
    pick(g, 1, "hand", HOOCRATES)
    assert sorted_numbers(g, 0, "hand") == [INCINERAM]
    assert sorted_numbers(g, 1, "hand") == [NOX] and sorted_numbers(g, 1, "graveyard") == [HOOCRATES]


def test_ebp01_095_zoes_strategy_butcher_mode():
    g = game({"hand": [ZOES_STRATEGY], "base": [HOOCRATES], "souls": {"standing": 3}},
            {"base": [INCINERAM, NOX]})
    play(g, 0, ZOES_STRATEGY)
    g.apply("mode 2")
    pick(g, 1, "base", INCINERAM)
    assert sorted_numbers(g, 0, "graveyard") == sorted([HOOCRATES, ZOES_STRATEGY])
    assert sorted_numbers(g, 1, "base") == [NOX] and sorted_numbers(g, 1, "graveyard") == [INCINERAM]


def test_ebp01_095_zoes_strategy_butcher_mode_without_own_pal():
    g = game({"hand": [ZOES_STRATEGY], "souls": {"standing": 3}}, {"base": [INCINERAM]})
    play(g, 0, ZOES_STRATEGY)
    g.apply("mode 2")
    assert sorted_numbers(g, 1, "base") == [INCINERAM]


# ---------------------------------------------------------------------------------------------------------------
# EBP01-096 Dark Cannon
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_096_dark_cannon_quick_removes_the_attacker():
    g = _attacked_by({"hand": [DARK_CANNON], "souls": {"standing": 3}}, attacker=INCINERAM)
    assert g.decision.kind == DecisionKind.QUICK
    play(g, 0, DARK_CANNON)                                         # Incineram, cost 5: the only target
    assert sorted_numbers(g, 1, "graveyard") == [INCINERAM]
    assert g.state.players[0].life == 10


def test_ebp01_096_dark_cannon_main_phase_cost_five_or_less():
    g = game({"hand": [DARK_CANNON], "souls": {"standing": 3}}, {"base": [INCINERAM, NOX, PYRIN_NOCT]})
    play(g, 0, DARK_CANNON)
    assert f"pick {cid(g, 1, 'base', PYRIN_NOCT)}" not in opts(g)
    pick(g, 1, "base", NOX)
    assert sorted_numbers(g, 1, "graveyard") == [NOX]


# ---------------------------------------------------------------------------------------------------------------
# EBP01-097 Black Marketeer
# ---------------------------------------------------------------------------------------------------------------


def test_ebp01_097_black_marketeer_two_pals_without_interrupt_and_night():
    g = game({"hand": [BLACK_MARKETEER], "graveyard": [PYRIN_NOCT, NOX, HOOCRATES, INCINERAM],
             "souls": {"standing": 5}})
    play(g, 0, BLACK_MARKETEER)
    assert f"pick {cid(g, 0, 'graveyard', PYRIN_NOCT)}" not in opts(g)
    pick(g, 0, "graveyard", NOX)
    pick(g, 0, "graveyard", INCINERAM)
    assert sorted_numbers(g, 0, "hand") == sorted([NOX, INCINERAM])
    assert is_night(g.state)
    g.apply("end")
    assert is_night(g.state)
    g.apply("end")
    assert not is_night(g.state)


# ---------------------------------------------------------------------------------------------------------------
# ETD02-012 Astegon
# ---------------------------------------------------------------------------------------------------------------


def test_etd02_012_astegon_deploy_minus_1000():
    g = game({"hand": [ASTEGON], "souls": {"standing": 8}}, {"base": [INCINERAM]})
    play(g, 0, ASTEGON)
    pick(g, 1, "base", INCINERAM)
    assert power_of(g, 1, INCINERAM) == -100
    assert sorted_numbers(g, 1, "base") == [INCINERAM]                     # not destroyed by power alone


def test_etd02_012_astegon_attack_clears_all_weak_pals_both_sides():
    g = game({"base": [ASTEGON, HOOCRATES, NOX]}, {"base": [HOOCRATES, DAEDREAM, INCINERAM]})
    attack(g, 0, ASTEGON)
    assert sorted_numbers(g, 0, "base") == sorted([ASTEGON, NOX])
    assert sorted_numbers(g, 1, "base") == [INCINERAM]
    assert sorted_numbers(g, 1, "graveyard") == sorted([HOOCRATES, DAEDREAM])
    assert sorted_numbers(g, 0, "graveyard") == [HOOCRATES]


# ---------------------------------------------------------------------------------------------------------------
# ETD02-014 Leezpunk
# ---------------------------------------------------------------------------------------------------------------


def test_etd02_014_leezpunk_to_graveyard_opponent_discards():
    g = game({"hand": [STRIKE_DARKNESS, NOX, HOOCRATES], "souls": {"standing": 4}}, {"base": [LEEZPUNK]})
    play(g, 0, STRIKE_DARKNESS)                                    # Leezpunk: the only Pal, taken
    assert sorted_numbers(g, 1, "graveyard") == [LEEZPUNK]
    assert g.decision.player == 0                                  # player 0 picks their own discard
    pick(g, 0, "hand", NOX)
    assert sorted_numbers(g, 0, "hand") == [HOOCRATES]
    assert sorted_numbers(g, 0, "graveyard") == sorted([NOX, STRIKE_DARKNESS])


# ---------------------------------------------------------------------------------------------------------------
# ETD02-015 Cawgnito / ETD02-018 Felbat / ETD02-020 Cawgnito Hat (Stealth)
# ---------------------------------------------------------------------------------------------------------------


def test_etd02_015_cawgnito_stealth_cannot_be_blocked():
    g = game({"base": [CAWGNITO]}, {"base": [INCINERAM]})
    attack(g, 0, CAWGNITO)
    assert g.state.players[1].life == 8                            # no block step was offered
    g = game({"base": [NOX]}, {"base": [INCINERAM]})
    attack(g, 0, NOX)
    assert g.decision.kind == DecisionKind.BLOCK


def test_etd02_018_felbat_stealth_and_life_on_attack():
    g = game({"base": [FELBAT]}, {"base": [INCINERAM]})
    attack(g, 0, FELBAT)
    assert g.state.players[0].life == 11
    assert g.state.players[1].life == 7


def test_etd02_020_cawgnito_hat_power_and_stealth_until_end_of_turn():
    g = game({"base": [CAWGNITO_HAT, NOX]}, {"base": [INCINERAM]})
    activate(g, 0, CAWGNITO_HAT, 0)
    pick(g, 0, "base", NOX)
    nox = card(g, 0, "base", NOX)
    assert power(g.state, nox) == 700 and has_keyword(g.state, nox, "stealth")
    assert card(g, 0, "base", CAWGNITO_HAT).rested
    attack(g, 0, NOX)
    assert g.state.players[1].life == 9                            # unblockable
    g.apply("end")
    assert power(g.state, nox) == 500 and not has_keyword(g.state, nox, "stealth")


# ---------------------------------------------------------------------------------------------------------------
# ETD02-019 Hanging Trap
# ---------------------------------------------------------------------------------------------------------------


def test_etd02_019_hanging_trap_exiles_one_at_a_time_and_releases_rested():
    g = game({"base": [HANGING_TRAP, NOX, {"card": HOOCRATES, "rested": True}]}, {"base": [INCINERAM, LYLEEN_NOCT]})
    activate(g, 0, HANGING_TRAP, 0)                                # Nox, the only standing Pal, is assigned
    pick(g, 1, "base", INCINERAM)
    assert sorted_numbers(g, 1, "exile") == [INCINERAM]
    assert sorted_numbers(g, 0, "base") == sorted([HANGING_TRAP, NOX, HOOCRATES])
    g.apply("end")                                                 # turn 4 (opponent)
    g.apply(f"attack {cid(g, 1, 'base', LYLEEN_NOCT)} {cid(g, 0, 'base', HANGING_TRAP)}")
    assert sorted_numbers(g, 0, "graveyard") == [HANGING_TRAP]
    inc = card(g, 1, "base", INCINERAM)
    assert inc.rested and sorted_numbers(g, 1, "exile") == []


def test_etd02_019_hanging_trap_holds_only_one():
    g = game({"base": [HANGING_TRAP, NOX]}, {"base": [INCINERAM, HOOCRATES]},
            turn=3)
    activate(g, 0, HANGING_TRAP, 0)
    pick(g, 1, "base", INCINERAM)
    g.apply("end")
    g.apply("end")                                                 # back to player 0, turn 5
    assert g.state.turn == 5
    activate(g, 0, HANGING_TRAP, 0)                                # Nox assigned again, nothing exiled
    assert g.decision.kind == DecisionKind.MAIN
    assert sorted_numbers(g, 1, "base") == [HOOCRATES] and sorted_numbers(g, 1, "exile") == [INCINERAM]


# ---------------------------------------------------------------------------------------------------------------
# ETD02-021 Strike from the Darkness / ETD02-022 Medical Supplies
# ---------------------------------------------------------------------------------------------------------------


def test_etd02_021_strike_from_the_darkness_any_pal():
    g = game({"hand": [STRIKE_DARKNESS], "base": [NOX], "souls": {"standing": 4}}, {"base": [ASTEGON]})
    play(g, 0, STRIKE_DARKNESS)
    pick(g, 1, "base", ASTEGON)
    assert sorted_numbers(g, 1, "graveyard") == [ASTEGON]
    assert sorted_numbers(g, 0, "graveyard") == [STRIKE_DARKNESS]


def test_etd02_022_medical_supplies_revives_cost_eight_or_less_rested():
    g = game({"hand": [MEDICAL_SUPPLIES], "graveyard": [ASTEGON, NOX], "souls": {"standing": 7}})
    play(g, 0, MEDICAL_SUPPLIES)
    pick(g, 0, "graveyard", ASTEGON)
    assert card(g, 0, "base", ASTEGON).rested
    # Astegon's On Deploy then lets its controller choose up to 1 Pal
    assert g.decision.kind == DecisionKind.TARGET
