"""Pieces of card text that read the same in every language (signed numbers)."""
from __future__ import annotations

from typing import Any


def signed(v: Any) -> str:
    """A change with its sign: "+300", "-1", "X"."""
    return f"+{v}" if isinstance(v, int) and v >= 0 else str(v)
