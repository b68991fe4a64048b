"""The game's words in English and Japanese: card types, colours, keywords, zones and counters.

Card details and messages say these through here, so a client never shows a raw data word (``pal``,
``purple``, ``interrupt``) to a player."""
from __future__ import annotations

from ..model.abilities import KEYWORD_NAMES

TYPES = {"pal": ("Pal", "パル"), "structure": ("Structure", "建築物"), "gear": ("Gear", "ギア"),
         "event": ("Event", "イベント")}
COLORS = {"red": ("Red", "赤"), "blue": ("Blue", "青"), "green": ("Green", "緑"), "purple": ("Purple", "紫"),
          "colorless": ("Colourless", "無色")}
ZONES = {"hand": ("hand", "手札"), "deck": ("deck", "山札"), "base": ("base", "拠点"),
         "graveyard": ("graveyard", "墓地"), "exile": ("exile", "除外"), "soul": ("soul deck", "ソウル"),
         "resolution": ("resolution area", "解決領域")}
COUNTERS = {"material": ("Material", "素材"), "ingredient": ("Ingredient", "食材")}


def _say(table: dict[str, tuple[str, str]], word: str, lang: str) -> str:
    pair = table.get(word)
    if pair is None:
        return str(word)
    return pair[1] if lang == "ja" else pair[0]


def type_name(word: str, lang: str = "en") -> str:
    """A card type as a player reads it ("pal" -> "Pal" / "パル")."""
    return _say(TYPES, word, lang)


def color_name(word: str, lang: str = "en") -> str:
    """A colour ("colorless" -> "Colourless" / "無色")."""
    return _say(COLORS, word, lang)


def keyword_name(word: str, lang: str = "en") -> str:
    """A keyword's printed name ("interrupt" -> "Interrupt" / "妨害")."""
    return _say(KEYWORD_NAMES, word, lang)


def zone_name(word: str, lang: str = "en") -> str:
    """A zone ("graveyard" -> "graveyard" / "墓地")."""
    return _say(ZONES, word, lang)


def counter_name(word: str, lang: str = "en") -> str:
    """A counter kind ("material" -> "Material" / "素材")."""
    return _say(COUNTERS, word, lang)


def all_words(lang: str) -> dict[str, dict[str, str]]:
    """Every word of each kind in ``lang``, for a client's card details: {"type": {...}, "color": {...}, ...}."""
    tables = {"type": TYPES, "color": COLORS, "keyword": KEYWORD_NAMES, "zone": ZONES, "counter": COUNTERS}
    return {kind: {word: _say(table, word, lang) for word in table} for kind, table in tables.items()}
