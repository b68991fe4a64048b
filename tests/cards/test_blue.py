"""Behaviour of every blue card with an ability (EBP01-025..048, ETD01-012..022), each in a scenario."""
from __future__ import annotations

import re

import pytest
from kit import answer, base_card, base_id, cid, hand_id, power_of, rich_game, strike_of, zone_numbers

FILLER = "ETD01-013"      # Jolthog Cryst: vanilla, cost 2, power 300, strike 1
PENGULLET = "ETD01-014"   # Pengullet – Frequent Flyer: vanilla, cost 3, power 500
SURFENT = "EBP01-037"     # vanilla, cost 4, power 700
DIREHOWL = "EBP01-099"    # vanilla colorless, cost 3, power 500


# --- EBP01-025 Chillet ------------------------------------------------------------------------------------------

def test_ebp01_025_chillet_deploys_a_revealed_dragon_pal():
    g = rich_game({"hand": ["EBP01-025"], "deck": ["EBP01-029", FILLER, FILLER, FILLER]})
    g.apply(f"play {hand_id(g, 0, 'EBP01-025')}")
    answer(g, "may", "yes")
    assert "EBP01-029" in zone_numbers(g, 0, "base")
    # Azurobe's own On Deploy then resolves: draw 1, choose up to 1 Pal (we stop)
    answer(g, "target", "done")
    assert "EBP01-029" not in zone_numbers(g, 0, "hand")
    assert zone_numbers(g, 0, "hand") == [FILLER]


def test_ebp01_025_chillet_may_decline_then_the_card_goes_to_hand():
    g = rich_game({"hand": ["EBP01-025"], "deck": ["EBP01-029", FILLER, FILLER]})
    g.apply(f"play {hand_id(g, 0, 'EBP01-025')}")
    answer(g, "may", "no")
    assert zone_numbers(g, 0, "hand") == ["EBP01-029"]
    assert zone_numbers(g, 0, "base") == ["EBP01-025"]


def test_ebp01_025_chillet_non_dragon_or_too_costly_goes_to_hand():
    g = rich_game({"hand": ["EBP01-025"], "deck": [SURFENT, FILLER, FILLER]})
    g.apply(f"play {hand_id(g, 0, 'EBP01-025')}")
    assert g.decision.kind.value == "main"          # no "may": not a Dragon Pal
    assert zone_numbers(g, 0, "hand") == [SURFENT]
    g = rich_game({"hand": ["EBP01-025"], "deck": ["EBP01-001", FILLER, FILLER]})   # a cost-8 Dragon is fine...
    g.apply(f"play {hand_id(g, 0, 'EBP01-025')}")
    assert g.decision.kind.value == "may"


# --- EBP01-026 Relaxaurus ---------------------------------------------------------------------------------------

def test_ebp01_026_relaxaurus_keeps_the_chosen_pal_rested_while_it_stays():
    g = rich_game({"hand": ["EBP01-026"]}, {"base": [FILLER, "ETD01-017"]})
    target = base_id(g, 1, FILLER)
    big = base_id(g, 1, "ETD01-017")
    g.apply(f"play {hand_id(g, 0, 'EBP01-026')}")
    opts = [a.text for a in g.decision.options]
    assert f"pick {big}" not in opts          # cost 7: above ◇6
    answer(g, "target", f"pick {target}")
    assert g.state.find(target).rested
    g.apply("end")                            # opponent's turn: its stand phase does not stand it
    assert g.decision.player == 1
    assert g.state.find(target).rested
    assert not g.state.find(big).rested


def test_ebp01_026_relaxaurus_lock_lifts_after_relaxaurus_is_destroyed():
    g = rich_game({"hand": ["EBP01-026"]}, {"base": [FILLER, {"card": "EBP01-027", "rested": True}]})
    target = base_id(g, 1, FILLER)
    jorm = base_id(g, 1, "EBP01-027")
    g.apply(f"play {hand_id(g, 0, 'EBP01-026')}")
    answer(g, "target", f"pick {target}")
    relax = base_id(g, 0, "EBP01-026")
    g.apply(f"attack {relax} {jorm}")        # 1200 into 1600: Relaxaurus is destroyed
    assert "EBP01-026" in zone_numbers(g, 0, "graveyard")
    g.apply("end")
    assert g.decision.player == 1
    assert not g.state.find(target).rested   # it stood in the opponent's stand phase


# --- EBP01-027 Jormuntide ---------------------------------------------------------------------------------------

