"""Command-line arguments shared by the engine's commands: one-line errors, bounded whole numbers."""
from __future__ import annotations

import argparse
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


GAMES = whole_number(1, 1_000_000)
SEED = whole_number(-(2 ** 63), 2 ** 63)
