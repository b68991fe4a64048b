"""The languages the engine speaks: the one list (each has a card-text module and a message catalogue)."""
from __future__ import annotations

LANGS: tuple[str, ...] = ("en", "ja")
DEFAULT = "en"


def known(lang: object) -> str:
    """``lang`` when the engine speaks it, else the default language."""
    return lang if lang in LANGS else DEFAULT   # type: ignore[return-value]
