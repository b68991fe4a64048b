"""Behaviour of every red card with an ability (EBP01-001..024, ETD01-001..011), each in a scenario.

Games are driven only through ``game.apply`` / ``game.decision``; assertions read ``game.state``.
"""
from __future__ import annotations

from kit import V300, V300R, V500, V500R, V900, V1200, card, cid, game, opts, play, power_of, zone_numbers

from engine import CARDS
from engine.rules.continuous import power, strike

# --- EBP01-001 Jormuntide Ignis ---------------------------------------------------------------------------------

def test_ebp01_001_jormuntide_ignis_stands_itself_paying_three_souls():
    g = game({"base": [{"card": "EBP01-001", "rested": True}], "souls": {"standing": 3}})
    j = cid(g, 0, "base", "EBP01-001")
    g.apply(f"activate {j} 0 cost 0")
    assert g.state.find(j).rested is False
    assert g.state.players[0].souls_standing == 0


def test_ebp01_001_jormuntide_ignis_stands_itself_discarding_two_cards():
    g = game({"base": [{"card": "EBP01-001", "rested": True}], "hand": [V300, V500], "souls": {"standing": 0}})
    j = cid(g, 0, "base", "EBP01-001")
    assert f"activate {j} 0 cost 0" not in opts(g)          # no souls for the first cost
    g.apply(f"activate {j} 0 cost 1")
    assert g.state.find(j).rested is False
    assert sorted(zone_numbers(g, 0, "graveyard")) == sorted([V300, V500])
    assert zone_numbers(g, 0, "hand") == []


# --- EBP01-002 Suzaku -------------------------------------------------------------------------------------------

def test_ebp01_002_suzaku_deploy_damage_is_boosted_by_itself():
    g = game({"hand": ["EBP01-002"], "souls": {"standing": 7}}, {"base": [V1200]})
    play(g, 0, "EBP01-002")
    target = cid(g, 1, "base", V1200)
    assert g.decision.kind == "target"
    g.apply(f"pick {target}")
    assert g.state.find(target).damage == 900      # 700 + 200 from its own CONT


def test_ebp01_002_suzaku_boosts_other_red_ability_damage_but_not_battle_damage():
    g = game({"base": ["EBP01-002", V500R], "hand": ["ETD01-007"], "souls": {"standing": 8}},
             {"base": [{"card": V1200, "rested": True}, {"card": V300, "rested": True}]})
    play(g, 0, "ETD01-007")                         # Blazamut: 1000 damage, +200
    big = cid(g, 1, "base", V1200)
    g.apply(f"pick {big}")
    assert zone_numbers(g, 1, "graveyard") == [V1200]     # 1200 damage on a 1200-power Pal
    small = cid(g, 1, "base", V300)
    g.apply(f"attack {cid(g, 0, 'base', V500R)} {small}")
    # battle damage is not boosted: the 500-power red Pal takes exactly 300 back
    assert card(g, 0, "base", V500R).damage == 300


def test_ebp01_002_suzaku_does_not_boost_the_opponents_red_cards():
    g = game({"base": [V1200]}, {"base": ["EBP01-002"]})
    g2 = game({"base": ["EBP01-002"], "hand": ["ETD01-011"], "souls": {"standing": 2}}, {"base": [V1200]})
    # our Suzaku boosts our event
    play(g2, 0, "ETD01-011")
    t = cid(g2, 1, "base", V1200)
    g2.apply(f"pick {t}")
    assert g2.state.find(t).damage == 700
    # the opponent's Suzaku does not boost our (red) event
    g = game({"hand": ["ETD01-011"], "souls": {"standing": 2}}, {"base": ["EBP01-002", V1200]})
    play(g, 0, "ETD01-011")
    t = cid(g, 1, "base", V1200)
    g.apply(f"pick {t}")
    assert g.state.find(t).damage == 500


# --- EBP01-003 Gobfin Ignis -------------------------------------------------------------------------------------

