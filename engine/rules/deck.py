"""Deck construction (6.1) and deck codes.

``validate(numbers)`` checks a main deck and returns every rule it breaks as a readable message (an empty list
means the deck is legal):

* exactly 50 cards in the main deck (6.1.1);
* at most 4 cards with the same card name, whatever their number, artwork or rarity: parallel printings such
  as ``EBP01-001SSP`` count as the card they reprint (Q&A official-2). A card whose [CONT] ability
  ``deck_any_number`` allows any number of copies is exempt (EBP01-061);
* at most 8 Lucky Pals (6.1.1);
* cards of at most two colours, plus any number of colourless cards (Q&A official-17);
* every number must be a known card number (unknown numbers are reported by number).

The soul deck is not part of a deck list: it is implicit, as every game gives each player the same 10 souls
(6.1.2), so there is nothing to build or check.

Deck codes are the form fan deck builders share: ``NUMBERxCOPIES`` entries joined by commas, for example
``EBP01-006x4,EBP01-008x4``. ``parse_code`` reads them leniently (spaces, line breaks, lower case, ``x``/``X``/
``×``, ``4x NUMBER`` or a bare number for one copy, parallel numbers); ``to_code`` writes the canonical form (sorted by number, copies merged).
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from operator import attrgetter

from ..model.carddb import CARDS, CardDef, UnknownCard
from ..model.limits import (  # noqa: F401  (DECK_SIZE ... SOUL_DECK_SIZE: the rules' numbers, named here too)
    DECK_SIZE,
    MAX_CODE_CARDS,
    MAX_COLOURS,
    MAX_COPIES,
    MAX_DECK_CODE_CHARS,
    MAX_ENTRY_COPIES,
    MAX_LUCKY,
    MAX_PROBLEMS,
    SOUL_DECK_SIZE,
    BadInput,
    excerpt,
    listed,
)
from ..model.message import Msg


class DeckCodeError(BadInput):
    """A deck code that cannot be read; the message names every bad entry."""

    def __init__(self, problems: list[str]):
        self.problems = listed(list(problems))
        super().__init__(" ".join(self.problems))


class DeckError(BadInput):
    """Decks that break the deck-construction rules (6.1) given to ``Game.new``; ``problems`` lists every broken
    rule as "Player N's deck: ..." messages, and the message says them all."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("Decks must follow the deck-construction rules (6.1). " + " ".join(self.problems))


def check_decks(decks: Iterable[Iterable[str]]) -> None:
    """Raise DeckError naming every rule any of the players' main decks breaks (nothing when all are legal)."""
    problems = [f"Player {i}'s deck: {problem}" for i, deck in enumerate(decks) for problem in validate(deck)]
    if problems:
        raise DeckError(problems)


def any_number_allowed(defn: CardDef) -> bool:
    """True if a [CONT] ability of the card lets a deck hold any number of cards with its name."""
    return any(d.get("do") == "deck_any_number" for ab in defn.abilities if ab.kind == "cont" for d in ab.effect)


def validate(numbers: Iterable[str], lang: str = "en") -> list[str]:
    """Every deck-construction rule the main deck ``numbers`` breaks, as readable messages ([] = legal).

    The same problems are reported in every language, in the same order (``problems`` gives them as messages).
    """
    return [problem.text(lang) for problem in problems(numbers)]


def problems(numbers: Iterable[str]) -> list[Msg]:
    """Every deck-construction rule the main deck ``numbers`` breaks, as messages ([] = legal)."""
    numbers = list(numbers)
    found: list[Msg] = []
    defs, unknown = _cards_of(numbers)
    if unknown:
        distinct = list(dict.fromkeys(unknown))
        names = ", ".join(distinct[:MAX_PROBLEMS]) + (" …" if len(distinct) > MAX_PROBLEMS else "")
        found.append(Msg("deck.unknown_many", numbers=names) if len(distinct) > 1 else
                     Msg("deck.unknown_one", numbers=names))
    if len(numbers) != DECK_SIZE:
        found.append(Msg("deck.size", size=DECK_SIZE, have=len(numbers)))
    # counted with C-level passes over the cards (a deck is checked at every new game)
    names = Counter(map(_NAME, defs))   # names in the order the deck first lists them
    for name, copies in names.items() if names and max(names.values()) > MAX_COPIES else ():
        if copies > MAX_COPIES:
            first = next(d for d in defs if d.full_name == name)
            if any_number_allowed(first):
                continue
            found.append(Msg("deck.copies", max=MAX_COPIES, card=first.number, have=copies))
    lucky = sum(map(_LUCKY, defs))
    if lucky > MAX_LUCKY:
        found.append(Msg("deck.lucky", max=MAX_LUCKY, have=lucky))
    colours = sorted(set(map(_COLOUR, defs)) - _COLOURLESS)
    if len(colours) > MAX_COLOURS:
        counts = Counter(d.color for d in defs if d.colored)
        found.append(Msg("deck.colours", max=MAX_COLOURS, have=len(colours),
                         listed=[Msg("part.colour", colour=c, n=counts[c]) for c in colours]))
    return found