def test_ebp01_027_jormuntide_draws_rests_and_holds_for_one_stand_phase():
    g = rich_game({"hand": ["EBP01-027"], "deck": [SURFENT] + [FILLER] * 10}, {"base": [SURFENT, "EBP01-001"]})
    target = base_id(g, 1, SURFENT)
    g.apply(f"play {hand_id(g, 0, 'EBP01-027')}")
    assert f"pick {base_id(g, 1, 'EBP01-001')}" not in [a.text for a in g.decision.options]   # cost 8 > ◇7
    answer(g, "target", f"pick {target}")
    assert zone_numbers(g, 0, "hand") == [SURFENT]
    assert g.state.find(target).rested
    g.apply("end")
    assert g.decision.player == 1 and g.state.find(target).rested     # held in the opponent's stand phase
    g.apply("end")
    g.apply("end")
    assert g.decision.player == 1 and not g.state.find(target).rested  # the next one stands it


# --- EBP01-028 Pengullet ----------------------------------------------------------------------------------------

def test_ebp01_028_pengullet_draws_when_put_into_the_graveyard():
    g = rich_game({"base": ["EBP01-028"], "deck": [SURFENT] + [FILLER] * 5}, {"base": [{"card": "EBP01-001", "rested": True}]})
    g.apply(f"attack {base_id(g, 0, 'EBP01-028')} {base_id(g, 1, 'EBP01-001')}")
    assert "EBP01-028" in zone_numbers(g, 0, "graveyard")
    assert zone_numbers(g, 0, "hand") == [SURFENT]


# --- EBP01-029 Azurobe ------------------------------------------------------------------------------------------

def test_ebp01_029_azurobe_draws_and_rests_any_pal():
    g = rich_game({"hand": ["EBP01-029"], "deck": [SURFENT] + [FILLER] * 5}, {"base": ["EBP01-001"]})
    big = base_id(g, 1, "EBP01-001")
    g.apply(f"play {hand_id(g, 0, 'EBP01-029')}")
    answer(g, "target", f"pick {big}")
    assert g.state.find(big).rested
    assert zone_numbers(g, 0, "hand") == [SURFENT]


# --- EBP01-030 Reptyro Cryst ------------------------------------------------------------------------------------

def test_ebp01_030_reptyro_cryst_draws_on_deploy():
    g = rich_game({"hand": ["EBP01-030"], "deck": [SURFENT] + [FILLER] * 5})
    g.apply(f"play {hand_id(g, 0, 'EBP01-030')}")
    assert zone_numbers(g, 0, "hand") == [SURFENT]


def test_ebp01_030_reptyro_cryst_deploys_up_to_two_cheap_structures_from_the_top_five():
    deck = ["EBP01-041", "EBP01-039", "EBP01-045", FILLER, "EBP01-043", "EBP01-042", FILLER, FILLER]
    g = rich_game({"base": ["EBP01-030"], "hand": [SURFENT], "deck": deck})
    rep = base_id(g, 0, "EBP01-030")
    g.apply(f"activate {rep} 1")              # the discard is paid with the only card in hand
    assert zone_numbers(g, 0, "graveyard") == [SURFENT]
    opts = {a.text for a in g.decision.options}
    top5 = g.state.players[0].deck[:5]
    allowed = {f"pick {c.id}" for c in top5 if c.number in ("EBP01-041", "EBP01-039", "EBP01-043")}
    assert opts == allowed | {"done"}         # not the gear, not the Pal, not the 6th card
    curtain = next(c.id for c in g.state.players[0].deck if c.number == "EBP01-039")
    bench = next(c.id for c in g.state.players[0].deck if c.number == "EBP01-043")
    answer(g, "target", f"pick {curtain}")
    answer(g, "target", f"pick {bench}")
    # Antique Curtain's own On Deploy (X = 1 Antique name) lets us return up to 1 Pal: none there
    while g.decision.kind.value != "main":
        g.apply("done")
    assert sorted(zone_numbers(g, 0, "base")) == sorted(["EBP01-030", "EBP01-039", "EBP01-043"])
    assert len(g.state.players[0].deck) == len(deck) - 2
    assert f"activate {rep} 1" not in [a.text for a in g.decision.options]   # once per turn


# --- EBP01-031 Penking ------------------------------------------------------------------------------------------

def test_ebp01_031_penking_powers_up_main_name_pengullet_only():
    g = rich_game({"base": ["EBP01-031", PENGULLET, "EBP01-028", FILLER]}, {"base": [PENGULLET]})
    assert power_of(g, 0, PENGULLET) == 500 + 700
    assert power_of(g, 0, "EBP01-028") == 600 + 700
    assert power_of(g, 0, FILLER) == 300
    assert power_of(g, 0, "EBP01-031") == 600
    assert power_of(g, 1, PENGULLET) == 500