def test_ebp01_003_gobfin_ignis_other_own_red_pals_get_power_300():
    g = game({"base": ["EBP01-003", V300R, V300]}, {"base": [V300R]})
    assert power_of(g, 0, V300R) == 600                    # own other red Pal
    assert power_of(g, 0, "EBP01-003") == 400              # not itself
    assert power_of(g, 0, V300) == 300                     # not a blue Pal
    assert power_of(g, 1, V300R) == 300                    # not the opponent's red Pal


# --- EBP01-004 Bushi --------------------------------------------------------------------------------------------

def test_ebp01_004_bushi_may_return_to_hand_at_the_end_of_its_battle():
    g = game({"base": ["EBP01-004"]})
    g.apply(f"attack {cid(g, 0, 'base', 'EBP01-004')} player")
    assert g.decision.kind == "may"
    g.apply("yes")
    assert zone_numbers(g, 0, "hand") == ["EBP01-004"]
    assert zone_numbers(g, 0, "base") == []
    assert g.state.players[1].life == 8             # the attack itself dealt its 2 strike first


def test_ebp01_004_bushi_may_stay_in_the_base():
    g = game({"base": ["EBP01-004"]})
    g.apply(f"attack {cid(g, 0, 'base', 'EBP01-004')} player")
    g.apply("no")
    assert zone_numbers(g, 0, "base") == ["EBP01-004"]
    assert card(g, 0, "base", "EBP01-004").rested is True


def _opponent_attacks(hand: list[str], souls: int):
    """Player 1 attacks player 0, who holds ``hand`` and ``souls`` standing souls and no Pals."""
    g = game({"hand": hand, "souls": {"standing": souls}}, {"base": [V900]}, turn_player=1)
    g.apply(f"attack {cid(g, 1, 'base', V900)} player")
    assert g.decision.kind == "quick" and g.decision.player == 0
    return g


def test_ebp01_004_bushi_interrupt_paying_one_soul_nullifies_the_attack():
    g = _opponent_attacks(["EBP01-004"], 1)
    g.apply(f"activate {cid(g, 0, 'hand', 'EBP01-004')} 1 cost 0")
    assert zone_numbers(g, 0, "graveyard") == ["EBP01-004"]
    assert g.state.players[0].souls_standing == 0
    assert g.state.players[0].life == 10 and len(g.state.players[0].deck) == 20


# --- EBP01-005 Reptyro ------------------------------------------------------------------------------------------

def test_ebp01_005_reptyro_deploy_gets_3_material():
    g = game({"hand": ["EBP01-005"], "souls": {"standing": 8}})
    play(g, 0, "EBP01-005")
    assert g.state.players[0].material == 3


def test_ebp01_005_reptyro_consumes_3_material_to_deploy_a_gear_from_the_top_5():
    deck = [V300, "EBP01-022", "ETD01-008", V500, V300R, "EBP01-021"] + [V300] * 10
    g = game({"base": ["EBP01-005"], "material": 3, "deck": deck})
    r = cid(g, 0, "base", "EBP01-005")
    g.apply(f"activate {r} 1")
    assert g.state.players[0].material == 0
    picks = opts(g)
    pick = cid(g, 0, "deck", "EBP01-022")
    assert f"pick {pick}" in picks
    assert f"pick {cid(g, 0, 'deck', 'ETD01-008')}" not in picks      # a structure, not a gear
    assert f"pick {cid(g, 0, 'deck', 'EBP01-021')}" not in picks      # 6th card: not looked at
    g.apply(f"pick {pick}")
    assert "EBP01-022" in zone_numbers(g, 0, "base")
    assert len(g.state.players[0].deck) == 15
    assert f"activate {r} 1" not in opts(g)                            # once per turn


# --- EBP01-006 Foxparks / EBP01-009 Univolt (Brave 300) -------------------------------------------------------

def test_ebp01_006_foxparks_brave_wins_a_battle_it_would_lose():
    g = game({"base": ["EBP01-006"]}, {"base": [{"card": V300, "rested": True}]})
    fox = cid(g, 0, "base", "EBP01-006")
    g.apply(f"attack {fox} {cid(g, 1, 'base', V300)}")
    assert zone_numbers(g, 1, "graveyard") == [V300]
    assert g.state.find(fox).zone == "base" and g.state.find(fox).damage == 300
    assert power(g.state, g.state.find(fox)) == 500


