"""Behaviour of every green card with an ability, each in a scenario and driven only through game.apply."""
from __future__ import annotations

import pytest
from kit import base_card, cid, game, opts, run_to_main

from engine import IllegalAction
from engine.deck import validate
from engine.rules.continuous import has_keyword, power, strike

VANILLA = "ETD01-013"      # Jolthog Cryst: ◇2, 300, Strike 1, no ability, not Lucky
RANCH = "EBP01-066"        # a 「Farming」 structure
BERRY = "ETD02-008"        # a 「Harvesting」 structure


def assign_pals(g, *ids: int) -> None:
    """Answer the 'choose a Pal to assign' cost decisions (only asked when there is a real choice)."""
    for pid in ids:
        if g.decision.kind == "cost":
            g.apply(f"pick {pid}")


def end_turn_to_opponent(g) -> None:
    """End the main phase; the opponent's turn runs to their main phase."""
    g.apply("end")
    assert g.decision.player == 1 - g.state.turn_player or g.state.turn_player == g.decision.player
    run_to_main(g)


# --- EBP01-049 Lyleen ----------------------------------------------------------------------------------------------

def test_ebp01_049_lyleen_deploy_gets_3_ingredient():
    g = game({"hand": ["EBP01-049"], "souls": {"standing": 7}})
    g.apply(f"play {cid(g, 0, 'hand', 'EBP01-049')}")
    assert g.state.players[0].ingredient == 3


def test_ebp01_049_lyleen_act_deploys_a_6_or_less_pal_from_top_5_once_per_turn():
    deck = ["EBP01-049", "EBP01-061", VANILLA, VANILLA, VANILLA] + [VANILLA] * 10
    g = game({"base": ["EBP01-049"], "deck": deck, "ingredient": 6})
    lyleen = cid(g, 0, "base", "EBP01-049")
    g.apply(f"activate {lyleen} 1")
    assert g.state.players[0].ingredient == 3
    assert g.decision.kind == "target"
    picks = {a.text for a in g.decision.options}
    # the ◇7 Lyleen among the looked cards cannot be chosen; the ◇3 Beegarde and the ◇2 vanillas can
    lyleen_in_deck = cid(g, 0, "deck", "EBP01-049")
    assert f"pick {lyleen_in_deck}" not in picks
    g.apply(f"pick {cid(g, 0, 'deck', 'EBP01-061')}")
    assert [c.number for c in g.state.players[0].base].count("EBP01-061") == 1
    assert len(g.state.players[0].deck) == 14
    assert g.decision.kind == "main"
    assert g.why_not(f"activate {lyleen} 1") is not None     # once per turn


def test_ebp01_049_lyleen_act_may_choose_nothing():
    g = game({"base": ["EBP01-049"], "ingredient": 3})
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-049')} 1")
    g.apply("done")
    assert len(g.state.players[0].base) == 1 and len(g.state.players[0].deck) == 20


# --- EBP01-050 / EBP01-059 Digtoise -----------------------------------------------------------------------------

def test_ebp01_050_digtoise_10_souls_power_and_strike():
    g = game({"base": ["EBP01-050"], "souls": {"standing": 4, "rested": 6}})
    d = base_card(g, 0, "EBP01-050")
    assert (power(g.state, d), strike(g.state, d)) == (1900, 3)
    g9 = game({"base": ["EBP01-050"], "souls": {"standing": 9}})
    d9 = base_card(g9, 0, "EBP01-050")
    assert (power(g9.state, d9), strike(g9.state, d9)) == (900, 2)


@pytest.mark.parametrize("number, base_power", [("EBP01-050", 900), ("EBP01-059", 800)])
def test_ebp01_050_059_digtoise_act_power_and_breakthrough(number, base_power):
    g = game({"base": [number], "ingredient": 2, "souls": {"standing": 5}},
             {"base": [{"card": VANILLA, "rested": True}]})
    dig = cid(g, 0, "base", number)
    index = 1 if number == "EBP01-050" else 0
    g.apply(f"activate {dig} {index}")
    assert g.state.players[0].ingredient == 0
    assert power(g.state, g.state.in_base(dig)) == base_power + 500
    assert has_keyword(g.state, g.state.in_base(dig), "breakthrough")
    assert g.why_not(f"activate {dig} {index}") is not None    # once per turn
    g.apply(f"attack {dig} {cid(g, 1, 'base', VANILLA)}")
    run_to_main(g)
    assert g.state.players[1].base == []
    assert g.state.players[1].life == 8                        # Breakthrough: Strike 2 damage