# --- EBP01-032 Fuack --------------------------------------------------------------------------------------------

def test_ebp01_032_fuack_gets_power_when_attacked():
    g = rich_game({"base": [{"card": "EBP01-032", "rested": True}]}, {"base": [FILLER]}, turn_player=1)
    fuack = base_id(g, 0, "EBP01-032")
    g.apply(f"attack {base_id(g, 1, FILLER)} {fuack}")     # 300 into 200+300
    assert power_of(g, 0, "EBP01-032") == 500
    assert "EBP01-032" in zone_numbers(g, 0, "base")
    assert FILLER in zone_numbers(g, 1, "graveyard")


# --- EBP01-033 Wumpo --------------------------------------------------------------------------------------------

def test_ebp01_033_wumpo_lowers_opponent_strike_only_while_rested():
    g = rich_game({"base": [{"card": "EBP01-033", "rested": True}, SURFENT]}, {"base": [SURFENT]})
    assert strike_of(g, 1, SURFENT) == 1
    assert strike_of(g, 0, SURFENT) == 2
    g = rich_game({"base": ["EBP01-033"]}, {"base": [SURFENT]})
    assert strike_of(g, 1, SURFENT) == 2


# --- EBP01-034 Teafant ------------------------------------------------------------------------------------------

def test_ebp01_034_teafant_serious_on_assign():
    g = rich_game({"base": ["EBP01-034", "EBP01-043", SURFENT], "hand": [FILLER]})
    bench = base_id(g, 0, "EBP01-043")
    g.apply(f"activate {bench} 0")
    answer(g, "cost", f"pick {base_id(g, 0, 'EBP01-034')}")
    answer(g, "target", f"pick {hand_id(g, 0, FILLER)}")     # the workbench's discard
    answer(g, "target", f"pick {base_id(g, 0, SURFENT)}")         # Serious 400
    assert power_of(g, 0, SURFENT) == 1100


# --- EBP01-035 Mau Cryst ----------------------------------------------------------------------------------------

def test_ebp01_035_mau_cryst_draws_when_assigned_to_a_farming_structure():
    g = rich_game({"base": ["EBP01-035", "ETD02-008"], "deck": [SURFENT] + [FILLER] * 5})
    g.apply(f"activate {base_id(g, 0, 'ETD02-008')} 0")      # Berry Plantation (Harvesting) is not Farming
    assert zone_numbers(g, 0, "hand") == [SURFENT]       # only the plantation's own draw
    g = rich_game({"base": ["EBP01-035", "EBP01-066"], "deck": [SURFENT, PENGULLET] + [FILLER] * 5})
    g.apply(f"activate {base_id(g, 0, 'EBP01-066')} 0")      # Ranch (Farming)
    while g.decision.kind.value != "main":
        g.apply(g.decision.options[0])
    assert sorted(zone_numbers(g, 0, "hand")) == sorted([SURFENT, PENGULLET])   # Ranch draw + Mau Cryst draw


# --- EBP01-036 Celaray ------------------------------------------------------------------------------------------

def test_ebp01_036_celaray_draws_then_discards_on_attack():
    g = rich_game({"base": ["EBP01-036"], "hand": [PENGULLET], "deck": [SURFENT] + [FILLER] * 5})
    g.apply(f"attack {base_id(g, 0, 'EBP01-036')} player")
    answer(g, "target", f"pick {hand_id(g, 0, PENGULLET)}")
    assert zone_numbers(g, 0, "hand") == [SURFENT]
    assert zone_numbers(g, 0, "graveyard") == [PENGULLET]


# --- EBP01-038 Cryolinx / ETD01-016 Reindrix: Interrupt ----------------------------------------------------------

@pytest.mark.parametrize("number", ["EBP01-038", "ETD01-016"])
def test_ebp01_038_cryolinx_and_etd01_016_reindrix_interrupt_nullifies_the_attack(number):
    g = rich_game({"hand": [number, FILLER], "souls": {"standing": 1}}, {"base": [SURFENT]}, turn_player=1)
    g.apply(f"attack {base_id(g, 1, SURFENT)} player")
    assert g.decision.kind.value == "quick"
    card = hand_id(g, 0, number)
    g.apply(f"activate {card} 0 cost 0")            # ① and discard this card
    assert g.state.players[0].life == 10
    assert number in zone_numbers(g, 0, "graveyard")
    assert g.state.players[0].souls_standing == 0
    assert g.decision.player == 1 and g.decision.kind.value == "main"


