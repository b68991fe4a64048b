"""The structured event log: what happened, with the rule or ability behind it, narrated in English or Japanese."""
from __future__ import annotations

from typing import NamedTuple

from .abilities import RENDER


class Event(NamedTuple):
    """One thing that happened; ``rule`` is a comprehensive-rules number or 'card:NUMBER'.

    An immutable value (a named tuple: the engine logs a few events per decision, and a tuple is the cheapest
    immutable record to build)."""

    kind: str
    data: dict = {}   # noqa: RUF012  (never mutated: emit always passes its own dict)
    rule: str = ""

    def text(self, lang: str = "en") -> str:
        return RENDER["event"](self, lang)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "data": self.data, "rule": self.rule}