def test_ebp01_059_digtoise_without_act_has_no_breakthrough():
    g = game({"base": ["EBP01-059"]}, {"base": [{"card": VANILLA, "rested": True}]})
    dig = cid(g, 0, "base", "EBP01-059")
    g.apply(f"attack {dig} {cid(g, 1, 'base', VANILLA)}")
    run_to_main(g)
    assert g.state.players[1].base == [] and g.state.players[1].life == 10


# --- EBP01-051 Petallia -------------------------------------------------------------------------------------------

def test_ebp01_051_petallia_deploy_life_and_stands_2_souls():
    g = game({"hand": ["EBP01-051"], "souls": {"standing": 8}, "life": 5})
    g.apply(f"play {cid(g, 0, 'hand', 'EBP01-051')}")
    p = g.state.players[0]
    assert p.life == 6
    assert (p.souls_standing, p.souls_rested) == (4, 4)


# --- EBP01-052 Rushoar --------------------------------------------------------------------------------------------

def test_ebp01_052_rushoar_power_800_when_attacking_a_structure():
    g = game({"base": ["EBP01-052", "EBP01-052"]}, {"base": [BERRY]})
    r1, r2 = cid(g, 0, "base", "EBP01-052"), cid(g, 0, "base", "EBP01-052", 1)
    g.apply(f"attack {r1} {cid(g, 1, 'base', BERRY)}")
    run_to_main(g)
    assert power(g.state, g.state.in_base(r1)) == 1000
    assert g.state.players[1].base == []                       # 1000 damage breaks the 600 structure
    g.apply(f"attack {r2} player")
    run_to_main(g)
    assert power(g.state, g.state.in_base(r2)) == 200          # attacking the player gives nothing


# --- EBP01-053 Elizabee -------------------------------------------------------------------------------------------

def test_ebp01_053_elizabee_power_per_beegarde():
    g = game({"base": ["EBP01-053", "EBP01-061", "EBP01-061", VANILLA]}, {"base": ["EBP01-061"]})
    assert power(g.state, base_card(g, 0, "EBP01-053")) == 700 + 600


def test_ebp01_053_elizabee_act_plays_beegarde_from_the_top_for_2_less():
    g = game({"base": ["EBP01-053"], "deck": ["EBP01-061"] + [VANILLA] * 5, "ingredient": 1,
              "souls": {"standing": 3}})
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-053')} 1")
    assert g.decision.kind == "may"
    g.apply("yes")
    p = g.state.players[0]
    assert [c.number for c in p.base] == ["EBP01-053", "EBP01-061"]
    assert p.souls_standing == 2 and p.ingredient == 1          # ◇3 paid as ◇1; Beegarde's deploy: 1 Ingredient
    assert power(g.state, base_card(g, 0, "EBP01-053")) == 1000


def test_ebp01_053_elizabee_act_other_top_card_stays():
    g = game({"base": ["EBP01-053"], "deck": [VANILLA] * 5, "ingredient": 2, "souls": {"standing": 3}})
    eli = cid(g, 0, "base", "EBP01-053")
    g.apply(f"activate {eli} 1")
    # the top card is no Beegarde; the question comes anyway (only "no"), so the opponent cannot tell
    assert g.decision.kind == "may" and opts(g) == {"no"}
    g.apply("no")
    assert g.decision.kind == "main" and len(g.state.players[0].deck) == 5
    g.apply(f"activate {eli} 1")                               # no once-per-turn limit
    assert g.state.players[0].ingredient == 0


def test_ebp01_053_elizabee_may_decline():
    g = game({"base": ["EBP01-053"], "deck": ["EBP01-061"] + [VANILLA] * 5, "ingredient": 1,
              "souls": {"standing": 3}})
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-053')} 1")
    g.apply("no")
    assert g.state.players[0].deck[0].number == "EBP01-061" and g.state.players[0].souls_standing == 3


# --- Taunt: EBP01-054 Warsect, ETD02-005 Eikthyrdeer Terra, ETD02-006 Broncherry ---------------------------------

