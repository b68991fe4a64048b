"""The scenario format's growth for lessons and puzzles (docs/scenarios.md): labels that follow their cards,
temporary effects and what already happened this turn, a battle in progress, pending triggers and the order
decision that names them. Each new key is refused with a path when malformed."""
from __future__ import annotations

import copy

import pytest

from engine import IllegalAction
from engine.model.actions import DecisionKind
from engine.persistence import replay
from engine.rules.continuous import has_keyword, play_cost, power, strike
from engine.rules.verbs.targets import card_names
from engine.scenario import BadScenario, find_label, label_id, labels, load, resolve

FILLER = "ETD01-013"   # Jolthog Cryst: 300 Power, Strike 1, no abilities


def two(p0: dict, p1: dict | None = None, **top) -> dict:
    return {"turn": 3, "turn_player": 0, "phase": "main", "players": [p0, p1 or {}], **top}


def card(game, label: str):
    return find_label(game.state, label)


# ---------------------------------------------------------------------- labels

def test_a_label_follows_its_card_from_hand_to_base_to_graveyard() -> None:
    """4.1: a moved card is a new object with a new id; its label moves with it."""
    game = load(two({"hand": [{"card": "EBP01-006", "label": "fox"}], "souls": {"standing": 2}},
                    {"base": [{"card": FILLER, "label": "target", "rested": True}]}))
    in_hand = label_id(game, "fox")
    game.apply(resolve(game, "play @fox"))
    deployed = label_id(game, "@fox")
    assert deployed != in_hand and card(game, "fox").zone == "base"
    target_before = label_id(game, "target")
    game.apply(resolve(game, "attack @fox @target"))    # Brave: 500 against 300, the target is destroyed
    while game.decision.player == 1:
        game.apply("pass")
    assert card(game, "target").zone == "graveyard" and label_id(game, "target") != target_before
    assert labels(game) == {"fox": deployed, "target": label_id(game, "target")}


def test_resolve_replaces_every_label_and_an_unknown_label_is_a_lookup_error() -> None:
    game = load(two({"base": [{"card": FILLER, "label": "a"}]}, {"base": [{"card": FILLER, "label": "b-2",
                                                                           "rested": True}]}))
    assert resolve(game, "attack @a @b-2") == f"attack {label_id(game, 'a')} {label_id(game, 'b-2')}"
    with pytest.raises(LookupError, match="labelled"):
        resolve(game, "attack @nobody player")


@pytest.mark.parametrize(("label", "message"), [
    ("Fox", "players[0].hand[0].label: expected a label"),
    ("", "players[0].hand[0].label: expected a label"),
    (7, "players[0].hand[0].label: expected a label"),
    ("x" * 41, "players[0].hand[0].label: expected a label"),
])
def test_a_malformed_label_is_refused_with_its_path(label, message) -> None:
    with pytest.raises(BadScenario, match=message.replace("[", r"\[").replace("]", r"\]")):
        load(two({"hand": [{"card": FILLER, "label": label}]}))


def test_a_label_used_twice_is_refused() -> None:
    with pytest.raises(BadScenario, match=r"players\[1\]\.deck\[0\]\.label: \"fox\" already labels players\[0\]"):
        load(two({"hand": [{"card": FILLER, "label": "fox"}]}, {"deck": [{"card": FILLER, "label": "fox"}]}))


# ---------------------------------------------------------------------- temporary effects

def test_power_and_strike_until_end_of_turn_end_with_the_turn() -> None:
    """7.6.3: 'this turn' effects end in the end phase."""
    game = load(two({"base": [{"card": FILLER, "label": "j", "effects": [{"power": 500}, {"strike": 1}]},
                              {"card": FILLER, "label": "k", "effects": [{"power": -100, "until": "opp_next_turn"}]}]}))
    j, k = card(game, "j"), card(game, "k")
    assert (power(game.state, j), strike(game.state, j), power(game.state, k)) == (800, 2, 200)
    game.apply("end")   # the opponent's turn: our "this turn" effect is gone, the longer one lasts
    assert game.state.turn == 4
    assert (power(game.state, j), strike(game.state, j), power(game.state, k)) == (300, 1, 200)
    game.apply("end")
    assert power(game.state, card(game, "k")) == 300


