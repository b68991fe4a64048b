"""The game's words in each language: card types, colours, keywords, zones and counters.

Card details and messages say these through here, so a client never shows a raw data word (``pal``,
``purple``, ``interrupt``) to a player. The words themselves are in each language's card-text module."""
from __future__ import annotations

from .cardtext import WORD_KINDS, texts
from .languages import known


def _say(kind: str, word: str, lang: str) -> str:
    return texts(known(lang)).WORDS[kind].get(word, str(word))


def type_name(word: str, lang: str = "en") -> str:
    """A card type as a player reads it ("pal" -> "Pal" / "パル")."""
    return _say("type", word, lang)


def color_name(word: str, lang: str = "en") -> str:
    """A colour ("colorless" -> "Colourless" / "無色")."""
    return _say("color", word, lang)


def keyword_name(word: str, lang: str = "en") -> str:
    """A keyword's printed name ("interrupt" -> "Interrupt" / "妨害")."""
    return _say("keyword", word, lang)


def zone_name(word: str, lang: str = "en") -> str:
    """A zone ("graveyard" -> "graveyard" / "墓地")."""
    return _say("zone", word, lang)


def counter_name(word: str, lang: str = "en") -> str:
    """A counter kind ("material" -> "Material" / "素材")."""
    return _say("counter", word, lang)


def all_words(lang: str) -> dict[str, dict[str, str]]:
    """Every word of each kind in ``lang``, for a client's card details: {"type": {...}, "color": {...}, ...}."""
    words = texts(known(lang)).WORDS
    return {kind: dict(words[kind]) for kind in WORD_KINDS}