@pytest.mark.parametrize("number", ["EBP01-054", "ETD02-005", "ETD02-006"])
def test_green_taunt_pals_must_be_attacked(number):
    g = game({"base": [VANILLA]}, {"base": [{"card": number, "rested": True}, {"card": VANILLA, "rested": True}]})
    att = cid(g, 0, "base", VANILLA)
    with pytest.raises(IllegalAction):
        g.apply(f"attack {att} player")
    with pytest.raises(IllegalAction):
        g.apply(f"attack {att} {cid(g, 1, 'base', VANILLA)}")
    g.apply(f"attack {att} {cid(g, 1, 'base', number)}")
    assert base_card(g, 1, number).damage == 300 and base_card(g, 1, VANILLA).damage == 0


def test_etd02_005_eikthyrdeer_terra_act_power_500_not_once_per_turn():
    g = game({"base": ["ETD02-005"], "ingredient": 4})
    e = cid(g, 0, "base", "ETD02-005")
    g.apply(f"activate {e} 1")
    g.apply(f"activate {e} 1")
    assert power(g.state, g.state.in_base(e)) == 800 + 1000
    assert g.state.players[0].ingredient == 0
    assert g.why_not(f"activate {e} 1") is not None            # needs 2 Ingredient


# --- EBP01-055 Vaelet ---------------------------------------------------------------------------------------------

def test_ebp01_055_vaelet_stands_after_being_assigned():
    g = game({"base": ["EBP01-055", BERRY], "hand": [VANILLA, VANILLA]})
    v = cid(g, 0, "base", "EBP01-055")
    g.apply(f"activate {cid(g, 0, 'base', BERRY)} 0")
    assert g.state.in_base(v).rested
    g.apply(f"activate {v} 0")
    if g.decision.kind == "cost":                                # which card to discard
        g.apply(f"pick {cid(g, 0, 'hand', VANILLA)}")
    assert not g.state.in_base(v).rested
    assert g.why_not(f"activate {v} 0") is not None            # once per turn


def test_ebp01_055_vaelet_does_not_stand_after_attacking():
    g = game({"base": ["EBP01-055"], "hand": [VANILLA]})
    v = cid(g, 0, "base", "EBP01-055")
    g.apply(f"attack {v} player")
    run_to_main(g)
    g.apply(f"activate {v} 0")
    assert g.state.in_base(v).rested and g.state.players[0].hand == []


# --- EBP01-057 Dumud ----------------------------------------------------------------------------------------------

def test_ebp01_057_dumud_deploy_2_ingredient():
    g = game({"hand": ["EBP01-057"], "souls": {"standing": 4}})
    g.apply(f"play {cid(g, 0, 'hand', 'EBP01-057')}")
    assert g.state.players[0].ingredient == 2


def test_ebp01_057_dumud_assigned_to_farming_adds_a_rested_soul():
    g = game({"base": ["EBP01-057", RANCH], "souls": {"standing": 2}})
    g.apply(f"activate {cid(g, 0, 'base', RANCH)} 0")
    while g.decision.kind != "main":
        g.apply("mode 1" if g.decision.kind == "mode" else g.decision.options[0])
    p = g.state.players[0]
    assert (p.souls_standing, p.souls_rested, p.soul_deck) == (2, 1, 7)


def test_ebp01_057_dumud_assigned_to_other_structure_no_soul():
    g = game({"base": ["EBP01-057", BERRY], "souls": {"standing": 2}})
    g.apply(f"activate {cid(g, 0, 'base', BERRY)} 0")
    assert g.state.players[0].souls == 2 and g.state.players[0].ingredient == 3


# --- EBP01-058 Gumoss ---------------------------------------------------------------------------------------------

def test_ebp01_058_gumoss_deploy_power_and_assault_until_end_of_turn():
    g = game({"hand": ["EBP01-058"], "souls": {"standing": 4}}, {"base": [VANILLA]})
    g.apply(f"play {cid(g, 0, 'hand', 'EBP01-058')}")
    gum = cid(g, 0, "base", "EBP01-058")
    assert power(g.state, g.state.in_base(gum)) == 900
    target = cid(g, 1, "base", VANILLA)                          # a standing Pal
    assert g.why_not(f"attack {gum} {target}") is None
    g.apply(f"attack {gum} {target}")
    run_to_main(g)
    assert g.state.players[1].base == []
    end_turn_to_opponent(g)
    assert power(g.state, g.state.in_base(gum)) == 600
    assert not has_keyword(g.state, g.state.in_base(gum), "assault")


# --- EBP01-060 Tanzee ---------------------------------------------------------------------------------------------

