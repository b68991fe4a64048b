"""A deck builder's view of a main deck: the rules it breaks, each tied to the cards at fault, and its breakdowns.

The messages are ``engine.deck.validate``'s own (one source of truth for the rules, 6.1); this module only says
which kind of rule each message is and which card numbers it concerns, in the same order ``validate`` checks
them: unknown numbers, deck size, copies per name, Lucky Pals, colours.
"""
from __future__ import annotations

from collections import Counter

from ..model.carddb import CARDS, CardDef, UnknownCard
from ..rules import deck


def issues(numbers: list[str], lang: str = "en") -> list[dict]:
    """[{"kind", "rule", "message", "cards"}] for every deck rule broken ([] = legal).

    kind is one of unknown, size, copies, lucky, colours; ``cards`` are the (canonical) numbers at fault."""
    messages = deck.validate(numbers, lang)
    defs: list[tuple[str, CardDef]] = []
    unknown: list[str] = []
    for n in numbers:
        try:
            canonical = CARDS.canonical(n)
        except UnknownCard:
            unknown.append(n)
            continue
        defs.append((canonical, CARDS[canonical]))
    kinds: list[tuple[str, str, list[str]]] = []
    if unknown:
        kinds.append(("unknown", "6.1", list(dict.fromkeys(unknown))))
    if len(numbers) != deck.DECK_SIZE:
        kinds.append(("size", "6.1.1", []))
    by_name: dict[str, list[str]] = {}
    for number, d in defs:
        by_name.setdefault(d.full_name, []).append(number)
    for group in by_name.values():
        if len(group) > deck.MAX_COPIES and not deck.any_number_allowed(CARDS[group[0]]):
            kinds.append(("copies", "6.1.1", list(dict.fromkeys(group))))
    lucky = [number for number, d in defs if d.lucky]
    if len(lucky) > deck.MAX_LUCKY:
        kinds.append(("lucky", "6.1.1", list(dict.fromkeys(lucky))))
    colours = Counter(d.color for _, d in defs if d.colored)
    if len(colours) > deck.MAX_COLOURS:
        # the cards of the colours beyond the two the deck holds most of are the ones to take out
        keep = {c for c, _ in colours.most_common(deck.MAX_COLOURS)}
        kinds.append(("colours", "official-17", list(dict.fromkeys(n for n, d in defs if d.colored and d.color not in keep))))
    if len(kinds) != len(messages):   # validate changed: still report every message, without attribution
        return [{"kind": "other", "rule": "6.1", "message": m, "cards": []} for m in messages]
    return [{"kind": k, "rule": r, "message": m, "cards": c} for (k, r, c), m in zip(kinds, messages, strict=True)]


def breakdown(numbers: list[str]) -> dict:
    """Counts of the known cards: by cost (the curve), type, colour, element and Lucky."""
    defs = []
    for n in numbers:
        try:
            defs.append(CARDS[CARDS.canonical(n)])
        except UnknownCard:
            continue
    elements: Counter[str] = Counter(e for d in defs for e in d.elements)
    return {
        "cards": len(numbers),
        "known": len(defs),
        "curve": dict(sorted(Counter(d.cost for d in defs).items())),
        "type": dict(Counter(d.type for d in defs).most_common()),
        "color": dict(Counter(d.color for d in defs).most_common()),
        "element": dict(elements.most_common()),
        "lucky": sum(1 for d in defs if d.lucky),
        "soul_deck": deck.SOUL_DECK_SIZE,
    }