def test_ebp01_009_univolt_brave_power_900_while_attacking():
    g = game({"base": ["EBP01-009"]}, {"base": [{"card": V500, "rested": True}, {"card": V900, "rested": True}]})
    u = cid(g, 0, "base", "EBP01-009")
    assert power(g.state, g.state.find(u)) == 600
    g.apply(f"attack {u} {cid(g, 1, 'base', V500)}")
    assert power(g.state, g.state.find(u)) == 900
    assert zone_numbers(g, 1, "graveyard") == [V500]
    assert g.state.find(u).damage == 500             # survives the 500 back


# --- EBP01-007 Kitsun -------------------------------------------------------------------------------------------

def test_ebp01_007_kitsun_deploy_damages_only_cost_7_or_more():
    g = game({"hand": ["EBP01-007"], "souls": {"standing": 5}}, {"base": ["EBP01-014", V1200]})
    play(g, 0, "EBP01-007")
    big = cid(g, 1, "base", "EBP01-014")
    assert opts(g) == {f"pick {big}", "done"}
    g.apply(f"pick {big}")
    assert zone_numbers(g, 1, "graveyard") == ["EBP01-014"]


# --- EBP01-008 Sparkit ------------------------------------------------------------------------------------------

def test_ebp01_008_sparkit_deploy_damage_500_to_a_standing_pal_only():
    g = game({"hand": ["EBP01-008"], "souls": {"standing": 3}},
             {"base": [V900, {"card": V300, "rested": True}]})
    play(g, 0, "EBP01-008")
    stand, rested = cid(g, 1, "base", V900), cid(g, 1, "base", V300)
    assert f"pick {stand}" in opts(g) and f"pick {rested}" not in opts(g)
    g.apply(f"pick {stand}")
    assert g.state.find(stand).damage == 500


def test_ebp01_008_sparkit_deploy_damage_is_700_with_suzaku():
    g = game({"hand": ["EBP01-008"], "base": ["EBP01-002"], "souls": {"standing": 3}}, {"base": [V900]})
    play(g, 0, "EBP01-008")
    t = cid(g, 1, "base", V900)
    g.apply(f"pick {t}")
    assert g.state.find(t).damage == 700


# --- EBP01-010 Ragnahawk ----------------------------------------------------------------------------------------

def test_ebp01_010_ragnahawk_on_attack_red_pals_get_power_500_strike_1():
    g = game({"base": ["EBP01-010", V300R, V300]})
    r = cid(g, 0, "base", "EBP01-010")
    g.apply(f"attack {r} player")
    assert power_of(g, 0, V300R) == 800 and strike(g.state, card(g, 0, "base", V300R)) == 2
    assert power_of(g, 0, V300) == 300 and strike(g.state, card(g, 0, "base", V300)) == 1
    assert g.state.players[1].life == 7             # its own strike 2 + 1
    g.apply("end")
    assert g.state.turn_player == 1                  # the boost ended with the turn
    assert power_of(g, 0, V300R) == 300


# --- EBP01-011 Rooby (Serious 400) ------------------------------------------------------------------------------

def test_ebp01_011_rooby_serious_on_assign_gives_power_400():
    g = game({"base": ["EBP01-011", "ETD01-008", V300]})
    g.apply(f"activate {cid(g, 0, 'base', 'ETD01-008')} 0")
    rooby = cid(g, 0, "base", "EBP01-011")
    v = cid(g, 0, "base", V300)
    g.apply(f"pick {rooby}")                         # assign Rooby (cost)
    assert g.decision.kind == "target"
    g.apply(f"pick {v}")                             # Serious: choose 1 Pal
    assert power(g.state, g.state.find(v)) == 700
    assert power(g.state, g.state.find(rooby)) == 200


# --- EBP01-012 Flambelle / ETD01-005 Arsox ----------------------------------------------------------------------

def test_ebp01_012_flambelle_deploy_gets_2_material():
    g = game({"hand": ["EBP01-012"], "souls": {"standing": 3}, "material": 1})
    play(g, 0, "EBP01-012")
    assert g.state.players[0].material == 3


