"""Official card rulings about the blue and colorless cards, each restated in our own words."""
from __future__ import annotations

import pytest
from kit import answer, base_card, base_id, hand_id, power_of, rich_game, strike_of, zone_numbers

from engine import IllegalAction
from engine.model.carddb import CARDS

FILLER = "ETD01-013"
SURFENT = "EBP01-037"
DIREHOWL = "EBP01-099"
PENGULLET = "ETD01-014"


def test_official_97_added_names_do_not_make_different_my_first_names():
    """Three Pals with different names, none a "My First" Pal, all get the same added name "Lamball – My First
    Pal" from Antique Dresser: that is one name, not three different ones, so The Adventure Begins gives no bonus."""
    g = rich_game({"base": ["EBP01-040", FILLER, SURFENT, DIREHOWL], "hand": [PENGULLET, "EBP01-100"]})
    g.apply(f"activate {base_id(g, 0, 'EBP01-040')} 0")
    answer(g, "cost", f"pick {hand_id(g, 0, PENGULLET)}")
    lamball = next(n for n, d in CARDS.items() if d.full_name == "Lamball – My First Pal")
    answer(g, "name", f"name {lamball}")
    g.apply(f"play {hand_id(g, 0, 'EBP01-100')}")
    assert power_of(g, 0, FILLER) == 300
    assert strike_of(g, 0, SURFENT) == 2
    assert power_of(g, 0, DIREHOWL) == 500


def test_official_97_contrast_three_real_my_first_pals_do_qualify():
    """The same play with three Pals that each carry a different "My First" name does give the bonus."""
    g = rich_game({"hand": ["EBP01-100"], "base": ["ETD01-023", "ETD02-023", "ETD02-024"]})
    g.apply(f"play {hand_id(g, 0, 'EBP01-100')}")
    assert power_of(g, 0, "ETD01-023") == 1200


def test_official_70_victors_strategy_must_take_one_of_the_five():
    """Looking at the top five with Victor's Strategy, you cannot decline: exactly one card goes to hand."""
    g = rich_game({"hand": ["EBP01-046"], "deck": [SURFENT, PENGULLET, DIREHOWL, FILLER, FILLER, FILLER]})
    g.apply(f"play {hand_id(g, 0, 'EBP01-046')}")
    answer(g, "mode", "mode 0")
    assert g.decision.kind.value == "target"
    assert "done" not in [a.text for a in g.decision.options]
    with pytest.raises(IllegalAction):
        g.apply("done")
    g.apply(g.decision.options[0])
    assert len(g.state.players[0].hand) == 1


def _declare(g):
    g.apply(f"activate {base_id(g, 0, 'EBP01-040')} 0")
    assert g.decision.kind.value == "name"


def test_official_68_declared_name_must_exist_in_the_card_list():
    """Antique Dresser's declaration only accepts names on the official card list; a made-up name is refused."""
    g = rich_game({"base": ["EBP01-040", FILLER], "hand": [SURFENT]})
    _declare(g)
    names = set(g.decision.params["names"].values())
    assert names == {d.full_name for d in CARDS.values()}
    for bad in ("name Totally-Made-Up", "name EBP01-999", "name Lamball"):
        with pytest.raises(IllegalAction):
            g.apply(bad)
    assert g.decision.kind.value == "name"
    answer(g, "name", f"name {SURFENT}")
    assert g.decision.kind.value == "main"


def test_official_67_unreleased_names_cannot_be_declared():
    """Only released cards (those in the card list) can be named: every option is a card of the list, once each."""
    g = rich_game({"base": ["EBP01-040", FILLER], "hand": [SURFENT]})
    _declare(g)
    options = [a.args[0] for a in g.decision.options]
    assert all(n in CARDS for n in options)
    assert len(options) == len({CARDS[n].full_name for n in options})
    with pytest.raises(IllegalAction):
        g.apply("name EBP02-001")          # a later set is not in the list


