"""Public: deck construction (6.1) and deck codes (docs/engine-api.md, "Cards")."""
from .rules.deck import (
    DeckCodeError,
    DeckError,
    any_number_allowed,
    check_decks,
    is_legal,
    known,
    parse_code,
    parse_entries,
    to_code,
    validate,
)

__all__ = ["DeckCodeError", "DeckError", "any_number_allowed", "check_decks", "is_legal", "known", "parse_code",
           "parse_entries", "to_code", "validate"]