def test_etd01_005_arsox_deploy_gets_2_material():
    g = game({"hand": ["ETD01-005"], "souls": {"standing": 5}})
    play(g, 0, "ETD01-005")
    assert g.state.players[0].material == 2


# --- Interrupt: EBP01-014 Blazehowl, ETD01-004 Foxparks ---------------------------------------------------------

def test_ebp01_014_blazehowl_interrupt_discarding_another_card_nullifies_the_attack():
    g = _opponent_attacks(["EBP01-014", V300], 0)
    g.apply(f"activate {cid(g, 0, 'hand', 'EBP01-014')} 0 cost 1")
    assert sorted(zone_numbers(g, 0, "graveyard")) == sorted(["EBP01-014", V300])
    assert g.state.players[0].life == 10 and len(g.state.players[0].deck) == 20


def test_etd01_004_foxparks_interrupt_paying_one_soul_nullifies_the_attack():
    g = _opponent_attacks(["ETD01-004"], 1)
    g.apply(f"activate {cid(g, 0, 'hand', 'ETD01-004')} 0 cost 0")
    assert zone_numbers(g, 0, "graveyard") == ["ETD01-004"]
    assert g.state.players[0].life == 10


# --- EBP01-015 Mounted Machine Gun ------------------------------------------------------------------------------

def test_ebp01_015_mounted_machine_gun_deals_500_x_times():
    g = game({"base": ["EBP01-015", V300R], "material": 3}, {"base": [V900, V500]})
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-015')} 0")
    assert g.decision.kind == "number"
    g.apply("x 2")                                   # one standing Pal: it is assigned without asking
    assert g.state.players[0].material == 1 and card(g, 0, "base", V300R).rested
    a, b = cid(g, 1, "base", V900), cid(g, 1, "base", V500)
    g.apply(f"pick {a}")
    g.apply(f"pick {b}")
    assert g.state.find(a).damage == 500
    assert zone_numbers(g, 1, "graveyard") == [V500]


# --- EBP01-016 Primitive Furnace --------------------------------------------------------------------------------

def test_ebp01_016_primitive_furnace_assign_gets_3_material_and_draws():
    g = game({"base": ["EBP01-016", V300]})
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-016')} 0")
    assert g.state.players[0].material == 3
    assert len(g.state.players[0].hand) == 1
    assert card(g, 0, "base", V300).rested


def test_ebp01_016_primitive_furnace_reduces_the_next_gear_only():
    g = game({"base": ["EBP01-016"], "material": 2, "hand": [V300, "EBP01-020"], "souls": {"standing": 7}},
             {"base": [V300]})
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-016')} 1")
    g.apply("x 2")
    assert g.state.players[0].material == 0
    play(g, 0, V300)                                 # a Pal: full cost 2, the reduction stays
    assert g.state.players[0].souls_standing == 5
    play(g, 0, "EBP01-020")                          # the gear: 7 - 2 = 5
    assert g.state.players[0].souls_standing == 0
    assert "EBP01-020" in zone_numbers(g, 0, "base")


def test_ebp01_016_primitive_furnace_reduction_never_below_1():
    g = game({"base": ["EBP01-016"], "material": 3, "hand": ["EBP01-022", "EBP01-021"], "souls": {"standing": 5}})
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-016')} 1")
    g.apply("x 3")
    play(g, 0, "EBP01-022")                          # cost 3 - 3 would be 0: it costs 1
    assert g.state.players[0].souls_standing == 4
    play(g, 0, "EBP01-021")                          # only the next gear was cheaper
    assert g.state.players[0].souls_standing == 2


# --- EBP01-017 Flame Cauldron -----------------------------------------------------------------------------------

def test_ebp01_017_flame_cauldron_red_pals_power_200_and_material_on_red_deploy():
    g = game({"base": ["EBP01-017", V300R, V300], "hand": [V500R, V500], "souls": {"standing": 6}})
    assert power_of(g, 0, V300R) == 500 and power_of(g, 0, V300) == 300
    play(g, 0, V500R)
    assert g.state.players[0].material == 1
    assert power_of(g, 0, V500R) == 700
    play(g, 0, V500)
    assert g.state.players[0].material == 1          # a blue Pal gives nothing