def test_ebp01_060_tanzee_serious_400_on_assign():
    g = game({"base": ["EBP01-060", BERRY, VANILLA]})
    g.apply(f"activate {cid(g, 0, 'base', BERRY)} 0")
    g.apply(f"pick {cid(g, 0, 'base', 'EBP01-060')}")          # assign Tanzee
    g.apply(f"pick {cid(g, 0, 'base', VANILLA)}")              # Serious: the vanilla gets +400
    assert power(g.state, base_card(g, 0, VANILLA)) == 700
    assert g.state.players[0].ingredient == 3


# --- EBP01-061 Beegarde -------------------------------------------------------------------------------------------

def test_ebp01_061_beegarde_deploy_with_farming_structure():
    g = game({"hand": ["EBP01-061"], "base": [RANCH], "souls": {"standing": 3}})
    g.apply(f"play {cid(g, 0, 'hand', 'EBP01-061')}")
    assert g.state.players[0].ingredient == 1
    assert power(g.state, base_card(g, 0, "EBP01-061")) == 900


def test_ebp01_061_beegarde_deploy_without_farming_structure():
    g = game({"hand": ["EBP01-061"], "base": [BERRY], "souls": {"standing": 3}})
    g.apply(f"play {cid(g, 0, 'hand', 'EBP01-061')}")
    assert g.state.players[0].ingredient == 1
    assert power(g.state, base_card(g, 0, "EBP01-061")) == 400


def test_ebp01_061_beegarde_any_number_in_a_deck():
    deck = ["EBP01-061"] * 20 + [VANILLA] * 4 + ["ETD02-003"] * 4 + ["ETD02-002"] * 4 + ["ETD02-001"] * 4 \
        + ["EBP01-056"] * 4 + ["ETD02-004"] * 4 + ["ETD02-006"] * 4 + ["ETD02-007"] * 2
    assert len(deck) == 50
    problems = validate(deck)
    assert not any("EBP01-061" in p or "Beegarde" in p for p in problems), problems
    too_many = ["EBP01-056"] * 20 + deck[20:]
    assert validate(too_many)


# --- Interrupt: EBP01-062 Wumpo Botan, ETD02-004 Dinossom ---------------------------------------------------------

@pytest.mark.parametrize("number", ["EBP01-062", "ETD02-004"])
def test_green_interrupt_nullifies_the_attack(number):
    g = game({"base": [VANILLA]}, {"hand": [number], "souls": {"standing": 1}})
    g.apply(f"attack {cid(g, 0, 'base', VANILLA)} player")
    if g.decision.kind == "block":
        g.apply("pass")
    assert g.decision.kind == "quick" and g.decision.player == 1
    g.apply(f"activate {cid(g, 1, 'hand', number)} 0 cost 0")
    run_to_main(g)
    p1 = g.state.players[1]
    assert p1.life == 10 and p1.souls_standing == 0
    assert [c.number for c in p1.graveyard] == [number]


# --- EBP01-063 Breeding Farm --------------------------------------------------------------------------------------

def test_ebp01_063_breeding_farm_reveal_pal_to_hand():
    g = game({"base": ["EBP01-063"], "deck": ["EBP01-049"] + [VANILLA] * 5, "ingredient": 4})
    farm = cid(g, 0, "base", "EBP01-063")
    g.apply(f"activate {farm} 0")
    assert [c.number for c in g.state.players[0].hand] == ["EBP01-049"]
    assert g.why_not(f"activate {farm} 0") is not None        # once per turn


def test_ebp01_063_breeding_farm_reveal_non_pal_to_graveyard():
    g = game({"base": ["EBP01-063"], "deck": ["EBP01-072"] + [VANILLA] * 5, "ingredient": 2})
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-063')} 0")
    p = g.state.players[0]
    assert p.hand == [] and [c.number for c in p.graveyard] == ["EBP01-072"]


def test_ebp01_063_breeding_farm_deploys_from_hand_with_2_assigned():
    g = game({"base": ["EBP01-063", VANILLA, VANILLA], "hand": ["EBP01-054", "ETD02-007"], "ingredient": 2})
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-063')} 1")
    assert g.state.players[0].ingredient == 0
    assert all(c.rested for c in g.state.players[0].pals())
    assert g.decision.kind == "target"
    options = opts(g)
    assert f"pick {cid(g, 0, 'hand', 'ETD02-007')}" in options   # ◇8
    g.apply(f"pick {cid(g, 0, 'hand', 'EBP01-054')}")
    assert base_card(g, 0, "EBP01-054") is not None and not base_card(g, 0, "EBP01-054").rested


