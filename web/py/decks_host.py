"""Requests of the card gallery (#cards, #card/NUMBER) and the deck builder (#decks, #deck/ID).

The rules live in the engine (engine.deck, engine.deck_report, engine.odds, engine.rule_refs); this module only
turns page requests into engine calls and answers with JSON-able data, or a HostError with a readable message.
"""
from __future__ import annotations

from typing import Any

from playmat_host import request
from protocol import HostError, R

from engine import CARDS, UnknownCard, deck
from engine.presentation import deck_report, odds, rule_refs
from engine.presentation.languages import LANGS

MAX_DECK_NUMBERS = 200   # a deck sent by the page (a deck code holds at most this many cards too)


def _cards():
    if not CARDS:
        CARDS.load()
    return CARDS


def _lang(argument: Any) -> str:
    value = argument.get("lang") if isinstance(argument, dict) else None
    return value if value in LANGS else "en"


def _numbers(argument: Any) -> list[str]:
    """The deck's card numbers from a request: a list of strings, bounded."""
    numbers = argument.get("numbers") if isinstance(argument, dict) else argument
    if not isinstance(numbers, list) or not all(isinstance(n, str) for n in numbers):
        raise HostError("a deck is a list of card numbers")
    if len(numbers) > MAX_DECK_NUMBERS:
        raise HostError(f"a deck has at most {MAX_DECK_NUMBERS} cards here; this one has {len(numbers)}")
    return numbers


def card_extra(defn) -> dict:
    """What the gallery needs beyond the playmat's catalogue: set, printings, keywords, ability kinds."""
    keywords: list[str] = []
    for ab in defn.abilities:
        if ab.keyword and ab.keyword not in keywords:
            keywords.append(ab.keyword)
    return {
        "set": defn.set,
        "printings": list(defn.printings),
        "keywords": keywords,
        "kinds": sorted({ab.kind for ab in defn.abilities}),
        "quick": any(ab.quick for ab in defn.abilities),
    }


@request(R.DECKS_CARDS)
def decks_cards(host, argument: Any) -> dict:
    """Gallery facts of every card by number."""
    return {number: card_extra(defn) for number, defn in _cards().items()}


@request(R.DECKS_CARD_PAGE)
def decks_card_page(host, argument: Any) -> dict:
    """One card's page: rule numbers its abilities rely on (with titles) and the rulings about it."""
    number = argument.get("number") if isinstance(argument, dict) else argument
    try:
        defn = _cards()[_cards().canonical(number)]
    except UnknownCard as error:
        raise HostError(str(error)) from None
    rules = [{"rule": rule, "title": {lang: rule_refs.rule_title(rule, lang) for lang in LANGS}, "words": words}
             for rule, words in rule_refs.card_rules(defn).items()]
    return {"number": defn.number, "rules": rules, "rulings": rule_refs.rulings(defn.number),
            **card_extra(defn)}


@request(R.DECKS_ANALYSE)
def decks_analyse(host, argument: Any) -> dict:
    """Everything the builder shows about a deck: rule problems (with the cards at fault), breakdowns, odds."""
    numbers = _numbers(argument)
    lang = _lang(argument)
    known = []
    for n in numbers:
        try:
            known.append(_cards().canonical(n))
        except KeyError:
            continue
    focus = argument.get("focus") if isinstance(argument, dict) else None
    if focus is not None:
        try:
            focus = _cards().canonical(focus)
        except KeyError:
            raise HostError(f"Unknown card number: {str(focus)[:40]}") from None
    return {"issues": deck_report.issues(numbers, lang), "breakdown": deck_report.breakdown(numbers),
            "odds": odds.report(known, focus), "code": _code(known)}


def _code(numbers: list[str]) -> str:
    return deck.to_code(numbers) if numbers else ""


@request(R.DECKS_PARSE)
def decks_parse(host, argument: Any) -> dict:
    """A pasted deck code read leniently: {"numbers": [...], "code": canonical}; every bad entry is named."""
    text = argument.get("code") if isinstance(argument, dict) else argument
    try:
        numbers = deck.parse_code(text)
    except deck.DeckCodeError as error:
        raise HostError(" ".join(error.problems)) from None
    if not numbers:
        raise HostError("The deck code lists no cards (expected NUMBERxCOPIES entries, e.g. EBP01-006x4).")
    return {"numbers": numbers, "code": deck.to_code(numbers)}


@request(R.DECKS_SHIPPED)
def decks_shipped(host, argument: Any) -> list[dict]:
    """The shipped decks with their card numbers (they are always offered; the page never stores them)."""
    return [{"id": key, "name": d.get("name", {"en": key, "ja": key}), "numbers": list(d["numbers"])}
            for key, d in host.decks().items()]