def test_etd01_016_reindrix_interrupt_by_discarding_another_card():
    g = rich_game({"hand": ["ETD01-016", FILLER], "souls": {"standing": 0}}, {"base": [SURFENT]}, turn_player=1)
    g.apply(f"attack {base_id(g, 1, SURFENT)} player")
    g.apply(f"activate {hand_id(g, 0, 'ETD01-016')} 0 cost 1")
    assert g.state.players[0].life == 10
    assert sorted(zone_numbers(g, 0, "graveyard")) == sorted(["ETD01-016", FILLER])


# --- EBP01-039 Antique Curtain ----------------------------------------------------------------------------------

def test_ebp01_039_antique_curtain_x_counts_different_antique_names():
    """Four Antique Mirrors plus the Curtain make two names, so up to 2 Pals go back to hand."""
    g = rich_game({"hand": ["EBP01-039"], "base": ["EBP01-042"] * 4}, {"base": [FILLER, SURFENT, PENGULLET]})
    g.apply(f"play {hand_id(g, 0, 'EBP01-039')}")
    answer(g, "target", f"pick {base_id(g, 1, FILLER)}")
    answer(g, "target", f"pick {base_id(g, 1, SURFENT)}")
    assert g.decision.kind.value == "main"
    assert sorted(zone_numbers(g, 1, "hand")) == sorted([FILLER, SURFENT])
    assert zone_numbers(g, 1, "base") == [PENGULLET]


def test_ebp01_039_antique_curtain_three_antique_names():
    g = rich_game({"hand": ["EBP01-039"], "base": ["EBP01-042", "ETD01-019", SURFENT]},
             {"base": [FILLER, SURFENT, PENGULLET, DIREHOWL]})
    g.apply(f"play {hand_id(g, 0, 'EBP01-039')}")
    for n in (FILLER, SURFENT, PENGULLET):
        answer(g, "target", f"pick {base_id(g, 1, n)}")
    assert zone_numbers(g, 1, "base") == [DIREHOWL]


# --- EBP01-040 Antique Dresser ----------------------------------------------------------------------------------

def test_ebp01_040_antique_dresser_declared_name_is_added_to_all_your_cards():
    g = rich_game({"base": ["EBP01-040", "EBP01-031", FILLER], "hand": [SURFENT]}, {"base": [FILLER]})
    g.apply(f"activate {base_id(g, 0, 'EBP01-040')} 0")
    assert g.decision.kind.value == "name"
    answer(g, "name", "name ETD01-014")     # "Pengullet – Frequent Flyer"
    assert power_of(g, 0, FILLER) == 300 + 700          # Penking now counts it as a Pengullet
    assert power_of(g, 1, FILLER) == 300                # the opponent's cards do not get the name
    g.apply("end")
    assert power_of(g, 0, FILLER) == 300                # until end of turn only


def test_ebp01_040_antique_dresser_discard_x_boosts_x_pals():
    g = rich_game({"base": ["EBP01-040", FILLER, SURFENT, PENGULLET], "hand": [DIREHOWL, DIREHOWL, DIREHOWL]})
    g.apply(f"activate {base_id(g, 0, 'EBP01-040')} 1")
    answer(g, "number", "x 2")
    answer(g, "cost", f"pick {hand_id(g, 0, DIREHOWL, 0)}")
    answer(g, "cost", f"pick {hand_id(g, 0, DIREHOWL, 1)}")
    answer(g, "target", f"pick {base_id(g, 0, FILLER)}")
    answer(g, "target", f"pick {base_id(g, 0, SURFENT)}")
    assert (power_of(g, 0, FILLER), strike_of(g, 0, FILLER)) == (1300, 2)
    assert (power_of(g, 0, SURFENT), strike_of(g, 0, SURFENT)) == (1700, 3)
    assert (power_of(g, 0, PENGULLET), strike_of(g, 0, PENGULLET)) == (500, 1)
    assert len(g.state.players[0].hand) == 1
    assert f"activate {base_id(g, 0, 'EBP01-040')} 1" not in [a.text for a in g.decision.options]


# --- EBP01-041 Hot Spring ---------------------------------------------------------------------------------------

