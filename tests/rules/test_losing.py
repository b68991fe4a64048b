"""Losing and the end of the game (11.3, 1.2): life 0 or less, an empty deck, both at once is a draw, concede."""
from __future__ import annotations

import pytest
from kit import V300, V700, cid, game

from engine import IllegalAction
from engine.model.outcome import OutcomeReason


def test_11_3_1_life_zero_or_less_loses():
    g = game({"base": [V700]}, {"life": 2})
    g.apply(f"attack {cid(g, 0, 'base', V700)} player")
    assert g.state.players[1].life == 0
    assert (g.outcome.winner, g.outcome.reason) == (0, OutcomeReason.LIFE)
    assert g.decision is None
    with pytest.raises(IllegalAction):
        g.apply("end")


def test_11_3_1_life_below_zero_also_loses():
    g = game({"base": [V700]}, {"life": 1})
    g.apply(f"attack {cid(g, 0, 'base', V700)} player")
    assert g.state.players[1].life == -1 and g.outcome.reason == OutcomeReason.LIFE


def test_11_3_2_an_empty_deck_loses_at_the_rule_action_check_not_at_a_draw():
    g = game({}, {"deck": []})
    assert (g.outcome.winner, g.outcome.reason) == (0, OutcomeReason.DECK_OUT)


def test_11_3_2_drawing_the_last_card_loses():
    g = game({"deck": [V300]}, phase="stand")
    assert (g.outcome.winner, g.outcome.reason) == (1, OutcomeReason.DECK_OUT)


def test_1_2_2_both_players_losing_at_once_is_a_draw():
    g = game({"deck": []}, {"deck": []})
    assert g.outcome.winner is None and g.outcome.reason == OutcomeReason.BOTH_LOST


def test_1_2_2_life_and_deck_out_together_is_a_draw():
    g = game({"life": 0}, {"deck": []})
    assert g.outcome.winner is None and g.outcome.reason == OutcomeReason.BOTH_LOST


def test_1_2_3_a_player_may_concede_at_any_time():
    g = game({"base": [V700]}, {"base": [V300]})
    g.apply(f"attack {cid(g, 0, 'base', V700)} player")
    assert g.decision.player == 1            # mid-battle, at the block step
    g.concede(0)
    assert (g.outcome.winner, g.outcome.reason) == (1, OutcomeReason.CONCEDE)
    assert g.decision is None