def test_a_granted_assault_lets_a_pal_attack_a_standing_pal() -> None:
    """9.2.3 / 12.15: only rested Pals can be attacked, unless the attacker has Assault."""
    plain = load(two({"base": [{"card": FILLER, "label": "a"}]}, {"base": [{"card": FILLER, "label": "t"}]}))
    assert plain.why_not(resolve(plain, "attack @a @t"))
    granted = load(two({"base": [{"card": FILLER, "label": "a", "effects": [{"grant": {"keyword": "assault"}}]}]},
                       {"base": [{"card": FILLER, "label": "t"}]}))
    assert has_keyword(granted.state, card(granted, "a"), "assault")
    assert granted.why_not(resolve(granted, "attack @a @t")) is None


def test_an_added_name_counts_as_the_cards_name() -> None:
    game = load(two({"base": [{"card": FILLER, "label": "j", "effects": [{"name": "Foxparks – Light of Courage"}]}]}))
    assert "Foxparks – Light of Courage" in card_names(game, card(game, "j"))


def test_no_stand_keeps_a_card_rested_through_its_next_stand_phase_only() -> None:
    """7.2.1: the stand phase stands every card except those an effect holds."""
    game = load(two({"base": [{"card": FILLER, "label": "held", "rested": True, "effects": [{"no_stand": True}]},
                              {"card": FILLER, "label": "free", "rested": True}]}, phase="stand"))
    assert card(game, "held").rested and not card(game, "free").rested
    game.apply("end")
    game.apply("end")   # our next turn: this stand phase stands it
    assert game.state.turn == 5 and not card(game, "held").rested


def test_cannot_block_and_cannot_attack_flags() -> None:
    game = load(two({"base": [{"card": FILLER, "label": "a", "effects": [{"cannot_attack": True}]},
                              {"card": FILLER, "label": "b"}]},
                    {"base": [{"card": FILLER, "label": "d", "effects": [{"cannot_block": True}]}]}))
    assert "effect" in game.why_not(resolve(game, "attack @a player"))
    game.apply(resolve(game, "attack @b player"))
    assert game.decision.kind == DecisionKind.QUICK   # 9.4: no Pal may block, so no block decision


def test_a_cost_change_applies_to_the_next_matching_card_only() -> None:
    game = load(two({"hand": [{"card": "ETD01-005", "label": "x"}, {"card": "ETD01-005", "label": "y"}],
                     "souls": {"standing": 10},
                     "effects": [{"cost": {"amount": 2, "filter": {"type": "pal"}, "uses": 1}}]}))
    p = 0
    assert play_cost(game.state, card(game, "x"), p) == 3
    game.apply(resolve(game, "play @x"))
    assert play_cost(game.state, card(game, "y"), p) == 5
    assert game.state.players[0].souls_rested == 3


def test_a_cost_increase_is_refused_when_souls_fall_short() -> None:
    game = load(two({"hand": [{"card": FILLER, "label": "x"}], "souls": {"standing": 2},
                     "effects": [{"cost": {"amount": -1}}]}))
    assert "Costs 3" in game.why_not(resolve(game, "play @x"))


# ---------------------------------------------------------------------- what already happened this turn

def test_a_used_once_per_turn_ability_cannot_be_used_again() -> None:
    """10.7: once per turn."""
    game = load(two({"base": [{"card": "ETD01-008", "label": "pit", "used": [0]}, FILLER]}))
    assert "10.7" in game.why_not(resolve(game, "activate @pit 0"))
    fresh = load(two({"base": [{"card": "ETD01-008", "label": "pit"}, FILLER]}))
    assert fresh.why_not(resolve(fresh, "activate @pit 0")) is None