def test_official_64_strike_can_drop_to_zero_and_then_deals_no_damage():
    """Resting Wumpo can bring an opposing Pal's Strike to 0; attacking a player with it then deals no damage."""
    g = rich_game({"base": [{"card": "EBP01-033", "rested": True}], "deck": ["ETD01-017"] + [FILLER] * 5},
             {"base": [FILLER]}, turn_player=1)
    assert strike_of(g, 1, FILLER) == 0
    deck_before = len(g.state.players[0].deck)
    g.apply(f"attack {base_id(g, 1, FILLER)} player")
    while g.decision.player == 0:
        g.apply("pass")
    assert g.state.players[0].life == 10
    assert len(g.state.players[0].deck) == deck_before      # no damage check happened at all


def test_official_64_strike_can_go_below_zero():
    """Strike may even go negative (Wumpo and Crystal Breath together); still no damage to the player."""
    g = rich_game({"base": [{"card": "EBP01-033", "rested": True}], "hand": ["ETD01-022"]},
             {"base": [SURFENT]}, turn_player=1)
    attacker = base_id(g, 1, SURFENT)
    g.apply(f"attack {attacker} player")
    g.apply(f"play {hand_id(g, 0, 'ETD01-022')}")
    answer(g, "target", f"pick {attacker}")
    assert strike_of(g, 1, SURFENT) == 2 - 1 - 3
    while g.decision.player == 0:
        g.apply("pass")
    assert g.state.players[0].life == 10


IGNIS = "EBP01-001"          # Jormuntide Ignis: once per turn, pay ③ to stand this card
SUZAKU_AQUA = "ETD01-017"    # a Pal with Vigilance


def _crystal_breath_on_attacker(g, number: str) -> int:
    """The opponent (player 1) attacks us with ``number``; we answer with Crystal Breath on the attacker."""
    attacker = base_id(g, 1, number)
    g.apply(f"attack {attacker} player")
    if g.decision.kind.value == "block":
        g.apply("pass")
    g.apply(f"play {hand_id(g, 0, 'ETD01-022')}")
    if g.decision.kind.value == "target":          # asked only when there is another Pal to choose
        answer(g, "target", f"pick {attacker}")
    assert strike_of(g, 1, number) == CARDS[number].strike - 3
    while g.decision.player == 0:          # the quick step and the damage check, until the opponent's main phase
        g.apply(g.decision.options[0] if g.decision.kind.value != "quick" else "pass")
    return attacker


def test_official_61_an_already_resting_pal_can_be_chosen_and_is_held_in_that_stand_phase():
    """Crystal Breath may choose a Pal that is already resting (the attacker); it does not get rested again,
    and the opponent's next stand phase does not stand it (7.2.1). The stand phase after that one does."""
    g = rich_game({"hand": ["ETD01-022"]}, {"base": [SURFENT]}, turn_player=1)
    attacker = _crystal_breath_on_attacker(g, SURFENT)
    assert g.state.find(attacker).rested
    g.apply("end")                                   # our turn
    g.apply("end")                                   # the opponent's stand phase holds it
    assert g.decision.player == 1 and g.state.find(attacker).rested
    g.apply("end")
    g.apply("end")                                   # the following stand phase stands it
    assert g.decision.player == 1 and not g.state.find(attacker).rested


def test_official_61_vigilance_still_stands_a_pal_held_for_the_next_stand_phase():
    """The hold is only about the opponent's next stand phase (7.2.1): before it, Vigilance at the end of the
    opponent's turn stands the Pal as usual."""
    g = rich_game({"hand": ["ETD01-022"]}, {"base": [SUZAKU_AQUA]}, turn_player=1)
    attacker = _crystal_breath_on_attacker(g, SUZAKU_AQUA)
    assert g.state.find(attacker).rested
    g.apply("end")                                   # the opponent's end phase: Vigilance stands it
    assert g.decision.player == 0 and not g.state.find(attacker).rested