# --- EBP01-064 Cola Vending Machine -------------------------------------------------------------------------------

def test_ebp01_064_cola_stands_1_plus_3x_souls():
    g = game({"base": ["EBP01-064", VANILLA], "ingredient": 3, "souls": {"standing": 0, "rested": 10}})
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-064')} 0")
    assert g.decision.kind == "number"
    g.apply("x 2")
    p = g.state.players[0]
    assert p.ingredient == 1 and base_card(g, 0, VANILLA).rested
    assert (p.souls_standing, p.souls_rested) == (7, 3)


# --- EBP01-065 Feed Box -------------------------------------------------------------------------------------------

def test_ebp01_065_feed_box_adds_a_rested_soul():
    g = game({"base": ["EBP01-065"], "ingredient": 2, "souls": {"standing": 3, "rested": 2}})
    box = cid(g, 0, "base", "EBP01-065")
    g.apply(f"activate {box} 0")
    p = g.state.players[0]
    assert (p.souls_standing, p.souls_rested, p.ingredient) == (3, 3, 1)
    assert g.why_not(f"activate {box} 0") is not None


def test_ebp01_065_feed_box_at_10_souls_stands_2():
    g = game({"base": ["EBP01-065"], "ingredient": 1, "souls": {"standing": 1, "rested": 9}})
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-065')} 0")
    p = g.state.players[0]
    assert (p.souls_standing, p.souls_rested) == (3, 7)


# --- EBP01-066 Ranch, ETD02-008 Berry Plantation ------------------------------------------------------------------

@pytest.mark.parametrize("mode, counter", [(0, "material"), (1, "ingredient")])
def test_ebp01_066_ranch_assign_3_counters_and_draw(mode, counter):
    g = game({"base": [RANCH, VANILLA], "hand": []})
    ranch = cid(g, 0, "base", RANCH)
    g.apply(f"activate {ranch} 0")
    assert g.decision.kind == "mode"
    g.apply(f"mode {mode}")
    p = g.state.players[0]
    assert getattr(p, counter) == 3 and len(p.hand) == 1 and base_card(g, 0, VANILLA).rested
    assert g.why_not(f"activate {ranch} 0") is not None


def test_etd02_008_berry_plantation_3_ingredient_and_draw():
    g = game({"base": [BERRY, VANILLA, VANILLA]})
    berry = cid(g, 0, "base", BERRY)
    g.apply(f"activate {berry} 0")
    g.apply(f"pick {cid(g, 0, 'base', VANILLA, 1)}")
    p = g.state.players[0]
    assert p.ingredient == 3 and len(p.hand) == 1
    assert base_card(g, 0, VANILLA, 1).rested and not base_card(g, 0, VANILLA).rested
    assert g.why_not(f"activate {berry} 0") is not None


# --- EBP01-067 No Pals Beyond Sign --------------------------------------------------------------------------------

def test_ebp01_067_sign_gives_taunt_to_the_assigned_pal_through_the_opponents_turn():
    g = game({"base": ["EBP01-067", VANILLA, "EBP01-052"]}, {"base": [VANILLA]})
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-067')} 0")
    guard = cid(g, 0, "base", VANILLA)
    g.apply(f"pick {guard}")
    assert has_keyword(g.state, g.state.in_base(guard), "taunt")
    assert not has_keyword(g.state, base_card(g, 0, "EBP01-052"), "taunt")
    end_turn_to_opponent(g)
    assert g.state.turn_player == 1
    attacker = cid(g, 1, "base", VANILLA)
    with pytest.raises(IllegalAction):
        g.apply(f"attack {attacker} player")
    assert g.why_not(f"attack {attacker} {guard}") is None
    g.apply("end")
    while g.state.turn_player != 0 or g.decision.kind != "main":
        g.apply(g.decision.options[0])
    assert not has_keyword(g.state, g.state.in_base(guard), "taunt")


# --- EBP01-068 Digtoise's Headband, EBP01-069 Farming Hat, ETD02-010 Refined Metal Spear ---------------------------

