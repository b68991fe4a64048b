"""Official rulings of the categories Flow of the Game, Game Preparation and Card Abilities, one test each.

Each docstring restates the ruling in our own words; the test plays it through ``game.apply`` and checks the state.
"""
from __future__ import annotations

import inspect

from kit import (
    STRUCT,
    V300,
    V300R,
    V500,
    V500C,
    V700,
    V900,
    V1200,
    base_id,
    cid,
    game,
    opts,
    patch,
    zone_numbers,
)

from engine import Game
from engine.clients.ai import RandomPlayer, play_out
from engine.deck import validate
from engine.model.abilities import matches, parse_abilities
from engine.model.actions import DecisionKind
from engine.model.carddb import CARDS
from engine.model.outcome import OutcomeReason
from engine.model.state import Effect
from engine.rules.continuous import is_night, power

NECKLACE = "EBP01-094"      # gear: on deploy, deploy up to 1 Daedream from hand
DAEDREAM = "EBP01-080"      # Daedream – First Slumber
DEEP_SLUMBER = "EBP01-082"  # Daedream – Deep Slumber (Nocturnal)
LAMP = "EBP01-088"
ASTEGON = "ETD02-012"
FEED_BOX = "EBP01-065"
ELIZABEE = "EBP01-053"
BEEGARDE = "EBP01-061"
RUSHOAR = "EBP01-052"
RELAXAURUS = "EBP01-026"
EGG = "EBP01-071"
TREASURE = "EBP01-024"
FUACK = "EBP01-032"
CAULDRON = "EBP01-017"
BUSHI = "EBP01-004"
STONE_PIT = "ETD01-008"
BRONCHERRY = "ETD02-006"
WOODEN_WALL = "EBP01-091"
PENGULLET = "EBP01-028"
DUMUD = "EBP01-057"
MACHINE_GUN = "EBP01-015"
BLAZAMUT = "ETD01-007"
MEDICAL = "ETD02-022"
IGNIS_BREATH = "ETD01-011"
DARKNESS = "ETD02-021"
MAMMOREST = "ETD02-007"
SPARKIT = "EBP01-008"
DEPRESSO = "EBP01-079"

VANILLA = ["EBP01-013", "EBP01-037", "EBP01-056", "EBP01-086", "EBP01-099", "ETD01-002", "ETD01-003",
           "ETD01-013", "ETD01-014", "ETD02-001", "ETD02-002", "ETD02-013", "ETD02-016"]
# (VANILLA * 4)[:50] is a deck whose cards have no abilities; four colours, so it needs check_decks=False


def test_official_95_up_to_one_from_hand_with_none_there_chooses_zero_and_goes_on():
    """Deploying 'up to 1' particular card from hand when none is there: 0 are chosen and the rest resolves."""
    g = game({"hand": [NECKLACE, V300], "souls": {"standing": 3}})
    g.apply(f"play {cid(g, 0, 'hand', NECKLACE)}")
    # the hand is hidden, so the choice is offered anyway, with "done" as the only answer
    assert g.decision.kind == DecisionKind.TARGET and opts(g) == {"done"}
    g.apply("done")
    assert g.decision.kind == DecisionKind.MAIN
    assert zone_numbers(g, 0, "base") == [NECKLACE] and zone_numbers(g, 0, "hand") == [V300]


def test_official_94_night_stays_after_its_source_leaves_the_base():
    """Night made by a card lasts until the end of the opponent's next turn even if that card leaves."""
    g = game({"base": [LAMP], "deck": [V300] * 8}, {"base": [MAMMOREST], "deck": [V300] * 8})
    g.apply(f"activate {cid(g, 0, 'base', LAMP)} 0")
    assert is_night(g.state)
    g.apply("end")
    g.apply(f"attack {cid(g, 1, 'base', MAMMOREST)} {cid(g, 0, 'base', LAMP)}")
    assert zone_numbers(g, 0, "graveyard")[-1] == LAMP
    assert is_night(g.state)
    g.apply("end")
    assert not is_night(g.state)