# --- EBP01-018 Alarm Bell ---------------------------------------------------------------------------------------

def test_ebp01_018_alarm_bell_stands_assigned_pals_then_no_assign_and_must_attack():
    g = game({"base": ["EBP01-018", "ETD01-008", "EBP01-016", V300R, V500R], "souls": {"standing": 1},
              "hand": [V300]})
    a, b = cid(g, 0, "base", V300R), cid(g, 0, "base", V500R)
    g.apply(f"activate {cid(g, 0, 'base', 'ETD01-008')} 0")
    g.apply(f"pick {a}")                             # Stone Pit assigns the first Pal
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-018')} 0")   # the other Pal is assigned as the cost
    assert not g.state.find(a).rested and not g.state.find(b).rested
    furnace = cid(g, 0, "base", "EBP01-016")
    assert f"activate {furnace} 0" not in opts(g)    # no more assigning this turn
    assert g.why_not(f"activate {furnace} 0")
    assert "end" not in opts(g)                      # they must attack while they can
    g.apply(f"attack {a} player")
    g.apply(f"attack {b} player")
    assert "end" in opts(g)
    g.apply("end")
    assert g.state.turn_player == 1


# --- EBP01-019 Foxparks' Harness --------------------------------------------------------------------------------

def test_ebp01_019_foxparks_harness_power_200_and_grants_700_damage_to_foxparks():
    g = game({"base": ["EBP01-019", "ETD01-004"]}, {"base": [V900]})
    h = cid(g, 0, "base", "EBP01-019")
    fox = cid(g, 0, "base", "ETD01-004")
    g.apply(f"activate {h} 0")
    g.apply(f"pick {fox}")
    assert g.state.find(h).rested
    assert power(g.state, g.state.find(fox)) == 600
    g.apply(f"attack {fox} player")
    t = cid(g, 1, "base", V900)
    assert g.decision.kind == "target"               # the granted On Attack resolves before blocks
    g.apply(f"pick {t}")
    assert g.state.find(t).damage == 700


def test_ebp01_019_foxparks_harness_other_pal_gets_only_power():
    g = game({"base": ["EBP01-019", V300R]}, {"base": [V900]})
    v = cid(g, 0, "base", V300R)
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-019')} 0")
    g.apply(f"pick {v}")
    assert power(g.state, g.state.find(v)) == 500
    g.apply(f"attack {v} player")
    assert g.decision.kind == "block"                # no On Attack choice was granted
    g.apply("pass")
    assert g.state.find(cid(g, 1, "base", V900)).damage == 0


# --- EBP01-020 Pump-Action Shotgun ------------------------------------------------------------------------------

def test_ebp01_020_pump_action_shotgun_deploy_hits_all_opponent_pals():
    g = game({"hand": ["EBP01-020"], "base": [V300], "souls": {"standing": 7}},
             {"base": [V900, {"card": V1200, "rested": True}]})
    play(g, 0, "EBP01-020")
    assert sorted(zone_numbers(g, 1, "graveyard")) == sorted([V900, V1200])
    assert card(g, 0, "base", V300).damage == 0


def test_ebp01_020_pump_action_shotgun_rest_gives_power_200():
    g = game({"base": ["EBP01-020", V300]})
    v = cid(g, 0, "base", V300)
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-020')} 1")   # the only Pal is chosen without asking
    assert power(g.state, g.state.find(v)) == 500


# --- EBP01-021 Makeshift Handgun --------------------------------------------------------------------------------

def test_ebp01_021_makeshift_handgun_deploy_500_and_rest_power_200():
    g = game({"hand": ["EBP01-021"], "base": [V300], "souls": {"standing": 2}}, {"base": [V900]})
    play(g, 0, "EBP01-021")
    t = cid(g, 1, "base", V900)
    g.apply(f"pick {t}")
    assert g.state.find(t).damage == 500
    v = cid(g, 0, "base", V300)
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-021')} 1")
    g.apply(f"pick {v}")
    assert power(g.state, g.state.find(v)) == 500
    assert card(g, 0, "base", "EBP01-021").rested


