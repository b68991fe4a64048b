"""The card database: card definitions loaded from ``cards/`` and looked up by number (parallels included)."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

import cards as card_data

from .abilities import RENDER, TRIGGER_EVENTS, parse_abilities
from .limits import MAX_CARD_NUMBER_CHARS, excerpt


class UnknownCard(KeyError):
    """A card number that is not in the card list."""

    def __str__(self) -> str:
        number = self.args[0]
        shown = number if isinstance(number, str) and len(number) <= 20 and number.isprintable() else excerpt(number)
        return f"Unknown card number: {shown}"


@dataclass(frozen=True)
class CardDef:
    """The facts of one card and its parsed abilities."""

    number: str
    name_en: str
    name_ja: str
    sub_en: str
    sub_ja: str
    type: str                 # pal | structure | gear | event
    color: str                # red | blue | green | purple | colorless
    cost: int
    power: int | None         # Pals: power; structures: durability
    strike: int | None
    lucky: bool
    elements: tuple[str, ...]
    work: tuple[str, ...]
    rarity: str
    set: str
    printings: tuple[str, ...]
    abilities: tuple = field(default=(), compare=False)
    raw: dict = field(default_factory=dict, compare=False, repr=False)
    cont_index: dict = field(default_factory=dict, compare=False, repr=False)
    grants: tuple = field(default=(), compare=False, repr=False)
    autos: tuple = field(default=(), compare=False, repr=False)
    # facts precomputed once for the hot paths (legal options, trigger scans); never passed in (init=False), so
    # a copy made with dataclasses.replace computes its own from its own abilities
    autos_by_event: dict = field(init=False, compare=False, repr=False)
    act_indices: tuple = field(init=False, compare=False, repr=False)
    quick_event: bool = field(init=False, compare=False, repr=False)
    hand_quick_acts: tuple = field(init=False, compare=False, repr=False)
    keyword_set: frozenset = field(init=False, compare=False, repr=False)
    # the card name: main name and sub name joined by the dash (2.1.3); a deck check reads it for every card
    full_name: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "full_name", f"{self.name_en} – {self.sub_en}" if self.sub_en else self.name_en)
        # continuous descriptors by kind, so power/strike look-ups scan only cards that can matter
        index: dict[str, list] = {}
        for ab in self.abilities:
            if ab.kind == "cont":
                for d in ab.effect:
                    index.setdefault(d["do"], []).append((ab, d))
        self.cont_index.update({k: tuple(v) for k, v in index.items()})
        object.__setattr__(self, "grants", self.cont_index.get("grant", ()))
        object.__setattr__(self, "autos", tuple(ab for ab in self.abilities if ab.kind == "auto"))
        object.__setattr__(self, "autos_by_event", autos_by_event(self.autos))
        object.__setattr__(self, "keyword_set", frozenset(ab.keyword for ab in self.abilities if ab.keyword))
        object.__setattr__(self, "act_indices", tuple(i for i, ab in enumerate(self.abilities) if ab.kind == "act"))
        play = next((ab for ab in self.abilities if ab.kind == "play"), None)
        object.__setattr__(self, "quick_event", self.type == "event" and play is not None and play.quick)
        object.__setattr__(self, "hand_quick_acts", tuple(
            (i, ab) for i, ab in enumerate(self.abilities) if ab.kind == "act" and ab.zone == "hand" and ab.quick))

    def __deepcopy__(self, memo: dict) -> CardDef:
        return self   # immutable: game-state copies share it

    def full_name_in(self, lang: str) -> str:
        if lang == "ja":
            return f"{self.sub_ja} – {self.name_ja}" if self.sub_ja else self.name_ja
        return self.full_name

    def name_in(self, lang: str) -> str:
        return self.name_ja if lang == "ja" else self.name_en

    @property
    def colored(self) -> bool:
        return self.color != "colorless"

    def text(self, lang: str = "en") -> str:
        """The card text, generated from the ability data."""
        return RENDER["card"](self, lang)


def autos_by_event(autos: tuple) -> dict[str, tuple]:
    """Automatic abilities that work in the base, by the event kinds their trigger words react to (in ability
    order); those whose trigger word declares no event kinds are listed under every kind, as ``ANY_EVENT``."""
    out: dict[str, list] = {}
    for ab in autos:
        if ab.zone != "base":
            continue
        for kind in TRIGGER_EVENTS.get(ab.trigger["on"], (ANY_EVENT,)):
            out.setdefault(kind, []).append(ab)
    if ANY_EVENT in out:   # undeclared triggers are tried on every event, in ability order with the rest
        return {ANY_EVENT: tuple(ab for ab in autos if ab.zone == "base")}
    return {k: tuple(v) for k, v in out.items()}


ANY_EVENT = "*"


class CardDB(dict):
    """Card definitions by number; parallel printings (e.g. EBP01-001SSP) map to their card."""

    def __init__(self) -> None:
        super().__init__()
        self.aliases: dict[str, str] = {}
        self.version = ""

    def load(self) -> None:
        recs = card_data.records()
        digest = hashlib.sha256(json.dumps(recs, sort_keys=True).encode()).hexdigest()[:12]
        self.version = digest
        for r in recs:
            d = CardDef(
                number=r["number"], name_en=r["name"]["en"], name_ja=r["name"]["ja"],
                sub_en=r["subname"]["en"], sub_ja=r["subname"]["ja"], type=r["type"], color=r["color"],
                cost=r["cost"], power=r.get("power", r.get("durability")), strike=r.get("strike"),
                lucky=bool(r.get("lucky", False)), elements=tuple(r["elements"]), work=tuple(r["work"]),
                rarity=r["rarity"], set=r["set"], printings=tuple(p["number"] for p in r["printings"]),
                abilities=parse_abilities(r["abilities"], r["number"]), raw=r,
            )
            dict.__setitem__(self, d.number, d)
            for p in d.printings:
                self.aliases[p] = d.number

    def canonical(self, number: str) -> str:
        """The base number of a card or parallel printing; raises UnknownCard (also for anything not a number)."""
        if not isinstance(number, str) or len(number) > MAX_CARD_NUMBER_CHARS:
            raise UnknownCard(number)
        n = number.strip().upper()
        if dict.__contains__(self, n):
            return n
        if n in self.aliases:
            return self.aliases[n]
        raise UnknownCard(number)

    def __missing__(self, key: str) -> CardDef:
        return dict.__getitem__(self, self.canonical(key))

    def by_name(self) -> dict[str, list[CardDef]]:
        out: dict[str, list[CardDef]] = {}
        for d in self.values():
            out.setdefault(d.full_name, []).append(d)
        return out


CARDS = CardDB()