def test_official_92_power_zero_or_less_does_not_by_itself_destroy():
    """A Pal whose power becomes 0 or less stays; only damage reaching its power puts it into the graveyard."""
    g = game({"hand": [ASTEGON], "souls": {"standing": 8}}, {"base": [V300]})
    g.apply(f"play {cid(g, 0, 'hand', ASTEGON)}")
    g.apply(f"pick {cid(g, 1, 'base', V300)}")
    pal = g.state.players[1].base[0]
    assert power(g.state, pal) == -700 and pal.number == V300
    assert g.decision.kind == DecisionKind.MAIN


def test_official_76_souls_never_go_above_ten():
    """An effect that adds souls cannot take a player past 10 souls."""
    g = game({"base": [FEED_BOX], "ingredient": 1, "souls": {"standing": 4, "rested": 6, "deck": 0}})
    g.apply(f"activate {cid(g, 0, 'base', FEED_BOX)} 0")
    p = g.state.players[0]
    assert p.souls == 10 and p.soul_deck == 0 and p.ingredient == 0


def test_official_74_power_returning_to_normal_below_its_damage_destroys():
    """When a CONT boost stops applying and the damage already on the Pal reaches its power, it is destroyed."""
    g = game({"base": [V1200]}, {"base": [{"card": ELIZABEE, "damage": 800}, {"card": BEEGARDE, "rested": True}]})
    eliza = cid(g, 1, "base", ELIZABEE)
    assert power(g.state, g.state.in_base(eliza)) == 1000
    g.apply(f"attack {cid(g, 0, 'base', V1200)} {cid(g, 1, 'base', BEEGARDE)}")
    g.apply("pass")
    assert g.state.players[1].base == []
    assert sorted(zone_numbers(g, 1, "graveyard")) == sorted([BEEGARDE, ELIZABEE])


def test_official_71_attacks_a_structure_triggers_on_declaration_even_if_blocked():
    """'When this card attacks a structure' fires at the declaration, before any block, so a block does not stop it."""
    g = game({"base": [RUSHOAR]}, {"base": [STRUCT, V700]})
    rush = cid(g, 0, "base", RUSHOAR)
    g.apply(f"attack {rush} {cid(g, 1, 'base', STRUCT)}")
    assert g.decision.kind == DecisionKind.BLOCK and power(g.state, g.state.in_base(rush)) == 1000
    g.apply(f"block {cid(g, 1, 'base', V700)}")
    assert zone_numbers(g, 1, "graveyard") == [V700]
    assert g.state.in_base(rush).damage == 700 and zone_numbers(g, 1, "base") == [STRUCT]


def test_official_61_an_already_resting_pal_can_be_chosen_to_rest_and_not_stand():
    """'Rest it, and it does not stand' may choose a resting Pal; it simply stays resting for that period."""
    g = game({"hand": [RELAXAURUS], "souls": {"standing": 7}}, {"base": [{"card": V500, "rested": True}]})
    g.apply(f"play {cid(g, 0, 'hand', RELAXAURUS)}")
    target = cid(g, 1, "base", V500)
    assert f"pick {target}" in opts(g)
    g.apply(f"pick {target}")
    g.apply("end")
    assert g.state.turn_player == 1 and g.state.in_base(target).rested


def test_official_59_looking_with_no_eligible_card_chooses_zero_and_goes_on():
    """Looking at the top cards for a particular kind that is not there: 0 are chosen and the rest resolves."""
    g = game({"hand": [EGG], "deck": [STRUCT] * 6, "souls": {"standing": 2}})
    g.apply(f"play {cid(g, 0, 'hand', EGG)}")
    # the looked-at cards are hidden, so the choice is offered anyway, with "done" as the only answer
    assert g.decision.kind == DecisionKind.TARGET and opts(g) == {"done"}
    g.apply("done")
    p = g.state.players[0]
    assert p.ingredient == 3 and p.hand == [] and len(p.deck) == 6


def test_official_50_when_attacked_does_not_fire_for_a_blocker():
    """'When this card is attacked' is about being chosen as the attack target, not about blocking."""
    g = game({"base": [V700]}, {"base": [FUACK]})
    fuack = cid(g, 1, "base", FUACK)
    g.apply(f"attack {cid(g, 0, 'base', V700)} player")
    g.apply(f"block {fuack}")
    assert zone_numbers(g, 1, "graveyard") == [FUACK]
    assert not any(e.kind == "ability" and e.data["card"] == fuack for e in g.log)
    g2 = game({"base": [V700]}, {"base": [{"card": FUACK, "rested": True}]})
    fuack2 = cid(g2, 1, "base", FUACK)
    g2.apply(f"attack {cid(g2, 0, 'base', V700)} {fuack2}")
    assert any(e.kind == "ability" and e.data["card"] == fuack2 for e in g2.log)


