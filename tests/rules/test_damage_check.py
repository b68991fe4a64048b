"""The damage check (11.2.2): one card at a time, a Lucky Pal cancels the whole hit, full life loss otherwise."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from kit import LUCKY, V300, V700, base_id, cid, game, zone_numbers

from engine.model.outcome import OutcomeReason
from engine.model.state import Effect


def attack_player(deck: list[str], strike: int = 2, life: int = 10):
    g = game({"base": [V700]}, {"deck": deck, "life": life},
             effects=lambda s: [Effect("strike", base_id(s, 0, V700), value=strike - 2, until_turn=3)])
    g.apply(f"attack {cid(g, 0, 'base', V700)} player")
    return g


def test_11_2_2_1_cards_go_to_the_graveyard_one_at_a_time():
    g = attack_player([V300, V300, V300, V300], strike=3)
    checks = [e.data["index"] for e in g.log if e.kind == "damage_check_card"]
    assert checks == [1, 2, 3]
    assert g.state.players[1].life == 7 and zone_numbers(g, 1, "deck") == [V300]


def test_11_2_2_2_a_lucky_pal_cancels_the_whole_hit_and_the_rest_stays_in_the_deck():
    g = attack_player([V300, LUCKY, V300, V700], strike=3)
    p = g.state.players[1]
    assert p.life == 10
    assert zone_numbers(g, 1, "graveyard") == [V300, LUCKY]
    assert zone_numbers(g, 1, "deck") == [V300, V700]


def test_11_2_2_2_lucky_as_the_first_card_leaves_only_that_card_in_the_graveyard():
    g = attack_player([LUCKY, V300, V300], strike=3)
    assert g.state.players[1].life == 10 and zone_numbers(g, 1, "graveyard") == [LUCKY]


def test_11_2_2_3_lucky_after_the_count_is_reached_does_not_help():
    g = attack_player([V300, V300, LUCKY], strike=2)
    assert g.state.players[1].life == 8 and zone_numbers(g, 1, "deck") == [LUCKY]


def test_11_2_2_3_deck_running_out_still_loses_the_full_damage_then_deck_out():
    g = attack_player([V300, V300], strike=4, life=10)
    assert g.state.players[1].life == 6
    assert g.outcome.winner == 0 and g.outcome.reason == OutcomeReason.DECK_OUT


def test_11_2_2_zero_strike_deals_no_damage():
    g = attack_player([V300, V300], strike=0)
    assert g.state.players[1].life == 10 and len(g.state.players[1].deck) == 2


@settings(max_examples=60, deadline=None)
@given(deck=st.lists(st.booleans(), min_size=1, max_size=7), strike=st.integers(1, 4))
def test_11_2_2_damage_check_properties(deck, strike):
    """Property: milled = up to and including the first Lucky within the count (else the count or the deck);
    life drops by the whole strike exactly when no Lucky Pal was met."""
    numbers = [LUCKY if lucky else V300 for lucky in deck]
    g = attack_player(numbers, strike=strike)
    p = g.state.players[1]
    window = deck[:strike]
    if True in window:
        milled, lost = window.index(True) + 1, 0
    else:
        milled, lost = len(window), strike
    assert len(p.graveyard) == milled
    assert zone_numbers(g, 1, "deck") == numbers[milled:]
    assert p.life == 10 - lost
    if milled == len(deck):
        assert g.outcome.reason == OutcomeReason.DECK_OUT
    else:
        assert g.outcome is None
