"""Public: the one check of everything taken from outside, and the one JSON reader for it (docs/saves-and-links.md)."""
from .model.limits import BadInput, a_number
from .model.safe_json import BadJSON, loads
from .persistence.inputs import (
    KINDS,
    SAVE_FORMAT,
    SAVE_KIND,
    BadDeck,
    BadLink,
    BadRecord,
    BadSave,
    check_input,
    save_digest,
)

__all__ = ["KINDS", "SAVE_FORMAT", "SAVE_KIND", "BadDeck", "BadInput", "BadJSON", "BadLink", "BadRecord", "BadSave",
           "a_number", "check_input", "loads", "save_digest"]