def test_official_49_target_leaving_during_on_attack_no_new_target_and_no_damage():
    """If the attacked Pal leaves because of an On Attack ability, the attack is not redirected; with no battle
    opponent, no damage is dealt or taken."""
    g = game({"base": [ASTEGON]}, {"base": [{"card": V300, "rested": True}]})
    ast = cid(g, 0, "base", ASTEGON)
    g.apply(f"attack {ast} {cid(g, 1, 'base', V300)}")
    assert zone_numbers(g, 1, "graveyard") == [V300]
    assert g.decision.kind == DecisionKind.MAIN
    assert g.state.in_base(ast).damage == 0
    p = g.state.players[1]
    assert p.life == 10 and len(p.deck) == 20


def test_official_47_colorless_pals_are_not_red():
    """An ability about red Pals does not reach colorless Pals, which have no colour."""
    g = game({"base": [CAULDRON, V300R, V500C]})
    base = g.state.players[0].base
    assert [power(g.state, c) for c in base[1:]] == [500, 500]


def test_official_46_you_may_is_optional():
    """'You may' lets the player decline."""
    for answer, zone in (("no", "base"), ("yes", "hand")):
        g = game({"base": [BUSHI]})
        g.apply(f"attack {cid(g, 0, 'base', BUSHI)} player")
        assert g.decision.kind == DecisionKind.MAY
        g.apply(answer)
        assert zone_numbers(g, 0, zone) == [BUSHI]


def test_official_44_once_per_turn_is_per_card():
    """Two copies of a card with a once-per-turn ability may each use it once in the same turn."""
    g = game({"base": [STONE_PIT, STONE_PIT, V300, V500], "deck": [V300] * 5})
    g.apply(f"activate {cid(g, 0, 'base', STONE_PIT, 0)} 0")
    g.apply(f"pick {cid(g, 0, 'base', V300)}")
    assert f"activate {cid(g, 0, 'base', STONE_PIT, 0)} 0" not in opts(g)
    g.apply(f"activate {cid(g, 0, 'base', STONE_PIT, 1)} 0")
    p = g.state.players[0]
    assert p.material == 6 and len(p.hand) == 2 and all(c.rested for c in p.pals())


def test_official_43_turn_player_resolves_all_their_abilities_first_in_their_order(monkeypatch):
    """Simultaneous automatic abilities: the turn player resolves theirs in the order they like, then the other
    player theirs."""
    end = [{"kind": "auto", "trigger": "end_of_turn", "effect": [{"do": "gain_life", "count": 1}]}]
    patch(monkeypatch, V300, end)
    patch(monkeypatch, V500, end)
    g = game({"base": [V300]}, {"base": [V300, V500], "life": 3})
    g.apply("end")
    order = [e.data["player"] for e in g.log if e.kind == "ability"]
    assert order[0] == 0
    assert g.decision.kind == DecisionKind.ORDER and g.decision.player == 1   # then the other player orders theirs
    g.apply("pick 1")
    order = [(e.data["player"], e.data["number"]) for e in g.log if e.kind == "ability"]
    assert order == [(0, V300), (1, V500), (1, V300)]
    assert g.state.players[1].life == 5


def test_official_41_to_graveyard_abilities_work_only_from_the_base():
    """'When put into the graveyard' fires only when it goes there from the base, not from hand or deck."""
    g = game({"base": [V700]}, {"deck": [PENGULLET, PENGULLET, V300]})
    g.apply(f"attack {cid(g, 0, 'base', V700)} player")
    assert zone_numbers(g, 1, "graveyard") == [PENGULLET, PENGULLET] and g.state.players[1].hand == []
    g2 = game({"base": [V700]}, {"base": [{"card": PENGULLET, "rested": True}]})
    g2.apply(f"attack {cid(g2, 0, 'base', V700)} {cid(g2, 1, 'base', PENGULLET)}")
    assert len(g2.state.players[1].hand) == 1