def test_ebp01_041_hot_spring_rests_two_cheap_pals_for_one_stand_phase():
    g = rich_game({"base": ["EBP01-041", FILLER]}, {"base": [SURFENT, PENGULLET, "EBP01-001"]})
    g.apply(f"activate {base_id(g, 0, 'EBP01-041')} 0")    # the only standing Pal is assigned
    assert f"pick {base_id(g, 1, 'EBP01-001')}" not in [a.text for a in g.decision.options]
    answer(g, "target", f"pick {base_id(g, 1, SURFENT)}")
    answer(g, "target", f"pick {base_id(g, 1, PENGULLET)}")
    assert base_card(g, 1, SURFENT).rested and base_card(g, 1, PENGULLET).rested
    g.apply("end")
    assert g.decision.player == 1
    assert base_card(g, 1, SURFENT).rested and base_card(g, 1, PENGULLET).rested


# --- EBP01-042 Antique Mirror -----------------------------------------------------------------------------------

def test_ebp01_042_antique_mirror_draws_on_deploy():
    g = rich_game({"hand": ["EBP01-042"], "deck": [SURFENT] + [FILLER] * 5})
    g.apply(f"play {hand_id(g, 0, 'EBP01-042')}")
    assert zone_numbers(g, 0, "hand") == [SURFENT]


# --- EBP01-043 Sphere Workbench ---------------------------------------------------------------------------------

def test_ebp01_043_sphere_workbench_draws_two_discards_one():
    g = rich_game({"base": ["EBP01-043", FILLER], "deck": [SURFENT, PENGULLET] + [FILLER] * 5})
    g.apply(f"activate {base_id(g, 0, 'EBP01-043')} 0")
    answer(g, "target", f"pick {hand_id(g, 0, PENGULLET)}")
    assert zone_numbers(g, 0, "hand") == [SURFENT]
    assert zone_numbers(g, 0, "graveyard") == [PENGULLET]
    assert base_card(g, 0, FILLER).rested


# --- EBP01-044 Pengullet Rocket Launcher ------------------------------------------------------------------------

def test_ebp01_044_rocket_launcher_gives_plus_200_to_other_pals():
    g = rich_game({"base": ["EBP01-044", FILLER, PENGULLET]})
    g.apply(f"activate {base_id(g, 0, 'EBP01-044')} 0")
    answer(g, "target", f"pick {base_id(g, 0, FILLER)}")
    assert power_of(g, 0, FILLER) == 500
    assert base_card(g, 0, "EBP01-044").rested


def test_ebp01_044_rocket_launcher_pengullet_gets_500_and_the_launch_skill():
    g = rich_game({"base": ["EBP01-044", PENGULLET]}, {"base": [SURFENT, FILLER, "EBP01-001"]})
    g.apply(f"activate {base_id(g, 0, 'EBP01-044')} 0")
    answer(g, "target", f"pick {base_id(g, 0, PENGULLET)}")
    assert power_of(g, 0, PENGULLET) == 1000
    g.apply(f"activate {base_id(g, 0, PENGULLET)} 0")        # the granted skill: X = 1000 damage to each
    assert zone_numbers(g, 1, "base") == ["EBP01-001"]  # 700 and 300 destroyed; 1700 survives
    assert base_card(g, 1, "EBP01-001").damage == 1000
    assert PENGULLET in zone_numbers(g, 0, "graveyard")


# --- EBP01-045 Grappling Gun ------------------------------------------------------------------------------------

def test_ebp01_045_grappling_gun_power_and_vigilance():
    g = rich_game({"base": ["EBP01-045", SURFENT]})
    pal = base_id(g, 0, SURFENT)
    g.apply(f"activate {base_id(g, 0, 'EBP01-045')} 0")    # the only Pal is chosen
    assert power_of(g, 0, SURFENT) == 900
    g.apply(f"attack {pal} player")
    assert g.state.find(pal).rested
    g.apply("end")
    assert not g.state.find(pal).rested                 # Vigilance stood it at the end of the turn
    assert g.decision.player == 1
    assert power_of(g, 0, SURFENT) == 700


# --- EBP01-046 Victor's Strategy --------------------------------------------------------------------------------

def test_ebp01_046_victors_strategy_mode_look_five_take_one():
    deck = [SURFENT, PENGULLET, DIREHOWL, FILLER, FILLER, "EBP01-001"]
    g = rich_game({"hand": ["EBP01-046"], "deck": deck})
    g.apply(f"play {hand_id(g, 0, 'EBP01-046')}")
    answer(g, "mode", "mode 0")
    pick = next(c.id for c in g.state.players[0].deck if c.number == DIREHOWL)
    answer(g, "target", f"pick {pick}")
    assert zone_numbers(g, 0, "hand") == [DIREHOWL]
    assert sorted(zone_numbers(g, 0, "deck")) == sorted([SURFENT, PENGULLET, FILLER, FILLER, "EBP01-001"])