def test_ebp01_068_headband_power_200_and_counters_for_digtoise():
    g = game({"base": ["EBP01-068", "EBP01-059", VANILLA]})
    band = cid(g, 0, "base", "EBP01-068")
    g.apply(f"activate {band} 0")
    g.apply(f"pick {cid(g, 0, 'base', 'EBP01-059')}")
    assert g.decision.kind == "mode"
    g.apply("mode 0")
    assert g.state.players[0].material == 2
    assert power(g.state, base_card(g, 0, "EBP01-059")) == 1000
    assert g.state.in_base(band).rested
    assert g.why_not(f"activate {band} 0") is not None         # it is resting


def test_ebp01_068_headband_other_pal_gets_no_counters():
    g = game({"base": ["EBP01-068", VANILLA, "EBP01-059"]})
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-068')} 0")
    g.apply(f"pick {cid(g, 0, 'base', VANILLA)}")
    p = g.state.players[0]
    assert g.decision.kind == "main" and (p.material, p.ingredient) == (0, 0)
    assert power(g.state, base_card(g, 0, VANILLA)) == 500


def test_ebp01_069_farming_hat_power_200_and_1_ingredient():
    g = game({"base": ["EBP01-069", VANILLA]}, {"base": [VANILLA]})
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-069')} 0")
    g.apply(f"pick {cid(g, 0, 'base', VANILLA)}")
    assert power(g.state, base_card(g, 0, VANILLA)) == 500 and g.state.players[0].ingredient == 1


def test_etd02_010_refined_metal_spear_power_900():
    g = game({"base": ["ETD02-010", VANILLA]})
    g.apply(f"activate {cid(g, 0, 'base', 'ETD02-010')} 0")
    assert power(g.state, base_card(g, 0, VANILLA)) == 1200         # the only Pal is chosen
    end_turn_to_opponent(g)
    assert power(g.state, base_card(g, 0, VANILLA)) == 300


# --- EBP01-070 Lily's Strategy ------------------------------------------------------------------------------------

def test_ebp01_070_lilys_strategy_all_pals_power_1000():
    g = game({"hand": ["EBP01-070"], "base": [VANILLA, "EBP01-052"], "souls": {"standing": 3}}, {"base": [VANILLA]})
    g.apply(f"play {cid(g, 0, 'hand', 'EBP01-070')}")
    g.apply("mode 0")
    assert power(g.state, base_card(g, 0, VANILLA)) == 1300 and power(g.state, base_card(g, 0, "EBP01-052")) == 1200
    assert power(g.state, base_card(g, 1, VANILLA)) == 300
    assert [c.number for c in g.state.players[0].graveyard] == ["EBP01-070"]


def test_ebp01_070_lilys_strategy_structure_or_gear_to_graveyard():
    g = game({"hand": ["EBP01-070"], "base": [VANILLA], "souls": {"standing": 3}}, {"base": [BERRY, "ETD02-010"]})
    g.apply(f"play {cid(g, 0, 'hand', 'EBP01-070')}")
    g.apply("mode 1")
    assert f"pick {cid(g, 0, 'base', VANILLA)}" not in opts(g)
    g.apply(f"pick {cid(g, 1, 'base', 'ETD02-010')}")
    assert [c.number for c in g.state.players[1].base] == [BERRY]
    assert [c.number for c in g.state.players[1].graveyard] == ["ETD02-010"]


def test_ebp01_070_lilys_strategy_adds_a_rested_soul():
    g = game({"hand": ["EBP01-070"], "souls": {"standing": 4}})
    g.apply(f"play {cid(g, 0, 'hand', 'EBP01-070')}")
    g.apply("mode 2")
    p = g.state.players[0]
    assert (p.souls_standing, p.souls_rested, p.soul_deck) == (1, 4, 5)


# --- EBP01-071 Found an Egg! --------------------------------------------------------------------------------------

def test_ebp01_071_found_an_egg_takes_a_pal():
    deck = ["EBP01-072", "EBP01-054"] + [VANILLA] * 8
    g = game({"hand": ["EBP01-071"], "deck": deck, "souls": {"standing": 2}})
    g.apply(f"play {cid(g, 0, 'hand', 'EBP01-071')}")
    assert f"pick {cid(g, 0, 'deck', 'EBP01-072')}" not in opts(g)   # an event is not a Pal
    g.apply(f"pick {cid(g, 0, 'deck', 'EBP01-054')}")
    p = g.state.players[0]
    assert [c.number for c in p.hand] == ["EBP01-054"] and len(p.deck) == 9 and p.ingredient == 0