def test_official_40_with_several_taunt_cards_the_attacker_picks_among_them():
    """Several cards with Taunt: the attacker may target any of them (and nothing else)."""
    g = game({"base": [V1200]}, {"base": [{"card": BRONCHERRY, "rested": True}, WOODEN_WALL,
                                          {"card": V300, "rested": True}]})
    me = cid(g, 0, "base", V1200)
    assert {o for o in opts(g) if o.startswith("attack")} == {
        f"attack {me} {cid(g, 1, 'base', BRONCHERRY)}", f"attack {me} {cid(g, 1, 'base', WOODEN_WALL)}"}


def test_official_38_looking_at_more_cards_than_the_deck_has():
    """Look at as many as there are; a deck that is empty only during the resolution does not lose,
    having cards again after it does not lose."""
    g = game({"hand": [TREASURE], "deck": [V300], "souls": {"standing": 2}})
    g.apply(f"play {cid(g, 0, 'hand', TREASURE)}")
    g.apply("done")                    # nothing red among the one card looked at (asked anyway: it is hidden)
    assert g.outcome is None and zone_numbers(g, 0, "deck") == [V300]
    assert g.state.players[0].material == 3
    g2 = game({"hand": [EGG], "deck": [V500, STRUCT], "souls": {"standing": 2}})
    g2.apply(f"play {cid(g2, 0, 'hand', EGG)}")
    g2.apply(f"pick {cid(g2, 0, 'deck', V500)}")
    assert g2.outcome is None and zone_numbers(g2, 0, "hand") == [V500] and zone_numbers(g2, 0, "deck") == [STRUCT]


def test_official_37_automatic_abilities_cannot_be_declined():
    """A triggered automatic ability must be played; nothing offers to skip it."""
    g = game({"hand": [DUMUD], "souls": {"standing": 4}})
    g.apply(f"play {cid(g, 0, 'hand', DUMUD)}")
    assert g.decision.kind == DecisionKind.MAIN and g.state.players[0].ingredient == 2


def test_official_35_consume_x_may_be_zero():
    """'Consume X' may be paid with X = 0."""
    g = game({"base": [MACHINE_GUN, V300], "material": 2}, {"base": [V500]})
    g.apply(f"activate {cid(g, 0, 'base', MACHINE_GUN)} 0")
    assert g.decision.kind == DecisionKind.NUMBER and "x 0" in opts(g)
    g.apply("x 0")
    assert g.state.players[0].material == 2 and g.state.players[1].base[0].damage == 0
    assert g.state.players[0].base[1].rested and g.decision.kind == DecisionKind.MAIN


def test_official_34_up_to_may_choose_none_even_with_targets():
    """'Choose up to X' allows choosing 0 even when there are cards to choose."""
    g = game({"hand": [BLAZAMUT], "souls": {"standing": 8}}, {"base": [V500]})
    g.apply(f"play {cid(g, 0, 'hand', BLAZAMUT)}")
    assert "done" in opts(g)
    g.apply("done")
    assert g.state.players[1].base[0].damage == 0


def test_official_32_on_deploy_fires_when_deployed_from_another_zone():
    """On Deploy works for a card deployed by an effect from the graveyard, deck or elsewhere, not only played."""
    g = game({"hand": [MEDICAL], "graveyard": [DUMUD], "souls": {"standing": 7}})
    g.apply(f"play {cid(g, 0, 'hand', MEDICAL)}")
    p = g.state.players[0]
    assert zone_numbers(g, 0, "base") == [DUMUD] and p.base[0].rested and p.ingredient == 2


def test_official_31_abilities_work_in_the_base_unless_stated_otherwise():
    """Card abilities work only in the base, unless the ability says otherwise (Interrupt works from the hand)."""
    g = game({"base": [V300R], "hand": [CAULDRON], "graveyard": [CAULDRON]})
    assert power(g.state, g.state.players[0].base[0]) == 300
    g2 = game({"base": [V700]}, {"hand": [BUSHI, V300], "souls": {"standing": 1}})
    g2.apply(f"attack {cid(g2, 0, 'base', V700)} player")
    g2.apply(f"activate {cid(g2, 1, 'hand', BUSHI)} 1 cost 0")
    assert g2.state.players[1].life == 10