def test_ebp01_046_victors_strategy_mode_return_a_pal():
    g = rich_game({"hand": ["EBP01-046"]}, {"base": ["EBP01-001"]})
    g.apply(f"play {hand_id(g, 0, 'EBP01-046')}")
    answer(g, "mode", "mode 1")
    assert zone_numbers(g, 1, "hand") == ["EBP01-001"]


def test_ebp01_046_victors_strategy_mode_draw_per_structure():
    g = rich_game({"hand": ["EBP01-046"], "base": ["EBP01-042", "EBP01-043", FILLER],
              "deck": [SURFENT, PENGULLET, DIREHOWL] + [FILLER] * 4})
    g.apply(f"play {hand_id(g, 0, 'EBP01-046')}")
    answer(g, "mode", "mode 2")
    assert zone_numbers(g, 0, "hand") == [SURFENT, PENGULLET]


# --- EBP01-047 Pal Sphere ---------------------------------------------------------------------------------------

def test_ebp01_047_pal_sphere_draws_three():
    g = rich_game({"hand": ["EBP01-047"], "deck": [SURFENT, PENGULLET, DIREHOWL] + [FILLER] * 4})
    g.apply(f"play {hand_id(g, 0, 'EBP01-047')}")
    assert zone_numbers(g, 0, "hand") == [SURFENT, PENGULLET, DIREHOWL]
    assert zone_numbers(g, 0, "graveyard") == ["EBP01-047"]


# --- EBP01-048 Aurora Guide -------------------------------------------------------------------------------------

def test_ebp01_048_aurora_guide_quick_draw_and_put_back():
    g = rich_game({"hand": ["EBP01-048", DIREHOWL], "deck": [SURFENT] + [FILLER] * 5}, {"base": [PENGULLET]},
             turn_player=1)
    g.apply(f"attack {base_id(g, 1, PENGULLET)} player")
    assert g.decision.kind.value == "quick"
    g.apply(f"play {hand_id(g, 0, 'EBP01-048')}")
    answer(g, "target", f"pick {hand_id(g, 0, DIREHOWL)}")
    assert zone_numbers(g, 0, "hand") == [SURFENT]
    # the attack then deals 1 damage: the damage check mills the card we put on top
    assert zone_numbers(g, 0, "graveyard") == ["EBP01-048", DIREHOWL]


def test_ebp01_048_aurora_guide_may_put_nothing_back():
    g = rich_game({"hand": ["EBP01-048"], "deck": [SURFENT] + [FILLER] * 5})
    g.apply(f"play {hand_id(g, 0, 'EBP01-048')}")
    answer(g, "target", "done")
    assert zone_numbers(g, 0, "hand") == [SURFENT]


# --- ETD01-012 Elphidran Aqua -----------------------------------------------------------------------------------

def test_etd01_012_elphidran_aqua_draws_two_puts_one_on_top():
    g = rich_game({"hand": ["ETD01-012"], "deck": [SURFENT, PENGULLET, DIREHOWL] + [FILLER] * 4})
    g.apply(f"play {hand_id(g, 0, 'ETD01-012')}")
    answer(g, "target", f"pick {hand_id(g, 0, SURFENT)}")
    assert zone_numbers(g, 0, "hand") == [PENGULLET]
    assert zone_numbers(g, 0, "deck")[:2] == [SURFENT, DIREHOWL]


# --- ETD01-015 Hangyu Cryst -------------------------------------------------------------------------------------

def test_etd01_015_hangyu_cryst_rests_a_cost_three_or_less_pal():
    g = rich_game({"hand": ["ETD01-015"]}, {"base": [SURFENT, PENGULLET]})
    g.apply(f"play {hand_id(g, 0, 'ETD01-015')}")
    # only the cost-3 Pengullet can be chosen, and it is the only one: an "up to" still asks
    assert {a.text for a in g.decision.options} == {f"pick {base_id(g, 1, PENGULLET)}", "done"}
    answer(g, "target", f"pick {base_id(g, 1, PENGULLET)}")
    assert base_card(g, 1, PENGULLET).rested and not base_card(g, 1, SURFENT).rested


# --- ETD01-017 Suzaku Aqua --------------------------------------------------------------------------------------