# --- EBP01-022 Stone Pickaxe ------------------------------------------------------------------------------------

def test_ebp01_022_stone_pickaxe_power_200_and_1_material():
    g = game({"base": ["EBP01-022", V300]})
    v = cid(g, 0, "base", V300)
    pick = cid(g, 0, "base", "EBP01-022")
    g.apply(f"activate {pick} 0")
    assert power(g.state, g.state.find(v)) == 500
    assert g.state.players[0].material == 1
    assert f"activate {pick} 0" not in opts(g)      # it is rested now


# --- EBP01-023 Axel's Strategy ----------------------------------------------------------------------------------

def test_ebp01_023_axels_strategy_mode_1_deals_1500():
    g = game({"hand": ["EBP01-023"], "souls": {"standing": 4}}, {"base": [V1200, V900]})
    play(g, 0, "EBP01-023")
    g.apply("mode 0")
    t = cid(g, 1, "base", V1200)
    g.apply(f"pick {t}")
    assert zone_numbers(g, 1, "graveyard") == [V1200]


def test_ebp01_023_axels_strategy_mode_2_stands_up_to_x_pals_x_is_gears():
    g = game({"hand": ["EBP01-023"], "souls": {"standing": 4},
              "base": ["EBP01-022", "EBP01-021", {"card": V300, "rested": True}, {"card": V300R, "rested": True},
                       {"card": V500R, "rested": True}]})
    play(g, 0, "EBP01-023")
    g.apply("mode 1")
    a, b, c = cid(g, 0, "base", V300), cid(g, 0, "base", V300R), cid(g, 0, "base", V500R)
    g.apply(f"pick {a}")
    g.apply(f"pick {b}")
    assert g.decision.kind == "main"                 # X = 2 gears: no third pick
    assert not g.state.find(a).rested and not g.state.find(b).rested and g.state.find(c).rested


def test_ebp01_023_axels_strategy_mode_3_cost_5_or_more_cannot_block():
    g = game({"hand": ["EBP01-023"], "base": [V300R], "souls": {"standing": 4}}, {"base": [V900, V500]})
    play(g, 0, "EBP01-023")
    g.apply("mode 2")
    g.apply(f"attack {cid(g, 0, 'base', V300R)} player")
    assert g.decision.kind == "block"
    assert opts(g) == {f"block {cid(g, 1, 'base', V500)}", "pass"}


# --- EBP01-024 Treasure Chest Found! ----------------------------------------------------------------------------

def test_ebp01_024_treasure_chest_takes_a_red_structure_or_gear():
    deck = [V300, "ETD01-008", "EBP01-022", V500R, V300R] + [V300] * 10
    g = game({"hand": ["EBP01-024"], "souls": {"standing": 2}, "deck": deck})
    play(g, 0, "EBP01-024")
    pit, axe = cid(g, 0, "deck", "ETD01-008"), cid(g, 0, "deck", "EBP01-022")
    assert opts(g) == {f"pick {pit}", f"pick {axe}", "done"}
    g.apply(f"pick {pit}")
    assert zone_numbers(g, 0, "hand") == ["ETD01-008"]
    assert len(g.state.players[0].deck) == 14
    assert g.state.players[0].material == 0


def test_ebp01_024_treasure_chest_choosing_nothing_gets_3_material():
    deck = [V300, "EBP01-022"] + [V300] * 10
    g = game({"hand": ["EBP01-024"], "souls": {"standing": 2}, "deck": deck})
    play(g, 0, "EBP01-024")
    g.apply("done")
    assert zone_numbers(g, 0, "hand") == []
    assert g.state.players[0].material == 3
    assert len(g.state.players[0].deck) == 12


# --- ETD01-001 Grizzbolt ----------------------------------------------------------------------------------------

