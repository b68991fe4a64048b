"""Card data: one JSON record per card (facts and ability data), split by colour, plus the shipped decks."""
from __future__ import annotations

import json
from functools import cache
from importlib import resources

COLOUR_FILES = ("red", "blue", "green", "purple", "colorless")


@cache
def records() -> tuple[dict, ...]:
    """All card records, in file order."""
    out: list[dict] = []
    for name in COLOUR_FILES:
        text = resources.files(__name__).joinpath(f"{name}.json").read_text(encoding="utf-8")
        out.extend(json.loads(text))
    return tuple(out)


def decks() -> dict[str, dict]:
    """The shipped ready-to-play decks by id: {"name": {...}, "description": {...}, "code": "..."}."""
    folder = resources.files(__name__).joinpath("decks")
    out = {}
    if not folder.is_dir():
        return out
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            out[entry.name[:-5]] = json.loads(entry.read_text(encoding="utf-8"))
    return out
