"""Turn structure (7): stand 7.2, draw 7.3, soul 7.4, main 7.5, end 7.6."""
from __future__ import annotations

from kit import V300, V500, V700, base_id, cid, game, opts, patch

from engine.model.actions import DecisionKind
from engine.model.state import Effect
from engine.rules.continuous import power


def test_7_2_stand_phase_stands_the_turn_players_base_and_souls_only():
    g = game({"base": [{"card": V300, "rested": True}], "souls": {"standing": 1, "rested": 3}},
             {"base": [{"card": V500, "rested": True}]}, phase="stand")
    mine = g.state.players[0].base[0]
    assert not mine.rested
    assert g.state.players[0].souls_rested == 0
    assert g.state.players[0].souls_standing == 1 + 3 + 2     # stood, then 2 from the soul phase
    assert g.state.players[1].base[0].rested


def test_7_2_a_card_an_effect_keeps_resting_does_not_stand():
    g = game({"base": [{"card": V300, "rested": True}, {"card": V500, "rested": True}]}, phase="stand",
             effects=lambda s: [Effect("skip_next_stand", base_id(s, 0, V300), until_stand_of=0)])
    held = cid(g, 0, "base", V300)
    assert g.state.in_base(held).rested
    assert not g.state.players[0].base[1].rested
    # the hold lasted only through that stand phase
    assert not any(e.kind == "skip_next_stand" for e in g.state.effects)


def test_7_2_a_one_stand_phase_hold_ends_with_that_stand_phase():
    """7.2.1 (Q&A official-61): "does not stand in the next stand phase" holds the card in that stand phase only;
    the stand phase after it stands the card as usual."""
    g = game({"base": [{"card": V300, "rested": True}]}, phase="stand",
             effects=lambda s: [Effect("skip_next_stand", base_id(s, 0, V300), until_stand_of=0)])
    held = cid(g, 0, "base", V300)
    assert g.state.in_base(held).rested
    g.apply("end")                      # the opponent's turn
    g.apply("end")                      # our next turn: its stand phase stands the card
    assert g.state.turn_player == 0 and not g.state.in_base(held).rested


def test_7_2_a_hold_while_a_card_stays_lasts_every_stand_phase():
    """7.2.1 (Q&A official-62): a "does not stand while that card is in the base" hold is not used up by a stand
    phase: the card stays rested turn after turn while the source stays."""
    g = game({"base": [{"card": V300, "rested": True}]}, {"base": [V500]}, phase="stand",
             effects=lambda s: [Effect("cannot_stand", base_id(s, 0, V300), source_id=base_id(s, 1, V500),
                                       while_source=True)])
    held = cid(g, 0, "base", V300)
    for _ in range(2):
        assert g.state.turn_player == 0 and g.state.in_base(held).rested
        g.apply("end")
        g.apply("end")
    assert g.state.in_base(held).rested and any(e.kind == "cannot_stand" for e in g.state.effects)


def test_7_3_draw_phase_draws_one_card_and_it_is_not_optional():
    """7.3.3 (Q&A official-22): the turn player always draws; there is no decision to skip it."""
    g = game({"deck": [V700, V300, V300]}, phase="stand", turn=5)
    p = g.state.players[0]
    assert [c.number for c in p.hand] == [V700] and len(p.deck) == 2
    assert g.decision.kind == DecisionKind.MAIN


def test_7_3_1_first_player_skips_only_the_turn_one_draw():
    g = game({"deck": [V700, V300]}, phase="stand", turn=1, first_player=0, turn_player=0)
    assert g.state.players[0].hand == []
    g.apply("end")     # turn 2: the second player draws on their first turn
    assert g.state.turn == 2 and len(g.state.players[1].hand) == 1
    g.apply("end")     # turn 3: the first player draws again
    assert len(g.state.players[0].hand) == 1


def test_7_4_soul_phase_adds_two_standing_souls():
    g = game({"souls": {"standing": 0, "rested": 2, "deck": 8}}, phase="soul")
    p = g.state.players[0]
    assert (p.souls_standing, p.souls_rested, p.soul_deck) == (2, 2, 6)


