"""Command-line arguments shared by the engine's commands: one-line errors, bounded whole numbers."""
from __future__ import annotations

import argparse
import math
import sys
from typing import Any

from ..model.limits import excerpt


def one_line(message: str, limit: int = 250) -> str:
    """An error message as one short line (argparse quotes whole arguments)."""
    text = " ".join(message.split())
    return text if len(text) <= limit else text[:limit] + "…"


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one ``error: ...`` line (and exit status 2), not usage plus message."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"error: {one_line(message)}", file=sys.stderr)
        sys.exit(2)


def whole_number(lo: int, hi: int) -> Any:
    """An argparse type: a whole number from lo to hi, refused (with a short excerpt) otherwise."""
    def parse(text: str) -> int:
        digits = text[1:] if text.startswith("-") else text
        if not (digits.isascii() and digits.isdigit() and len(digits) <= len(str(max(abs(lo), hi)))
                and lo <= int(text) <= hi):
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi}, got {excerpt(text)}")
        return int(text)
    return parse


def seconds(lo: float, hi: float) -> Any:
    """An argparse type: a number of seconds with lo < value <= hi (no NaN, no infinity)."""
    def parse(text: str) -> float:
        try:
            value = float(text) if len(text) <= 30 else math.nan
        except ValueError:
            value = math.nan
        if not lo < value <= hi:   # False for NaN
            raise argparse.ArgumentTypeError(f"expected seconds in ({lo:g}, {hi:g}], got {excerpt(text)}")
        return value
    return parse


GAMES = whole_number(1, 1_000_000)
JOBS = whole_number(1, 256)
BUDGET = seconds(0, 60)
SEED = whole_number(-(2 ** 63), 2 ** 63)
