"""Exact deck probabilities (hypergeometric, as fractions; no sampling).

A shuffled deck is a uniformly random order, so any k cards seen from it (an opening hand, the cards a damage
check puts into the graveyard) are a uniformly random k-subset of the deck. The setup and first-turn facts used
here are the rules the engine plays by:

* both players draw 5 (6.2) and each may redraw once: the whole hand goes back, the deck is shuffled, 5 new
  cards (6.2.7) — so a redrawn hand is a fresh 5 from the full deck;
* the first player skips the draw of the first turn (7.3.1) and gains 2 souls in its soul phase (7.4.2): 2 souls
  and 5 cards on turn 1; the second player starts with 1 soul (6.2.5), draws 1 and gains 2: 3 souls, 6 cards;
* a damage check of N puts up to N top cards into the graveyard and any Lucky Pal among them stops it with no
  life lost (11.2.2), so "at least one Lucky among N" is exactly "the check is cancelled".
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from math import comb

from ..model.carddb import CARDS, CardDef

HAND_SIZE = 5
FIRST_TURN = {"first": {"souls": 2, "cards": 5}, "second": {"souls": 3, "cards": 6}}


def none_of(deck_size: int, hits: int, drawn: int) -> Fraction:
    """P(no hit among ``drawn`` cards of a deck of ``deck_size`` holding ``hits`` hits)."""
    if not 0 <= hits <= deck_size or not 0 <= drawn <= deck_size:
        raise ValueError(f"need 0 <= hits ({hits}) and drawn ({drawn}) <= deck size ({deck_size})")
    return Fraction(comb(deck_size - hits, drawn), comb(deck_size, drawn))


def at_least_one(deck_size: int, hits: int, drawn: int) -> Fraction:
    """P(at least one hit among ``drawn`` cards)."""
    return 1 - none_of(deck_size, hits, drawn)


def exactly(deck_size: int, hits: int, drawn: int, k: int) -> Fraction:
    """P(exactly ``k`` hits among ``drawn`` cards)."""
    if k < 0 or k > hits or k > drawn:
        return Fraction(0)
    return Fraction(comb(hits, k) * comb(deck_size - hits, drawn - k), comb(deck_size, drawn))


def with_redraw(deck_size: int, hits: int, hand: int = HAND_SIZE, later: int = 0) -> Fraction:
    """P(at least one hit among the cards held by the first turn) when a hand with no hit is redrawn once.

    ``later`` cards are drawn after the redraw decision (the second player's first draw): a kept hand has a
    hit already; a redrawn hand plus those draws is a fresh ``hand + later`` from the whole deck."""
    keep_fails = none_of(deck_size, hits, hand)
    return 1 - keep_fails * none_of(deck_size, hits, hand + later)


def _defs(numbers: Iterable[str]) -> list[CardDef]:
    return [CARDS[CARDS.canonical(n)] for n in numbers]


def count(numbers: Iterable[str], test: Callable[[CardDef], bool]) -> tuple[int, int]:
    """(deck size, cards passing ``test``)."""
    defs = _defs(numbers)
    return len(defs), sum(1 for d in defs if test(d))


def lucky_in_check(numbers: Iterable[str], damage: int) -> Fraction:
    """P(a damage check of ``damage`` from this (shuffled) deck is stopped by a Lucky Pal)."""
    size, lucky = count(numbers, lambda d: d.lucky)
    return at_least_one(size, lucky, min(damage, size))


def playable_first_turn(numbers: Iterable[str], seat: str, redraw: bool = True) -> Fraction:
    """P(holding a card whose cost is at most the souls of one's first turn) for the ``first``/``second`` seat,
    with or without the redraw of a hand that has none."""
    souls, cards = FIRST_TURN[seat]["souls"], FIRST_TURN[seat]["cards"]
    size, cheap = count(numbers, lambda d: d.cost <= souls)
    later = cards - HAND_SIZE
    if redraw:
        return with_redraw(size, cheap, HAND_SIZE, later)
    return at_least_one(size, cheap, cards)


def card_in_opening(numbers: Iterable[str], number: str, redraw: bool = False) -> Fraction:
    """P(at least one copy of the card ``number`` (any printing) in the opening hand, optionally redrawing a
    hand without one)."""
    name = CARDS[number].full_name
    size, copies = count(numbers, lambda d: d.full_name == name)
    return with_redraw(size, copies) if redraw else at_least_one(size, copies, HAND_SIZE)


def report(numbers: list[str], focus: str | None = None) -> dict:
    """The deck's headline probabilities as floats (for display); empty when the deck is too small to deal.

    ``focus`` (a card number) adds the chance of holding that card in the opening hand."""
    size = len(numbers)
    if size < FIRST_TURN["second"]["cards"]:
        return {}
    out = {
        "lucky_check": [float(lucky_in_check(numbers, n)) for n in (1, 2, 3, 4)],
        "playable_first": {seat: {"keep": float(playable_first_turn(numbers, seat, redraw=False)),
                                  "redraw": float(playable_first_turn(numbers, seat, redraw=True))}
                           for seat in FIRST_TURN},
        "lucky_in_opening": float(at_least_one(size, count(numbers, lambda d: d.lucky)[1], HAND_SIZE)),
    }
    if focus is not None:
        out["focus"] = {"number": CARDS.canonical(focus),
                        "keep": float(card_in_opening(numbers, focus)),
                        "redraw": float(card_in_opening(numbers, focus, redraw=True))}
    return out