def test_official_29_quick_cards_are_not_played_in_battles_of_your_own_turn():
    """Quick is for battles on the opponent's turn; the attacking player gets no chance to play it."""
    g = game({"base": [V700], "hand": [IGNIS_BREATH], "souls": {"standing": 5}})
    g.apply(f"attack {cid(g, 0, 'base', V700)} player")
    assert g.decision.kind == DecisionKind.MAIN and g.state.players[1].life == 8
    assert not any(e.kind == "quick_step" and e.data["player"] == 0 for e in g.log)


def test_official_28_quick_cards_may_be_played_in_your_main_phase():
    """A Quick card may also be played in your own main phase."""
    g = game({"hand": [IGNIS_BREATH], "souls": {"standing": 2}}, {"base": [V700]})
    g.apply(f"play {cid(g, 0, 'hand', IGNIS_BREATH)}")
    assert g.state.players[1].base[0].damage == 500


def test_official_26_main_name_is_the_part_before_the_dash():
    """The main name is what comes before the dash in a card name; abilities may refer to it."""
    assert CARDS[DAEDREAM].full_name.split(" – ")[0] == CARDS[DAEDREAM].name_en == "Daedream"
    g = game({"hand": [NECKLACE, DAEDREAM, DEEP_SLUMBER, DEPRESSO], "souls": {"standing": 3}})
    g.apply(f"play {cid(g, 0, 'hand', NECKLACE)}")
    assert opts(g) == {f"pick {cid(g, 0, 'hand', DAEDREAM)}", f"pick {cid(g, 0, 'hand', DEEP_SLUMBER)}", "done"}
    g.apply(f"pick {cid(g, 0, 'hand', DEEP_SLUMBER)}")
    assert zone_numbers(g, 0, "base") == [NECKLACE, DEEP_SLUMBER]


def test_official_25_no_playing_activating_or_attacking_in_the_opponents_turn():
    """In the opponent's turn you only get to block and play Quick cards; your automatic and continuous abilities
    still work."""
    g = game({"base": [V1200]}, {"base": [CAULDRON, {"card": V300R, "rested": True}, V500],
                                 "hand": [V300, IGNIS_BREATH], "souls": {"standing": 5}})
    red = cid(g, 1, "base", V300R)
    assert power(g.state, g.state.in_base(red)) == 500              # their CONT works in my turn
    assert all(not o.startswith(("play", "activate")) or int(o.split()[1]) not in
               {c.id for c in g.state.players[1].hand + g.state.players[1].base} for o in opts(g))
    g.apply(f"attack {cid(g, 0, 'base', V1200)} player")
    assert g.decision.player == 1 and g.decision.kind == DecisionKind.BLOCK
    g.apply("pass")
    assert g.decision.kind == DecisionKind.QUICK
    assert opts(g) == {f"play {cid(g, 1, 'hand', IGNIS_BREATH)}", "pass"}


def test_official_23_a_card_with_the_same_name_may_be_deployed():
    """A card may be deployed while a card with the same name is in your base."""
    g = game({"base": [V500], "hand": [V500], "souls": {"standing": 3}})
    g.apply(f"play {cid(g, 0, 'hand', V500)}")
    assert zone_numbers(g, 0, "base") == [V500, V500]


def test_official_22_the_draw_phase_draw_is_mandatory():
    """The draw in the draw phase cannot be skipped."""
    g = game({"deck": [V700, V300]}, phase="draw")
    assert zone_numbers(g, 0, "hand") == [V700] and g.decision.kind == DecisionKind.MAIN


def test_official_20_reminder_text_and_rarity_do_not_change_the_effect():
    """Text in parentheses only explains; printings with or without it (other rarities) play the same."""
    raw = [dict(r) for r in CARDS[ASTEGON].raw["abilities"]]
    bare = [{k: v for k, v in r.items() if k != "reminder"} for r in raw]
    assert [a.effect for a in parse_abilities(raw)] == [a.effect for a in parse_abilities(bare)]
    assert "(" in CARDS[ASTEGON].text("en")
    printings = (RELAXAURUS, *CARDS[RELAXAURUS].printings)
    assert len(printings) == 3
    for number in printings:
        g = game({"hand": [number], "souls": {"standing": 8}}, {"base": [V500]})
        g.apply(f"play {g.state.players[0].hand[0].id}")
        g.apply(f"pick {cid(g, 1, 'base', V500)}")
        assert g.state.players[1].base[0].rested and g.state.players[0].base[0].number == RELAXAURUS


