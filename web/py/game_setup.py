"""What the start screen chooses: mode, seats, seed, level, and the decks (shipped, pasted or listed) it offers."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from computer_player import DEFAULT_LEVEL, LEVELS
from protocol import HostError
from state_json import card_info

import cards
from engine import CARDS, deck
from engine import scenario as scenarios

MODES = ("computer", "hotseat")
PRACTICE = ("seed", "rewind", "replay")   # why a game is practice (Setup.practice)

# Fallback decks for when cards.decks() ships nothing yet: one colour each, 50 cards.
FALLBACK_DECK_COLOURS = {"red": ("red", "colorless"), "blue": ("blue", "colorless")}


@dataclass
class Setup:
    """What the start screen chose."""

    mode: str = "computer"
    decks: tuple[list[str], list[str]] = field(default_factory=lambda: ([], []))
    seed: int = 0
    first: int | None = None        # 0/1 forces who goes first; None lets the rules decide
    human: int = 0                  # the human's seat against the computer
    scenario: Any = None            # an engine.scenario description, instead of decks
    level: str = DEFAULT_LEVEL      # the computer's level (LEVELS)
    # Why the game is practice, kept in its save, replay and link: "seed" (a seed chosen on the start screen
    # predicts the computer's cards), "rewind" (rewound after the end), "replay" (played on from a replay,
    # where both hands may have been seen); None for a fair game.
    practice: str | None = None

    @classmethod
    def from_request(cls, request: dict, host: DeckChoices) -> Setup:
        mode = request.get("mode", "computer")
        if mode not in MODES:
            raise HostError(f"unknown mode {mode!r}")
        first = request.get("first")
        seed = request.get("seed")
        setup = cls(
            mode=mode,
            seed=int(seed) if seed is not None else random.randrange(1, 2**31),
            first=None if first in (None, "", "rules") else int(first),
            human=int(request.get("human", 0)),
            scenario=request.get("scenario"),
            level=request.get("level") or DEFAULT_LEVEL,
            practice="seed" if seed is not None else None,
        )
        if setup.level not in LEVELS:
            raise HostError(f"unknown level {setup.level!r}: choose one of {', '.join(LEVELS)}")
        if setup.scenario is None:
            lang = request.get("lang", "en")
            setup.decks = (host.resolve_deck(request.get("deck0"), lang), host.resolve_deck(request.get("deck1"), lang))
        return setup


class DeckChoices:
    """The decks and scenarios a playmat offers, and the card catalogue the page labels them with."""

    _decks: dict[str, dict] | None = None

    def deck_list(self) -> list[dict]:
        return [{"id": key, "name": d.get("name", {"en": key, "ja": key}), "description": d.get("description", {})}
                for key, d in self.decks().items()]

    def decks(self) -> dict[str, dict]:
        """Shipped decks by id, each with a ``numbers`` list; fallback mono-colour decks if none ship."""
        if self._decks is None:
            self._decks = self._shipped_decks() or self._fallback_decks()
        return self._decks

    def _shipped_decks(self) -> dict[str, dict]:
        try:
            shipped = cards.decks()
        except Exception:
            return {}
        out = {}
        for key, shipped_deck in shipped.items():
            try:
                out[key] = {**shipped_deck, "numbers": self.parse_code(shipped_deck["code"])}
            except Exception:
                continue  # a deck the engine cannot read is not offered
        return out

    def _fallback_decks(self) -> dict[str, dict]:
        if not CARDS:
            CARDS.load()
        out = {}
        for key, colours in FALLBACK_DECK_COLOURS.items():
            pool = sorted(n for n, d in CARDS.items() if d.color in colours)
            numbers = [pool[i % len(pool)] for i in range(50)] if pool else []
            out[key] = {"name": {"en": f"{key.title()} starter", "ja": f"{key} スターター"}, "numbers": sorted(numbers)}
        return out

    def parse_code(self, code: str) -> list[str]:
        try:
            return list(deck.parse_code(code))
        except Exception as error:
            raise HostError(f"deck code not readable: {error}") from error

    def resolve_deck(self, choice: Any, lang: str = "en") -> list[str]:
        """A deck from the start screen: a shipped deck id, a pasted deck code or a list of numbers."""
        if isinstance(choice, list):
            numbers = [str(n) for n in choice]
        elif isinstance(choice, str) and choice in self.decks():
            numbers = list(self.decks()[choice]["numbers"])
        elif isinstance(choice, str) and choice.strip():
            numbers = self.parse_code(choice)
        else:
            raise HostError("choose a deck")
        self.validate(numbers, lang)
        return numbers

    def validate(self, numbers: list[str], lang: str = "en") -> None:
        """Reject a deck the deck-construction rules forbid (engine.deck.validate)."""
        problems = deck.validate(numbers, lang)
        if problems:
            raise HostError(" ".join(problems))

    def deck_code(self, deck_id: str) -> str:
        """The deck code of a shipped deck."""
        if deck_id not in self.decks():
            raise HostError(f"no shipped deck {deck_id[:80]!r}")
        return self.decks()[deck_id]["code"]

    def scenario_list(self) -> list[str]:
        names = getattr(scenarios, "names", None)
        return list(names()) if callable(names) else []

    def catalog(self) -> dict[str, dict]:
        """Every card's facts and text in both languages, for hover details and labels."""
        if not CARDS:
            CARDS.load()
        return {number: card_info(card) for number, card in CARDS.items()}
