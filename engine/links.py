"""Public: whole-game links (a game as a short URL-safe code) and links to a moment (docs/saves-and-links.md)."""
from .persistence.inputs import BadLink
from .persistence.links import (
    SHIPPED_DECKS,
    Decoded,
    Moment,
    check_moment,
    decode,
    encode,
    read_moment,
    shipped_lists,
    with_moment,
)

__all__ = ["SHIPPED_DECKS", "BadLink", "Decoded", "Moment", "check_moment", "decode", "encode", "read_moment",
           "shipped_lists", "with_moment"]
