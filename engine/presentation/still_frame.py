"""A replay's still frame: the public board at one decision as short URL-safe text (docs/embedding.md).

The embed page draws it at once, before any Python runs, as lichess draws a FEN. It says only what both players
see: life, counts of hands and decks, souls, Material and Ingredient, the graveyard's and exile's sizes and top
cards, and each base's cards by card number with their state; never a card in a hand or a deck, never a card id.

Text: fields joined by ``.`` —
``1 . decision . decisions . turn . turn player . phase . night . labels . battle . side 0 . side 1``;
a side is ``_``-joined: life, deck, hand, soul deck, souls standing, souls rested, Material, Ingredient,
graveyard count, graveyard top (a card number or ``-``), exile count, exile top, and the base, its cards joined
by ``~``: the card number then ``r`` (rested), ``d<damage>``, ``p<power>`` and ``s<strike>`` where they differ
from the printed card, ``k<mask>`` (keywords, bits in ``KEYWORDS`` order). Labels are a link's own label field
(``c0``, ``c1``, ``h``, ``n…``) or ``-``; battle is ``-``, ``<attacker>p`` (at the player) or
``<attacker>t<target>``, base places of the turn player's attacker and of the other side's target.
"""
from __future__ import annotations

import re
from typing import Any

from .view import view

VERSION = "1"
PHASES = ("setup", "stand", "draw", "soul", "main", "end")
# the keyword vocabulary, in the order of the mask's bits (append only: a frame's meaning must not change)
KEYWORDS = ("brave", "serious", "vigilance", "breakthrough", "retaliate", "interrupt", "taunt", "stealth",
            "assault", "nocturnal")
LABEL = re.compile(r"c[01]|h|n[A-Za-z0-9_-]{1,80}")


def still_frame(game: Any, watcher: int, total: int, labels: str | None = None) -> str:
    """The still frame of ``game`` (a game rewound to the decision shown) out of ``total`` decisions, taken from
    ``view(game, watcher)``, the watching side's view, of which it keeps only what both players see.
    ``labels``: the link's label field (``c0``, ``c1``, ``h`` or ``n…``), else none."""
    seen = view(game, watcher, log_tail=0)
    if labels is not None and not LABEL.fullmatch(labels):
        raise ValueError(f"not a link's label field: {labels[:20]!r}")
    fields = [VERSION, len(game.choices), total, seen["turn"], seen["turn_player"], seen["phase"],
              int(bool(seen["night"])), labels or "-", _battle(seen), *(_side(p) for p in seen["players"])]
    return ".".join(str(field) for field in fields)


def _battle(seen: dict) -> str:
    battle = seen["battle"]
    if battle is None or seen["outcome"]:
        return "-"
    attacker_side = seen["players"][seen["turn_player"]]["base"]
    places = [card["id"] for card in attacker_side]
    if battle["attacker"] not in places:
        return "-"
    attacker = places.index(battle["attacker"])
    if battle["target"] == "player":
        return f"{attacker}p"
    targets = [card["id"] for card in seen["players"][1 - seen["turn_player"]]["base"]]
    return f"{attacker}t{targets.index(battle['target'])}" if battle["target"] in targets else f"{attacker}"


def _side(player: dict) -> str:
    """One side's public facts (never ``hand``: a view shows its own player's hand, which the other cannot see)."""
    counts = [player["life"], player["deck"], player["hand_count"], player["soul_deck"], player["souls_standing"],
              player["souls_rested"], player["material"], player["ingredient"]]
    piles = []
    for zone in ("graveyard", "exile"):
        cards = player[zone]
        piles += [len(cards), cards[-1]["number"] if cards else "-"]
    base = "~".join(_card(card) for card in player["base"])
    return "_".join(str(part) for part in [*counts, *piles, base])


def _card(card: dict) -> str:
    out = card["number"] + ("r" if card["rested"] else "")
    if card["damage"]:
        out += f"d{card['damage']}"
    if card.get("power") is not None and card["power"] != card["base_power"]:
        out += f"p{card['power']}"
    if card.get("strike") is not None and card["strike"] != card["base_strike"]:
        out += f"s{card['strike']}"
    mask = sum(1 << KEYWORDS.index(k) for k in card.get("keywords") or [] if k in KEYWORDS)
    return out + (f"k{mask}" if mask else "")