def test_official_61_a_stand_effect_stands_it_but_that_stand_phase_still_does_not():
    """A "stand this card" effect stands the held Pal outside the stand phase; if it is rested again before the
    opponent's next stand phase, that stand phase still leaves it resting (7.2.1); afterwards the effect works."""
    g = rich_game({"hand": ["ETD01-022"], "base": [SURFENT]}, {"base": [IGNIS]}, turn_player=1)
    ignis = _crystal_breath_on_attacker(g, IGNIS)
    assert g.decision.player == 1 and g.state.find(ignis).rested
    g.apply(f"activate {ignis} 0 cost 0")           # pay ③: stand this card
    assert not g.state.find(ignis).rested
    g.apply("end")                                   # our turn: Ignis blocks our attack and rests
    g.apply(f"attack {base_id(g, 0, SURFENT)} player")
    answer(g, "block", f"block {ignis}")
    while g.decision.player == 1 or g.decision.kind.value != "main":
        g.apply(g.decision.options[0] if g.decision.kind.value != "quick" else "pass")
    assert g.state.find(ignis).rested
    g.apply("end")                                   # the opponent's next stand phase: it stays resting
    assert g.decision.player == 1 and g.state.find(ignis).rested
    g.apply(f"activate {ignis} 0 cost 0")           # the hold is over: the effect stands it again
    assert not g.state.find(ignis).rested


def test_official_62_relaxaurus_lock_stops_an_effect_that_stands_pals():
    """While Relaxaurus stays in the base, the Pal it holds stays resting through our stand phase (7.2.1) and
    Axel's Strategy cannot stand it either; another resting Pal chosen by the same effect does stand."""
    g = rich_game({"hand": ["EBP01-026", "EBP01-023"],
                   "base": ["EBP01-022", "EBP01-022", SURFENT, PENGULLET]})
    held = base_id(g, 0, SURFENT)
    other = base_id(g, 0, PENGULLET)
    g.apply(f"play {hand_id(g, 0, 'EBP01-026')}")
    answer(g, "target", f"pick {held}")
    g.apply("end")
    g.apply("end")                                   # our next turn: the stand phase leaves it resting
    assert g.decision.player == 0 and g.state.find(held).rested
    g.apply(f"attack {other} player")               # the other Pal rests by attacking
    while g.decision.player == 1 or g.decision.kind.value != "main":
        g.apply(g.decision.options[0] if g.decision.kind.value != "quick" else "pass")
    assert g.state.find(other).rested
    g.apply(f"play {hand_id(g, 0, 'EBP01-023')}")
    answer(g, "mode", "mode 1")                      # stand up to X Pals, X = 2 gear cards
    answer(g, "target", f"pick {held}")
    answer(g, "target", f"pick {other}")
    assert g.state.find(held).rested
    assert not g.state.find(other).rested


def test_official_62_relaxaurus_lock_also_stops_stand_effects():
    """A Pal held by Relaxaurus cannot be stood by an effect either (here Vigilance from Grappling Gun) while
    Relaxaurus stays in the base."""
    g = rich_game({"hand": ["EBP01-026"], "base": ["EBP01-045", SURFENT]})
    pal = base_id(g, 0, SURFENT)
    g.apply(f"play {hand_id(g, 0, 'EBP01-026')}")
    answer(g, "target", f"pick {pal}")                 # our own Pal, ◇4
    assert g.state.find(pal).rested
    g.apply(f"activate {base_id(g, 0, 'EBP01-045')} 0")    # Grappling Gun: +200 and Vigilance
    if g.decision.kind.value == "target":
        answer(g, "target", f"pick {pal}")
    assert power_of(g, 0, SURFENT) == 900
    g.apply("end")                                     # Vigilance fires but cannot stand it
    assert g.state.find(pal).rested
    assert "EBP01-026" in zone_numbers(g, 0, "base")


def test_official_62_contrast_vigilance_stands_without_the_lock():
    """Without Relaxaurus, the same Vigilance does stand the Pal."""
    g = rich_game({"base": ["EBP01-045", {"card": SURFENT, "rested": True}]})
    pal = base_id(g, 0, SURFENT)
    g.apply(f"activate {base_id(g, 0, 'EBP01-045')} 0")
    g.apply("end")
    assert not base_card(g, 0, SURFENT).rested
    assert g.state.find(pal) is not None