def test_etd01_001_grizzbolt_assault_attacks_a_standing_pal():
    g = game({"base": ["ETD01-001", V300R]}, {"base": [V900]})
    t = cid(g, 1, "base", V900)
    griz = cid(g, 0, "base", "ETD01-001")
    assert f"attack {griz} {t}" in opts(g)
    assert f"attack {cid(g, 0, 'base', V300R)} {t}" not in opts(g)
    g.apply(f"attack {griz} {t}")
    assert zone_numbers(g, 1, "graveyard") == [V900]


# --- ETD01-006 Mossanda Lux -------------------------------------------------------------------------------------

def test_etd01_006_mossanda_lux_consumes_2_material_for_power_500():
    g = game({"base": ["ETD01-006"], "material": 3})
    m = cid(g, 0, "base", "ETD01-006")
    g.apply(f"activate {m} 0")
    assert power(g.state, g.state.find(m)) == 1600
    assert g.state.players[0].material == 1
    assert f"activate {m} 0" not in opts(g)          # 1 Material is not enough again


# --- ETD01-007 Blazamut -----------------------------------------------------------------------------------------

def test_etd01_007_blazamut_deploy_deals_1000():
    g = game({"hand": ["ETD01-007"], "souls": {"standing": 8}}, {"base": [V1200]})
    play(g, 0, "ETD01-007")
    t = cid(g, 1, "base", V1200)
    g.apply(f"pick {t}")
    assert g.state.find(t).damage == 1000


# --- ETD01-008 Stone Pit ----------------------------------------------------------------------------------------

def test_etd01_008_stone_pit_assign_gets_3_material_and_draws_once_per_turn():
    g = game({"base": ["ETD01-008", V300, V500]})
    pit = cid(g, 0, "base", "ETD01-008")
    g.apply(f"activate {pit} 0")
    g.apply(f"pick {cid(g, 0, 'base', V300)}")
    assert g.state.players[0].material == 3 and len(g.state.players[0].hand) == 1
    assert f"activate {pit} 0" not in opts(g)


# --- ETD01-009 Weapon Workbench ---------------------------------------------------------------------------------

def test_etd01_009_weapon_workbench_800_damage_and_strike_1_to_all_own_pals():
    g = game({"base": ["ETD01-009", V300, V500R], "material": 1}, {"base": [V900]})
    g.apply(f"activate {cid(g, 0, 'base', 'ETD01-009')} 0")
    g.apply(f"pick {cid(g, 0, 'base', V300)}")       # assign
    t = cid(g, 1, "base", V900)
    g.apply(f"pick {t}")
    assert g.state.find(t).damage == 800
    assert g.state.players[0].material == 0
    assert strike(g.state, card(g, 0, "base", V300)) == 2
    assert strike(g.state, card(g, 0, "base", V500R)) == 2
    assert strike(g.state, g.state.find(t)) == 2 and CARDS[V900].strike == 2   # the opponent's: unchanged


# --- ETD01-010 Single-Shot Rifle --------------------------------------------------------------------------------

def test_etd01_010_single_shot_rifle_deploy_1500_and_rest_power_200():
    g = game({"hand": ["ETD01-010"], "base": [V300], "souls": {"standing": 4}}, {"base": [V1200]})
    play(g, 0, "ETD01-010")
    g.apply(f"pick {cid(g, 1, 'base', V1200)}")
    assert zone_numbers(g, 1, "graveyard") == [V1200]
    v = cid(g, 0, "base", V300)
    g.apply(f"activate {cid(g, 0, 'base', 'ETD01-010')} 1")   # the only Pal left is chosen without asking
    assert power(g.state, g.state.find(v)) == 500


# --- ETD01-011 Ignis Breath -------------------------------------------------------------------------------------

def test_etd01_011_ignis_breath_quick_500_damage_to_the_attacker():
    g = game({"hand": ["ETD01-011"], "souls": {"standing": 2}}, {"base": [V500]}, turn_player=1)
    atk = cid(g, 1, "base", V500)
    g.apply(f"attack {atk} player")
    assert g.decision.kind == "quick"
    play(g, 0, "ETD01-011")                          # the attacker is the only Pal: chosen without asking
    assert zone_numbers(g, 1, "graveyard") == [V500]
    assert g.state.players[0].life == 10             # the attacker left before the damage step