def test_etd01_017_suzaku_aqua_vigilance_stands_at_end_of_turn():
    g = rich_game({"base": ["ETD01-017"]})
    s = base_id(g, 0, "ETD01-017")
    g.apply(f"attack {s} player")
    assert g.state.find(s).rested
    assert g.state.players[1].life == 7
    g.apply("end")
    assert not g.state.find(s).rested


# --- ETD01-018 Mammorest Cryst ----------------------------------------------------------------------------------

def test_etd01_018_mammorest_cryst_power_per_structure_and_strike_by_discarding_a_structure():
    g = rich_game({"base": ["ETD01-018", "EBP01-042", "EBP01-043"], "hand": [SURFENT, "EBP01-041"]},
             {"base": ["EBP01-042"]})
    assert power_of(g, 0, "ETD01-018") == 1700 + 400
    m = base_id(g, 0, "ETD01-018")
    g.apply(f"activate {m} 1")
    # only the structure in hand can pay, but the choice is still asked: the opponent must not learn that
    answer(g, "cost", f"pick {cid(g, 0, 'hand', 'EBP01-041')}")
    assert zone_numbers(g, 0, "graveyard") == ["EBP01-041"]
    assert strike_of(g, 0, "ETD01-018") == 4
    assert g.why_not(f"activate {m} 1") is not None    # no structure left in hand to discard


# --- ETD01-019 Antique Wooden Chair -----------------------------------------------------------------------------

def test_etd01_019_antique_wooden_chair_gives_1000():
    g = rich_game({"hand": ["ETD01-019"], "base": [SURFENT]})
    g.apply(f"play {hand_id(g, 0, 'ETD01-019')}")
    answer(g, "target", f"pick {base_id(g, 0, SURFENT)}")
    assert power_of(g, 0, SURFENT) == 1700
    g.apply("end")
    assert power_of(g, 0, SURFENT) == 700


# --- ETD01-020 Primitive Workbench ------------------------------------------------------------------------------

def test_etd01_020_primitive_workbench_may_deploy_a_revealed_structure_or_gear():
    g = rich_game({"base": ["ETD01-020", FILLER], "deck": ["EBP01-045", FILLER, FILLER]})
    g.apply(f"activate {base_id(g, 0, 'ETD01-020')} 0")
    answer(g, "may", "yes")
    assert "EBP01-045" in zone_numbers(g, 0, "base")
    assert base_card(g, 0, FILLER).rested


def test_etd01_020_primitive_workbench_other_cards_go_to_hand():
    g = rich_game({"base": ["ETD01-020", FILLER], "deck": ["EBP01-047", FILLER, FILLER]})
    g.apply(f"activate {base_id(g, 0, 'ETD01-020')} 0")
    assert zone_numbers(g, 0, "hand") == ["EBP01-047"]
    g = rich_game({"base": ["ETD01-020", FILLER], "deck": ["EBP01-042", FILLER, FILLER]})
    g.apply(f"activate {base_id(g, 0, 'ETD01-020')} 0")
    answer(g, "may", "no")
    assert zone_numbers(g, 0, "hand") == ["EBP01-042"]


# --- ETD01-021 Single-Shot Sphere Launcher ----------------------------------------------------------------------

def test_etd01_021_single_shot_launcher_draws_then_gives_200():
    g = rich_game({"hand": ["ETD01-021"], "base": [SURFENT], "deck": [PENGULLET] + [FILLER] * 4})
    g.apply(f"play {hand_id(g, 0, 'ETD01-021')}")
    assert zone_numbers(g, 0, "hand") == [PENGULLET]
    gear = base_id(g, 0, "ETD01-021")
    g.apply(f"activate {gear} 1")                 # the only Pal is chosen
    assert power_of(g, 0, SURFENT) == 900
    assert g.why_not(f"activate {gear} 1") is not None     # it is resting now


# --- ETD01-022 Crystal Breath -----------------------------------------------------------------------------------

def test_etd01_022_crystal_breath_strike_minus_three_and_stays_rested():
    g = rich_game({"hand": ["ETD01-022"], "base": [SURFENT]}, {"base": ["EBP01-001"]}, turn_player=1)
    attacker = base_id(g, 1, "EBP01-001")
    g.apply(f"attack {attacker} player")
    if g.decision.kind.value == "block":
        g.apply("pass")
    g.apply(f"play {hand_id(g, 0, 'ETD01-022')}")
    answer(g, "target", f"pick {attacker}")
    assert strike_of(g, 1, "EBP01-001") == 1
    if g.decision.kind.value == "quick":
        g.apply("pass")
    assert g.state.players[0].life == 9
    g.apply("end")                       # our turn, then back to the opponent: its Pal does not stand
    g.apply("end")
    assert g.decision.player == 1 and g.state.find(attacker).rested


