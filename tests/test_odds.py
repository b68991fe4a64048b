"""engine.presentation.odds: exact deck probabilities, checked against brute-force enumeration of every hand.

Every expected value here is computed independently: by listing every possible hand (itertools.combinations
over card positions, so copies are distinct cards, as in a real shuffle) and counting, with Fractions.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

import cards
from engine import deck
from engine.model.carddb import CARDS
from engine.presentation import odds


def enumerate_at_least_one(pool: list[bool], drawn: int) -> Fraction:
    """P(at least one True among ``drawn`` cards), by listing every ``drawn``-subset of positions."""
    hands = list(combinations(range(len(pool)), drawn))
    good = sum(1 for hand in hands if any(pool[i] for i in hand))
    return Fraction(good, len(hands))


def enumerate_with_redraw(pool: list[bool], hand: int, later: int) -> Fraction:
    """P(a hit by the first turn), keeping a hand with a hit and otherwise redrawing (fresh ``hand`` cards from
    the whole deck) and then drawing ``later`` more: every first hand times every second deal, counted."""
    n = len(pool)
    first_hands = list(combinations(range(n), hand))
    second_deals = list(combinations(range(n), hand + later))   # after a redraw, the deck is whole again
    good = Fraction(0)
    for first in first_hands:
        if any(pool[i] for i in first):
            good += 1
        else:
            good += Fraction(sum(1 for d in second_deals if any(pool[i] for i in d)), len(second_deals))
    return good / len(first_hands)


@pytest.mark.parametrize(("size", "hits", "drawn"), [(10, 3, 4), (12, 1, 5), (9, 0, 3), (8, 8, 2), (11, 4, 1)])
def test_at_least_one_matches_enumeration(size: int, hits: int, drawn: int) -> None:
    pool = [i < hits for i in range(size)]
    assert odds.at_least_one(size, hits, drawn) == enumerate_at_least_one(pool, drawn)


def test_exactly_sums_to_one_and_matches_enumeration() -> None:
    size, hits, drawn = 12, 4, 5
    pool = [i < hits for i in range(size)]
    hands = list(combinations(range(size), drawn))
    counted = Counter(sum(pool[i] for i in hand) for hand in hands)
    for k in range(drawn + 1):
        assert odds.exactly(size, hits, drawn, k) == Fraction(counted[k], len(hands))
    assert sum(odds.exactly(size, hits, drawn, k) for k in range(drawn + 1)) == 1


@pytest.mark.parametrize(("size", "hits", "hand", "later"), [(10, 2, 3, 0), (10, 2, 3, 1), (11, 3, 4, 1), (9, 1, 2, 2)])
def test_redraw_matches_enumeration_of_both_hands(size: int, hits: int, hand: int, later: int) -> None:
    pool = [i < hits for i in range(size)]
    assert odds.with_redraw(size, hits, hand, later) == enumerate_with_redraw(pool, hand, later)


def test_bad_sizes_are_refused() -> None:
    with pytest.raises(ValueError):
        odds.none_of(10, 11, 2)
    with pytest.raises(ValueError):
        odds.none_of(10, 2, 11)


RED_BLUE = deck.parse_code(cards.decks()["etd01-red-blue"]["code"])


def test_lucky_in_damage_check_of_the_shipped_deck() -> None:
    """11.2.2: a check of N stops at any Lucky Pal among the N cards. The red/blue deck has 8 Lucky Pals in 50:
    P(none in N) = prod_{i<N} (42 - i) / (50 - i), written out by hand for N = 1..4."""
    lucky = sum(1 for n in RED_BLUE if CARDS[n].lucky)
    assert lucky == 8
    none = Fraction(1)
    for n in range(1, 5):
        none *= Fraction(42 - (n - 1), 50 - (n - 1))
        assert odds.lucky_in_check(RED_BLUE, n) == 1 - none
    assert odds.lucky_in_check(RED_BLUE, 1) == Fraction(8, 50)


def test_playable_first_turn_uses_two_souls_five_cards_first_and_three_souls_six_cards_second() -> None:
    """7.3.1 / 7.4.2 / 6.2.5: the first player has 2 souls and 5 cards on turn 1, the second 3 souls and 6 cards."""
    costs = Counter(CARDS[n].cost for n in RED_BLUE)
    cheap2 = sum(v for c, v in costs.items() if c <= 2)
    cheap3 = sum(v for c, v in costs.items() if c <= 3)

    def none(hits: int, drawn: int) -> Fraction:   # product form, independent of math.comb
        p = Fraction(1)
        for i in range(drawn):
            p *= Fraction(50 - hits - i, 50 - i)
        return p

    assert odds.playable_first_turn(RED_BLUE, "first", redraw=False) == 1 - none(cheap2, 5)
    assert odds.playable_first_turn(RED_BLUE, "second", redraw=False) == 1 - none(cheap3, 6)
    assert odds.playable_first_turn(RED_BLUE, "first") == 1 - none(cheap2, 5) ** 2
    assert odds.playable_first_turn(RED_BLUE, "second") == 1 - none(cheap3, 5) * none(cheap3, 6)


def test_playable_first_turn_on_a_small_deck_matches_enumeration() -> None:
    small = ["ETD01-013"] * 2 + ["EBP01-001"] * 4 + ["EBP01-078"] * 4   # costs 2,2 then eight 8-cost cards
    pool = [CARDS[n].cost <= 2 for n in small]
    assert odds.playable_first_turn(small, "first", redraw=False) == enumerate_at_least_one(pool, 5)
    assert odds.playable_first_turn(small, "first") == enumerate_with_redraw(pool, 5, 0)
    assert odds.playable_first_turn(small, "second") == enumerate_with_redraw(
        [CARDS[n].cost <= 3 for n in small], 5, 1)


def test_a_chosen_card_in_the_opening_hand_counts_every_printing_of_its_name() -> None:
    small = ["EBP01-001", "EBP01-001SSP"] + ["ETD01-013"] * 8   # a parallel printing is the same card (Q&A official-2)
    pool = [CARDS[n].number == "EBP01-001" for n in small]
    assert sum(pool) == 2
    assert odds.card_in_opening(small, "EBP01-001") == enumerate_at_least_one(pool, 5)
    assert odds.card_in_opening(small, "EBP01-001", redraw=True) == enumerate_with_redraw(pool, 5, 0)


def test_report_gives_floats_and_nothing_for_a_deck_too_small_to_deal() -> None:
    report = odds.report(RED_BLUE, "ETD01-013")
    assert report["lucky_check"][0] == pytest.approx(0.16)
    assert report["focus"]["number"] == "ETD01-013"
    assert 0 < report["focus"]["keep"] < report["focus"]["redraw"] < 1
    assert odds.report(RED_BLUE[:5]) == {}