def test_ebp01_071_found_an_egg_choosing_nothing_gets_3_ingredient():
    g = game({"hand": ["EBP01-071"], "souls": {"standing": 2}})
    g.apply(f"play {cid(g, 0, 'hand', 'EBP01-071')}")
    g.apply("done")
    p = g.state.players[0]
    assert p.hand == [] and len(p.deck) == 20 and p.ingredient == 3


# --- EBP01-072 Blessing of the Flower Spirit ----------------------------------------------------------------------

def test_ebp01_072_blessing_gain_life_and_draw():
    g = game({"hand": ["EBP01-072"], "souls": {"standing": 3}, "life": 4})
    g.apply(f"play {cid(g, 0, 'hand', 'EBP01-072')}")
    p = g.state.players[0]
    assert p.life == 5 and [c.number for c in p.hand] == [VANILLA]


# --- ETD02-003 Flopie, ETD02-007 Mammorest ------------------------------------------------------------------------

def test_etd02_003_flopie_deploy_2_ingredient():
    g = game({"hand": ["ETD02-003"], "souls": {"standing": 3}})
    g.apply(f"play {cid(g, 0, 'hand', 'ETD02-003')}")
    assert g.state.players[0].ingredient == 2


def test_etd02_007_mammorest_surviving_a_battle_gets_nothing():
    g = game({"base": ["EBP01-054"]}, {"base": [{"card": "ETD02-007", "rested": True}]})
    g.apply(f"attack {cid(g, 0, 'base', 'EBP01-054')} {cid(g, 1, 'base', 'ETD02-007')}")
    run_to_main(g)
    # 1500 against 2000: Warsect is destroyed, Mammorest survives and gets nothing
    assert g.state.players[1].ingredient == 0 and base_card(g, 1, "ETD02-007") is not None


def test_etd02_007_mammorest_destroyed_in_battle_gets_3_ingredient():
    g = game({"base": ["EBP01-054"], "souls": {"standing": 3}, "hand": ["ETD02-011"]},
             {"base": [{"card": "ETD02-007", "rested": True, "damage": 600}]})
    g.apply(f"attack {cid(g, 0, 'base', 'EBP01-054')} {cid(g, 1, 'base', 'ETD02-007')}")
    run_to_main(g)
    p1 = g.state.players[1]
    assert [c.number for c in p1.graveyard] == ["ETD02-007"] and p1.ingredient == 3


# --- ETD02-009 Campfire -------------------------------------------------------------------------------------------

def test_etd02_009_campfire_life_and_all_pals_power_1000():
    g = game({"base": ["ETD02-009", VANILLA, "EBP01-052"], "ingredient": 2, "life": 3}, {"base": [VANILLA]})
    fire = cid(g, 0, "base", "ETD02-009")
    g.apply(f"activate {fire} 0")
    g.apply(f"pick {cid(g, 0, 'base', 'EBP01-052')}")
    p = g.state.players[0]
    assert p.life == 4 and p.ingredient == 0
    assert power(g.state, base_card(g, 0, VANILLA)) == 1300 and power(g.state, base_card(g, 0, "EBP01-052")) == 1200
    assert power(g.state, base_card(g, 1, VANILLA)) == 300
    assert g.why_not(f"activate {fire} 0") is not None


# --- ETD02-011 Stone Blast ----------------------------------------------------------------------------------------

def test_etd02_011_stone_blast_quick_power_500_saves_the_blocker():
    g = game({"base": ["EBP01-052"]}, {"base": [VANILLA], "hand": ["ETD02-011"], "souls": {"standing": 2}})
    g.apply(f"attack {cid(g, 0, 'base', 'EBP01-052')} player")
    blocker = cid(g, 1, "base", VANILLA)
    g.apply(f"block {blocker}")
    assert g.decision.kind == "quick"
    g.apply(f"play {cid(g, 1, 'hand', 'ETD02-011')}")
    run_to_main(g)
    # the blocker has 800 against Rushoar's 200: Rushoar is destroyed, the blocker survives
    assert g.state.in_base(blocker) is not None
    assert [c.number for c in g.state.players[0].graveyard] == ["EBP01-052"]
    assert g.state.players[1].souls_standing == 0


def test_etd02_011_stone_blast_in_own_main_phase():
    g = game({"base": [VANILLA], "hand": ["ETD02-011"], "souls": {"standing": 2}})
    g.apply(f"play {cid(g, 0, 'hand', 'ETD02-011')}")
    assert power(g.state, base_card(g, 0, VANILLA)) == 800