def test_ebp01_027_jormuntide_own_pal_only_rests_and_stands_in_our_next_stand_phase():
    """The hold is about the opponent's stand phase, which never stands our cards: our own Pal stands as usual."""
    g = rich_game({"hand": ["EBP01-027"], "base": [SURFENT]})
    own = base_id(g, 0, SURFENT)
    g.apply(f"play {hand_id(g, 0, 'EBP01-027')}")
    answer(g, "target", f"pick {own}")
    assert g.state.find(own).rested
    g.apply("end")
    g.apply("end")
    assert g.decision.player == 0 and not g.state.find(own).rested


def test_ebp01_032_fuack_blocking_is_not_being_attacked():
    """Blocking with Fuack does not count as Fuack being attacked: no Power+300."""
    g = rich_game({"base": ["EBP01-032"]}, {"base": [FILLER]}, turn_player=1)
    g.apply(f"attack {base_id(g, 1, FILLER)} player")
    answer(g, "block", f"block {base_id(g, 0, 'EBP01-032')}")
    assert "EBP01-032" in zone_numbers(g, 0, "graveyard")      # 200 against 300: no bonus


# --- generated text of the blue words -----------------------------------------------------------------------------

def test_blue_card_text_reads_in_english_and_japanese():
    from engine import CARDS

    def en(n):
        return CARDS[n].text("en")

    def ja(n):
        return CARDS[n].text("ja")

    assert "Rest up to 1 ◇6 or lower Pal. It cannot stand for as long as this card stays in the base" \
        in en("EBP01-026")
    assert "Rest up to 2 ◇6 or lower Pals. Your opponent's next stand phase does not stand them." in en("EBP01-041")
    assert "Give 1 Pal -3 Strike this turn. Your opponent's next stand phase does not stand it." in en("ETD01-022")
    # 7.2, Q&A official-61: the hold is for that one stand phase, not "until it is over"
    for n in ("EBP01-027", "EBP01-041", "ETD01-022"):
        assert "until" not in en(n) and "cannot stand" not in en(n)
        assert "相手の次のスタンドフェイズでは、" in ja(n) and "過ぎるまで" not in ja(n)
    assert "このカードが拠点に残る限り、それはスタンドしない" in ja("EBP01-026")
    assert "Reveal the top card of your deck. If it's a ◇8 or lower Dragon Pal, you may deploy it" \
        in en("EBP01-025")
    assert "If it did not get deployed, add it to your hand" in en("EBP01-025")
    assert "【竜】のパルなら、それを登場させてよい" in ja("EBP01-025")
    assert "structure or gear card" in en("ETD01-020") and "建築物かギア" in ja("ETD01-020")
    assert "X being the number of different card names with 《Antique》 in them among your structures" \
        in en("EBP01-039")
    assert "《アンティーク》" in ja("EBP01-039")
    assert "Name any card. Each of your cards also has that name as a card name this turn" in en("EBP01-040")
    assert "Give X of your Pals +1000 Power and +1 Strike this turn" in en("EBP01-040")
    assert "Cost: discard X cards — " in en("EBP01-040")
    assert "for each of your structures" in en("ETD01-018") and "Cost: discard 1 structure — " in en("ETD01-018")
    assert "建築物1枚につき" in ja("ETD01-018")
    assert "with main name 《Pengullet》" in en("EBP01-044") and "《ペンタマ》" in ja("EBP01-044")
    assert "X being this card's Power. Send this card to the graveyard" in en("EBP01-044")
    assert "Vigilance (" in en("EBP01-045") and "警戒（" in ja("EBP01-045")
    assert en("EBP01-046").count(" / ") == 2 and "draw X cards, X being how many structure cards you have" \
        in en("EBP01-046")
    assert en("EBP01-048").startswith("Quick — ") and ja("EBP01-048").startswith("【クイック】")
    assert en("EBP01-038").startswith("ACT · Interrupt (") and ja("ETD01-016").startswith("【起】妨害（")
    assert en("EBP01-034").startswith("AUTO · Serious 400 (") and ja("EBP01-034").startswith("【自】まじめ400（")
    for n in ("EBP01-025", "EBP01-026", "EBP01-039", "EBP01-040", "EBP01-044", "ETD01-018", "ETD01-020"):
        assert re.findall(r"[A-Za-z]{2,}", ja(n)) == [], ja(n)