def test_7_4_2_2_fewer_souls_when_fewer_remain():
    g = game({"souls": {"standing": 9, "deck": 1}}, phase="soul")
    assert (g.state.players[0].souls, g.state.players[0].soul_deck) == (10, 0)
    g2 = game({"souls": {"standing": 10, "deck": 0}}, phase="soul")
    assert g2.state.players[0].souls == 10


def test_7_5_main_phase_ends_only_when_the_turn_player_says_so():
    g = game({"hand": [V300], "souls": {"standing": 2}})
    assert g.decision.kind == DecisionKind.MAIN and g.decision.player == 0
    g.apply(f"play {cid(g, 0, 'hand', V300)}")
    assert g.decision.kind == DecisionKind.MAIN and g.state.turn == 3
    g.apply("end")
    assert g.state.turn == 4 and g.state.turn_player == 1


def test_7_6_3_end_phase_clears_damage_on_every_base():
    g = game({"base": [{"card": V700, "damage": 400}]}, {"base": [{"card": V500, "damage": 200}]})
    g.apply("end")
    assert [c.damage for c in g.state.all_base()] == [0, 0]


def test_7_6_4_until_end_of_turn_effects_expire_longer_ones_stay():
    g = game({"base": [V300, V500]}, effects=lambda s: [Effect("power", base_id(s, 0, V300), value=500, until_turn=3),
                                                        Effect("power", base_id(s, 0, V500), value=500, until_turn=4)])
    a, b = cid(g, 0, "base", V300), cid(g, 0, "base", V500)
    assert power(g.state, g.state.in_base(a)) == 800
    g.apply("end")
    assert power(g.state, g.state.in_base(a)) == 300
    assert power(g.state, g.state.in_base(b)) == 1000
    g.apply("end")
    assert power(g.state, g.state.in_base(b)) == 500


def test_7_6_5_end_phase_repeats_for_an_end_of_turn_ability_that_arrives_during_it(monkeypatch):
    """7.6: 'at the end of turn' abilities that have not fired yet this turn still fire; the end phase
    starts again while something remains to resolve."""
    patch(monkeypatch, V500, [{"kind": "auto", "trigger": "end_of_your_turn",
                               "effect": [{"do": "choose", "zone": "hand", "side": "own",
                                           "filter": {"type": "pal"}, "count": 1},
                                          {"do": "deploy", "rested": True}]}])
    patch(monkeypatch, V700, [{"keyword": "vigilance"}])
    g = game({"base": [V500], "hand": [V700]})
    g.apply("end")
    new = g.state.players[0].base[-1]
    assert new.number == V700
    assert not new.rested          # its Vigilance fired in the repeated end phase
    assert g.state.turn == 4


def test_7_opponent_gets_no_main_phase_decisions_on_my_turn():
    """Q&A official-25: in the opponent's turn a player gets no play timing for playing, activating or attacking."""
    g = game({"souls": {"standing": 5}}, {"hand": [V300], "base": [V500], "souls": {"standing": 5}})
    assert g.decision.player == 0
    assert not any(o.startswith(("play", "attack")) and o.split()[1] in
                   {str(c.id) for c in g.state.players[1].hand + g.state.players[1].base} for o in opts(g))


def test_7_6_3_damage_is_cleared_before_until_end_of_turn_boosts_end(monkeypatch):
    """7.6.3 then 7.6.4: a Pal kept alive by a boost this turn is not destroyed when the boost ends, because its
    damage was already cleared."""
    patch(monkeypatch, V500, [{"keyword": "brave", "value": 500}])
    g = game({"base": [V500]}, {"base": [{"card": V700, "rested": True}]})
    me = cid(g, 0, "base", V500)
    g.apply(f"attack {me} {cid(g, 1, 'base', V700)}")
    assert g.state.in_base(me).damage == 700 and power(g.state, g.state.in_base(me)) == 1000
    g.apply("end")
    pal = g.state.in_base(me)
    assert pal is not None and pal.damage == 0 and power(g.state, pal) == 500