def test_souldraw_already_used_is_not_offered() -> None:
    """8.5: rest 3 souls: draw 1, once per turn."""
    game = load(two({"souls": {"standing": 5}, "souldraw_used": True}))
    assert "souldraw" not in [a.text for a in game.decision.options]
    assert load(two({"souls": {"standing": 5}})).why_not("souldraw") is None


def test_cards_played_counts_for_no_other_card_played_this_game() -> None:
    first = load(two({"hand": [{"card": "EBP01-100", "label": "ev"}], "souls": {"standing": 2}}))
    first.apply(resolve(first, "play @ev"))
    assert first.state.players[0].hand.__len__() == 2
    later = load(two({"hand": [{"card": "EBP01-100", "label": "ev"}], "souls": {"standing": 2}, "cards_played": 1}))
    later.apply(resolve(later, "play @ev"))
    assert len(later.state.players[0].hand) == 0


def test_arrived_and_assigned_this_turn() -> None:
    game = load(two({"hand": [FILLER], "base": [{"card": "EBP01-055", "label": "vae", "rested": True,
                                                 "assigned": True, "arrived": True}]}))
    vae = card(game, "vae")
    assert vae.entered_turn == game.state.turn and vae.assigned_turn == game.state.turn
    game.apply(resolve(game, "activate @vae 0"))   # cost: discard the only card; it stands: assigned this turn
    assert not card(game, "vae").rested


# ---------------------------------------------------------------------- a battle in progress

def test_a_battle_can_start_at_the_block_step() -> None:
    """9.4: the defender may block with a standing Pal; the block step is the first decision."""
    game = load(two({"base": [{"card": "ETD02-016", "label": "att"}]},
                    {"base": [{"card": FILLER, "label": "wall"}]},
                    battle={"attacker": "@att", "target": "player", "step": "block"}))
    assert card(game, "att").rested and game.state.battle is not None
    assert game.decision.kind == DecisionKind.BLOCK and game.decision.player == 1
    game.apply(resolve(game, "block @wall"))
    assert game.decision.kind == DecisionKind.QUICK
    game.apply("pass")
    assert card(game, "wall").zone == "graveyard"     # 900 against 300
    assert game.decision.kind == DecisionKind.MAIN and game.decision.player == 0
    assert game.state.battle is None and game.state.players[1].life == 10


def test_a_battle_can_start_at_the_quick_step_after_a_block() -> None:
    game = load(two({"base": [{"card": FILLER, "label": "att"}]},
                    {"base": [{"card": "ETD02-016", "label": "wall"}, {"card": FILLER, "label": "t", "rested": True}]},
                    battle={"attacker": "@att", "target": "@t", "step": "quick", "blocked_by": "@wall"}))
    assert game.decision.kind == DecisionKind.QUICK and card(game, "wall").rested
    assert game.state.battle.target == label_id(game, "wall")
    game.apply("pass")
    assert card(game, "att").zone == "graveyard" and card(game, "t").zone == "base"


def test_a_battle_at_the_quick_step_against_the_player_ends_in_a_damage_check() -> None:
    game = load(two({"base": [{"card": "ETD02-016", "label": "att"}]}, {"life": 5},
                    battle={"attacker": "@att", "step": "quick"}))
    game.apply("pass")
    assert game.state.players[1].life == 3 and game.decision.kind == DecisionKind.MAIN


def test_a_battle_scenario_rewinds_and_replays() -> None:
    game = load(two({"base": [{"card": "ETD02-016", "label": "att"}]}, {"base": [{"card": FILLER, "label": "w"}]},
                    battle={"attacker": "@att"}))
    first = game.decision
    game.apply("pass")
    game.apply("pass")
    again = game.rewind(0)
    assert again.decision.kind == first.kind and again.decision.options == first.options
    matches, _ = replay.verify(game.record())
    assert matches


# ---------------------------------------------------------------------- pending triggers and the order decision