def test_official_19_owner_is_the_player_the_card_belongs_to():
    """The owner is whoever the card belongs to; a card the opponent removes goes to its owner's graveyard."""
    g = game({"hand": [DARKNESS], "souls": {"standing": 4}}, {"base": [V500]})
    assert g.state.players[1].base[0].owner == 1
    g.apply(f"play {cid(g, 0, 'hand', DARKNESS)}")
    assert zone_numbers(g, 1, "graveyard") == [V500] and zone_numbers(g, 0, "graveyard") == [DARKNESS]
    assert g.state.players[1].graveyard[0].owner == 1


def test_official_17_colour_limits_decks_and_abilities_refer_to_it():
    """A deck uses up to two colours plus colorless cards; abilities may also refer to colours."""
    two = ["ETD01-002"] * 4 + ["ETD01-013"] * 4 + ["ETD01-023"] * 4 + ["ETD01-003"] * 4 + ["ETD01-014"] * 4 \
        + ["EBP01-013"] * 4 + ["EBP01-037"] * 4 + ["EBP01-099"] * 4 + ["EBP01-006"] * 4 + ["EBP01-011"] * 4 \
        + ["EBP01-032"] * 4 + ["EBP01-034"] * 4 + ["EBP01-035"] * 2
    assert len(two) == 50 and validate(two) == []
    three = two[:-1] + ["ETD02-002"]
    assert any("colour" in m for m in validate(three))
    g = game({"base": [CAULDRON, V300R, V300]})
    assert [power(g.state, c) for c in g.state.players[0].base[1:]] == [500, 300]


def test_official_16_each_work_suitability_counts_on_its_own():
    """A Pal with several work suitabilities has each of them and matches a reference to any one."""
    g = game({"base": [SPARKIT]})
    card = g.state.players[0].base[0]
    for work in CARDS[SPARKIT].work:
        assert matches(g, card, {"work": work}, None)
    assert len(CARDS[SPARKIT].work) >= 2 and not matches(g, card, {"work": "Cooling"}, None)


def test_official_14_material_and_ingredient_are_player_counters():
    """Material and Ingredient are a player's information; they do nothing alone but abilities gain and spend them."""
    g = game({"base": [STONE_PIT, V300], "material": 5, "ingredient": 7})
    assert g.state.players[0].life == 10 and g.decision.kind == DecisionKind.MAIN
    g.apply(f"activate {cid(g, 0, 'base', STONE_PIT)} 0")
    assert (g.state.players[0].material, g.state.players[0].ingredient) == (8, 7)


def test_official_13_night_is_a_state_and_counts_for_both_players():
    """Night is a game state set by effects; it does nothing alone, and night abilities of both players work
    whoever made it night."""
    g = game({"base": [LAMP], "deck": [V300] * 6}, {"base": [DEEP_SLUMBER]})
    theirs = g.state.players[1].base[0]
    assert power(g.state, theirs) == 400
    g.apply(f"activate {cid(g, 0, 'base', LAMP)} 0")
    assert is_night(g.state) and power(g.state, theirs) == 700
    assert g.state.players[0].life == 10 and g.state.players[1].life == 10


def test_official_11_a_sixth_pal_may_be_deployed_then_one_goes():
    """With 5 Pals you may deploy a 6th; afterwards you put Pals into the graveyard until 5 remain."""
    g = game({"base": [V300] * 5, "hand": [V900], "souls": {"standing": 5}})
    g.apply(f"play {cid(g, 0, 'hand', V900)}")
    assert g.decision.kind == DecisionKind.PAL_LIMIT
    g.apply(f"pick {cid(g, 0, 'base', V900)}")
    assert zone_numbers(g, 0, "base") == [V300] * 5 and zone_numbers(g, 0, "graveyard") == [V900]


def test_official_10_there_is_no_hand_size_limit():
    """Hands have no maximum size."""
    g = game({"hand": [V300] * 15})
    g.apply("end")
    assert len(g.state.players[0].hand) == 15


