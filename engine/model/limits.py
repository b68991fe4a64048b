"""Bounds on every size that comes from outside the engine, and ``excerpt`` for quoting input in messages.

Input beyond a bound is refused at once with the engine's documented error, before any work proportional to it
is done (docs/engine-api.md, "Bad input"). The bounds are generous: no real game, deck or scenario comes near.
"""
from __future__ import annotations

import json
from itertools import islice

MAX_JSON_SIZE = 5_000_000        # characters (or bytes) of a save, replay or scenario given as text
MAX_JSON_DEPTH = 32              # nesting of arrays and objects in that text
MAX_NUMBER_DIGITS = 30           # digits of one number in that text
MAX_ACTION_CHARS = 200           # characters of one action text
MAX_CHOICES = 200_000            # choices in one save or replay
MAX_PLAYER_CARDS = 200           # cards of one player: a recorded deck, or all zones of a scenario player
MAX_SEED = 2 ** 64               # a seed is a whole number with abs(seed) < MAX_SEED
MAX_CARD_NUMBER_CHARS = 40       # characters of one card number
MAX_TEXT_CHARS = 10_000          # characters of a scenario's title, description, lesson or goal
MAX_DECK_CODE_CHARS = 20_000     # characters of a deck code
MAX_ENTRY_COPIES = 50            # copies in one deck-code entry
MAX_CODE_CARDS = 200             # cards in one deck code, all entries together
MAX_PROBLEMS = 5                 # problems listed in one message (then "... and N more")
EXCERPT_CHARS = 40               # characters of input quoted in a message

_BIG_INT_BITS = 128


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """``value`` quoted for an error message: JSON-like, one line, printable, at most ``limit`` characters
    of it (then ``…``), whatever its size or nesting."""
    text = _brief(value, limit, 2)
    if len(text) > limit:
        text = text[:limit] + "…"
    # lone surrogates (from JSON escapes or Python strings) would make the message unprintable
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _brief(value: object, limit: int, depth: int) -> str:
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, str):
        return json.dumps(value[:limit + 1], ensure_ascii=False)
    if isinstance(value, int):
        if value.bit_length() > _BIG_INT_BITS:  # str() of a huge int is slow or refused (int_max_str_digits)
            return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, bytes | bytearray):
        return repr(bytes(value[:limit + 1]))
    if isinstance(value, list | tuple | dict):
        if depth == 0:
            return "[…]" if not isinstance(value, dict) else "{…}"
        if isinstance(value, dict):
            items = [f"{_brief(k, limit, 0)}: {_brief(v, limit, depth - 1)}" for k, v in islice(value.items(), 3)]
            more = ", …" if len(value) > 3 else ""
            return "{" + ", ".join(items) + more + "}"
        items = [_brief(v, limit, depth - 1) for v in value[:3]]
        return "[" + ", ".join(items) + (", …" if len(value) > 3 else "") + "]"
    return f"a {type(value).__name__}"


def a_number(value: object) -> bool:
    """True for a whole number that is not a bool (JSON true/false are not numbers)."""
    return isinstance(value, int) and not isinstance(value, bool)


def listed(problems: list[str]) -> list[str]:
    """At most MAX_PROBLEMS problems, then one line saying how many more there were."""
    if len(problems) <= MAX_PROBLEMS:
        return problems
    return [*problems[:MAX_PROBLEMS], f"… and {len(problems) - MAX_PROBLEMS} more."]