def test_pending_triggers_are_ordered_by_a_decision_naming_each_card_and_ability() -> None:
    """10.5: simultaneous automatic abilities of one player resolve in the order that player chooses."""
    game = load(two({"base": [{"card": "EBP01-028", "label": "peng"}, {"card": "ETD01-024", "label": "rib"}]},
                    pending=[{"card": "@peng", "ability": 0}, {"card": "@rib", "ability": 0}]))
    d = game.decision
    assert d.kind == DecisionKind.ORDER and d.player == 0
    assert d.params["pending"] == [{"card": label_id(game, "peng"), "number": "EBP01-028", "ability": 0},
                                   {"card": label_id(game, "rib"), "number": "ETD01-024", "ability": 0}]
    assert [a.text for a in d.options] == ["pick 0", "pick 1"]
    hand = len(game.state.players[0].hand)
    game.apply("pick 1")   # Ribbuny's ability first: gain 1 Material; then Pengullet's: draw 1
    assert game.state.players[0].material == 1
    assert len(game.state.players[0].hand) == hand + 1 and game.decision.kind == DecisionKind.MAIN


def test_a_single_pending_trigger_resolves_without_a_question() -> None:
    game = load(two({"base": [{"card": "ETD01-024", "label": "rib"}]}, pending=[{"card": "@rib", "ability": 0}]))
    assert game.decision.kind == DecisionKind.MAIN and game.state.players[0].material == 1


def test_activate_numbers_count_every_printed_ability() -> None:
    """`activate ID N`: N counts all of the card's abilities, so Reptyro's activated ability (after its
    automatic one) is number 1."""
    game = load(two({"base": [{"card": "EBP01-005", "label": "rep"}], "material": 3}))
    texts = [a.text for a in game.decision.options]
    assert resolve(game, "activate @rep 1") in texts and resolve(game, "activate @rep 0") not in texts
    with pytest.raises(IllegalAction):
        game.apply(resolve(game, "activate @rep 0"))


# ---------------------------------------------------------------------- malformed new keys

BASE = two({"base": [{"card": FILLER, "label": "a"}], "hand": [{"card": FILLER, "label": "h"}]},
           {"base": [{"card": FILLER, "label": "d"}]})


def broken(path: tuple, value) -> dict:
    data = copy.deepcopy(BASE)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


