"""The structured event log: what happened, with the rule or ability behind it, narrated in English or Japanese."""
from __future__ import annotations

from dataclasses import dataclass, field

from .abilities import RENDER


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened; ``rule`` is a comprehensive-rules number or 'card:NUMBER'."""

    kind: str
    data: dict = field(default_factory=dict)
    rule: str = ""

    def text(self, lang: str = "en") -> str:
        return RENDER["event"](self, lang)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "data": self.data, "rule": self.rule}