_NAME, _LUCKY, _COLOUR = attrgetter("full_name"), attrgetter("lucky"), attrgetter("color")
_COLOURLESS = {"colorless"}   # what ``CardDef.colored`` is False for
_STR = {str}
_CARD_OF = CARDS.get   # see ``known``


def _cards_of(numbers: list) -> tuple[list[CardDef], list[str]]:
    """The card of each known number, and the unknown numbers (as a message shows them), in deck order."""
    if set(map(type, numbers)) == _STR:
        defs = list(map(_CARD_OF, numbers))   # dict.get: a number not in canonical form gives None
        if all(defs):   # every number already canonical: the usual deck list
            return defs, []
    defs, unknown = [], []
    for n in numbers:
        try:
            defs.append(CARDS[CARDS.canonical(n)])
        except UnknownCard:
            unknown.append(n if isinstance(n, str) and len(n) <= 20 else excerpt(n))
    return defs, unknown


def known(number: object) -> CardDef | None:
    """The card of a number already in canonical form (what ``CARDS.canonical`` returns unchanged), else None:
    the common case of a deck list, found with one look-up; anything else is left to ``CARDS.canonical``."""
    return dict.get(CARDS, number) if number.__class__ is str else None


def is_legal(numbers: Iterable[str]) -> bool:
    return not validate(numbers)


_ENTRY = re.compile(r"^(?:(?P<pre>[0-9]+)\s*[X×*]\s*)?(?P<num>[A-Z][A-Z0-9]*-[0-9]+[A-Z]*?)"
                    r"(?:\s*[X×*]\s*(?P<n>[0-9]+))?$")
_SPLIT = re.compile(r"[,;\n\r]+")


def parse_entries(text: str) -> list[tuple[str, int]]:
    """The (card number, copies) entries of a deck code, numbers made canonical; raises DeckCodeError.

    Sizes are checked before any list is built: at most MAX_DECK_CODE_CHARS characters, MAX_ENTRY_COPIES
    copies per entry and MAX_CODE_CARDS cards in all."""
    if not isinstance(text, str):
        raise DeckCodeError([f"A deck code is text, not {excerpt(text)}."])
    if len(text) > MAX_DECK_CODE_CHARS:
        raise DeckCodeError([f"A deck code has at most {MAX_DECK_CODE_CHARS} characters; this one has {len(text)}."])
    problems: list[str] = []
    out: list[tuple[str, int]] = []
    for raw in _SPLIT.split(text):
        entry = raw.strip()
        if not entry:
            continue
        m = _ENTRY.match(re.sub(r"\s+", " ", entry.upper()))
        if m is None:
            problems.append(f"Malformed entry {excerpt(entry)} (expected NUMBERxCOPIES, e.g. EBP01-006x4).")
            continue
        if m["pre"] is not None and m["n"] is not None:
            problems.append(f"Malformed entry {excerpt(entry)} (two copy counts).")
            continue
        digits = (m["n"] or m["pre"] or "1").lstrip("0") or "0"
        if len(digits) > len(str(MAX_ENTRY_COPIES)) or int(digits) > MAX_ENTRY_COPIES:
            problems.append(f"Entry {excerpt(entry)} has too many copies (at most {MAX_ENTRY_COPIES} per entry).")
            continue
        copies = int(digits)
        if copies < 1:
            problems.append(f"Entry {excerpt(entry)} must have at least 1 copy.")
            continue
        try:
            out.append((CARDS.canonical(m["num"]), copies))
        except UnknownCard:
            problems.append(f"Unknown card number {excerpt(m['num'])}.")
    if problems:
        raise DeckCodeError(problems)
    total = sum(copies for _, copies in out)
    if total > MAX_CODE_CARDS:
        raise DeckCodeError([f"A deck code lists at most {MAX_CODE_CARDS} cards; this one lists {total}."])
    return out


def parse_code(text: str) -> list[str]:
    """The card numbers of a deck code (``EBP01-006x4,EBP01-008x4``), one per copy, in code order."""
    return [number for number, copies in parse_entries(text) for _ in range(copies)]


def to_code(numbers: Iterable[str]) -> str:
    """The canonical deck code of a list of card numbers: sorted by number, copies merged."""
    counts: Counter[str] = Counter()
    unknown: list[str] = []
    for n in numbers:
        try:
            counts[CARDS.canonical(n)] += 1
        except UnknownCard:
            unknown.append(f"Unknown card number {n if isinstance(n, str) and len(n) <= 20 else excerpt(n)}.")
    if unknown:
        raise DeckCodeError(list(dict.fromkeys(unknown)))
    return ",".join(f"{n}x{counts[n]}" for n in sorted(counts))