P0 = ("players", 0)
BAD = [
    (P0 + ("base", 0, "effects"), {"power": 1}, r"players\[0\]\.base\[0\]\.effects: expected a list"),
    (P0 + ("base", 0, "effects"), [{"power": "1"}], r"players\[0\]\.base\[0\]\.effects\[0\]\.power: expected a whole"),
    (P0 + ("base", 0, "effects"), [{"power": 1, "strike": 1}], r"effects\[0\]: expected exactly one of"),
    (P0 + ("base", 0, "effects"), [{"until": "eot"}], r"effects\[0\]: expected exactly one of"),
    (P0 + ("base", 0, "effects"), [{"glow": 1}], r"effects\[0\]\.glow: unknown key"),
    (P0 + ("base", 0, "effects"), [{"power": 1, "until": "forever"}], r"effects\[0\]\.until: expected one of"),
    (P0 + ("base", 0, "effects"), [{"grant": {"keyword": "flying"}}], r"effects\[0\]\.grant: not an ability"),
    (P0 + ("base", 0, "effects"), [{"grant": "assault"}], r"effects\[0\]\.grant: expected an ability object"),
    (P0 + ("base", 0, "effects"), [{"name": ""}], r"effects\[0\]\.name: expected a card name"),
    (P0 + ("base", 0, "effects"), [{"no_stand": 1}], r"effects\[0\]\.no_stand: expected true"),
    (P0 + ("base", 0, "effects"), [{"no_stand": True, "until": "eot"}], r"effects\[0\]\.until: \"no_stand\""),
    (P0 + ("base", 0, "effects"), [{"cannot_block": False}], r"effects\[0\]\.cannot_block: expected true"),
    (P0 + ("base", 0, "used"), [0], r"base\[0\]\.used: ETD01-013 has no abilities"),
    (P0 + ("base", 0, "used"), 0, r"base\[0\]\.used: expected a list"),
    (P0 + ("base", 0, "arrived"), "yes", r"base\[0\]\.arrived: expected true or false"),
    (P0 + ("base", 0, "assigned"), 1, r"base\[0\]\.assigned: expected true or false"),
    (P0 + ("hand", 0, "effects"), [], r"players\[0\]\.hand\[0\]: only base cards may"),
    (P0 + ("souldraw_used",), "no", r"players\[0\]\.souldraw_used: expected true or false"),
    (P0 + ("cards_played",), -1, r"players\[0\]\.cards_played: expected a whole number from 0 to 999"),
    (P0 + ("effects",), [{"cost": {"amount": 0}}], r"players\[0\]\.effects\[0\]\.cost\.amount: expected a reduction"),
    (P0 + ("effects",), [{"cost": {"amount": 1, "uses": 0}}], r"effects\[0\]\.cost\.uses: expected a whole number"),
    (P0 + ("effects",), [{"cost": {"amount": 1, "filter": []}}], r"effects\[0\]\.cost\.filter: expected a card filter"),
    (P0 + ("effects",), [{"cost": {"amount": 1, "extra": 1}}], r"effects\[0\]\.cost\.extra: unknown key"),
    (P0 + ("effects",), [{"cost": {"amount": 1, "filter": {"shiny": 1}}}], r"cost\.filter\.shiny: unknown filter"),
    (P0 + ("effects",), [{"cost": {"amount": 1, "filter": {"cost_min": "x"}}}], r"cost\.filter: not a filter the"),
    (P0 + ("effects",), [{"power": 1}], r"players\[0\]\.effects\[0\]\.power: unknown key"),
    (P0 + ("effects",), [{"no_assign": "yes"}], r"players\[0\]\.effects\[0\]\.no_assign: expected true"),
    (("battle",), [], r"battle: expected an object"),
    (("battle",), {"attacker": "a"}, r"battle\.attacker: expected a card label reference"),
    (("battle",), {"attacker": "@zz"}, r"battle\.attacker: no card is labelled \"zz\""),
    (("battle",), {"attacker": "@d"}, r"battle\.attacker: the attacker must be a Pal in the turn player's base"),
    (("battle",), {"attacker": "@h"}, r"battle\.attacker: the attacker must be"),
    (("battle",), {"attacker": "@a", "target": "@a"}, r"battle\.target: the target must be"),
    (("battle",), {"attacker": "@a", "step": "damage"}, r"battle\.step: expected one of block, quick"),
    (("battle",), {"attacker": "@a", "blocked_by": "@d"}, r"battle\.blocked_by: a block is declared in the block"),
    (("battle",), {"attacker": "@a", "step": "quick", "blocked_by": "@a"}, r"battle\.blocked_by: the blocker must"),
    (("battle",), {"attacker": "@a", "side": 1}, r"battle\.side: unknown key"),
    (("pending",), {}, r"pending: expected a list"),
    (("pending",), [{"card": "@a"}], r"pending\[0\]\.ability: expected a whole number"),
    (("pending",), [{"card": "@a", "ability": 0}], r"pending\[0\]\.ability: ability 0 of ETD01-013 is not an automatic"),
    (("pending",), [{"card": "@zz", "ability": 0}], r"pending\[0\]\.card: no card is labelled"),
]


@pytest.mark.parametrize(("path", "value", "message"), BAD, ids=[m for _, _, m in BAD])
def test_every_new_key_is_checked_with_a_clear_error(path, value, message) -> None:
    with pytest.raises(BadScenario, match=message):
        load(broken(path, value))


def test_a_battle_needs_the_main_phase() -> None:
    data = broken(("battle",), {"attacker": "@a"})
    data["phase"] = "end"
    with pytest.raises(BadScenario, match="battle: a battle happens in the main phase"):
        load(data)


def test_used_must_name_a_once_per_turn_ability() -> None:
    with pytest.raises(BadScenario, match=r"used\[0\]: ability 0 of EBP01-005 is not once per turn"):
        load(two({"base": [{"card": "EBP01-005", "used": [0]}]}))