def test_official_8_the_randomly_chosen_player_may_go_first_or_second():
    """The player who wins the random choice picks whether to go first or second."""
    deck = (VANILLA * 4)[:50]
    for pick in ("first", "second"):
        g = Game.new(deck, deck, seed=9, check_decks=False)
        chooser = g.decision.player
        assert g.decision.kind == DecisionKind.FIRST and opts(g) == {"first", "second"}
        g.apply(pick)
        assert g.state.first_player == (chooser if pick == "first" else 1 - chooser)


def test_official_5_no_sleeves_needed_to_play():
    """Sleeves protect physical cards; the engine has no such setting and a game plays out without one."""
    params = inspect.signature(Game.new).parameters
    assert not any("sleeve" in p for p in params)
    deck = (VANILLA * 4)[:50]
    g = play_out(Game.new(deck, deck, seed=3, check_decks=False), [RandomPlayer(1), RandomPlayer(2)])
    assert g.outcome is not None


def test_official_4_decks_are_shuffled_so_no_one_can_know_the_order():
    """Shuffling must hide the order: the engine shuffles with its seeded generator and never shows deck order."""
    from engine import view

    deck = (VANILLA * 4)[:50]
    orders = set()
    for seed in range(4):
        g = Game.new(deck, deck, seed=seed, first=0, check_decks=False)
        p = g.state.players[0]
        order = tuple(c.number for c in p.hand + p.deck)
        assert order != tuple(deck) and sorted(order) == sorted(deck)
        orders.add(order)
        v = view(g, 0)
        assert isinstance(v["players"][0]["deck"], int) and v["players"][1]["hand"] is None
    assert len(orders) == 4


def test_official_2_four_copies_per_card_name_across_printings():
    """At most 4 cards with the same card name in total, whatever their number, artwork or rarity."""
    base = ["ETD01-013"] * 4 + ["ETD01-014"] * 4 + ["EBP01-037"] * 4 + ["EBP01-035"] * 4 + ["EBP01-034"] * 4 \
        + ["EBP01-032"] * 4 + ["EBP01-031"] * 4 + ["EBP01-028"] * 4 + ["EBP01-026"] * 4 + ["EBP01-036"] * 4 \
        + ["EBP01-038"] * 4 + ["ETD01-015"] * 2 + ["ETD01-016"] * 3
    assert len(base) == 49 and validate(base + ["ETD01-016"]) == []
    over = base + ["EBP01-026OSR"]
    assert len(over) == 50 and any("At most 4" in m for m in validate(over))


def test_official_1_trial_deck_and_booster_cards_may_be_mixed():
    """Cards from trial decks and booster packs may be combined in one deck."""
    deck = ["ETD01-013"] * 4 + ["ETD01-014"] * 4 + ["ETD01-002"] * 4 + ["ETD01-003"] * 4 + ["ETD01-023"] * 4 \
        + ["EBP01-037"] * 4 + ["EBP01-013"] * 4 + ["EBP01-006"] * 4 + ["EBP01-032"] * 4 + ["EBP01-034"] * 4 \
        + ["EBP01-011"] * 4 + ["EBP01-099"] * 4 + ["EBP01-035"] * 2
    assert {n[:5] for n in deck} == {"ETD01", "EBP01"} and validate(deck) == []
    g = Game.new(deck, deck, seed=1, first=0)
    assert g.decision.kind == DecisionKind.REDRAW


def test_supporting_deck_out_by_damage_check_is_a_loss_for_the_checked_player():
    """(Supporting 11.3.2) a damage check that empties the deck ends the game at the next rule-action check."""
    g = game({"base": [V700]}, {"deck": [V300]})
    g.apply(f"attack {cid(g, 0, 'base', V700)} player")
    assert g.outcome.reason == OutcomeReason.DECK_OUT and g.outcome.winner == 0


def test_supporting_power_effects_target_card_ids():
    """(Supporting official-92) a temporary power change follows the card object it was applied to."""
    g = game({}, {"base": [V300]}, effects=lambda s: [Effect("power", base_id(s, 1, V300), value=-300,
                                                             until_turn=3)])
    assert power(g.state, g.state.players[1].base[0]) == 0 and g.state.players[1].base[0].number == V300
