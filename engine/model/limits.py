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
MAX_NODES = 2_000_000            # values (objects, lists, strings, numbers) in one parsed input
MAX_HASH_CHARS = 64              # characters of a state hash, a card data version or a save's check
MAX_VERSION_CHARS = 60           # characters of an engine version ("0.2.0")

# Deck construction (rule 6.1): every deck taken from outside (a record, a link, a save) must follow it.
DECK_SIZE = 50                   # cards in a main deck, exactly (6.1.1)
MAX_COPIES = 4                   # cards with one name (any number or rarity), unless the card allows any number
MAX_LUCKY = 8                    # Lucky Pals in a deck (6.1.1)
MAX_COLOURS = 2                  # colours in a deck, colourless aside
SOUL_DECK_SIZE = 10              # souls every player gets (6.1.2); never part of a deck list

# Saves, replay files and exports the page stores or imports.
MAX_DECIDERS = MAX_CHOICES       # entries of a save's list of who decided (never more than its choices)
MAX_NAME_CHARS = 100             # characters of a saved game's or replay's name
MAX_WHY_CHARS = 500              # characters of one line of a save's why lines (one language)
MAX_WHY_LINES = 8                # why lines kept at one log line of a save
MAX_DATE_CHARS = 40              # characters of a created/updated time (ISO 8601)
MAX_ID_CHARS = 40                # characters of a stored entry's id
MAX_EXPORT_ITEMS = 5_000         # saves and replays in one exported file
MAX_EXPORT_CHARS = 25_000_000    # characters of an exported file (the page sends it whole to the engine)

# Whole-game links (engine.persistence.links).
MAX_LINK_CHARS = 8_000           # characters of a code (a 400-decision game needs about 150)
MAX_LINK_CHOICES = 20_000        # choices in one link
MAX_SCENARIO_BYTES = 100_000     # a link's scenario JSON once decompressed

# Scenarios: labels that name cards ("@label").
MAX_LABEL_CHARS = 40

_BIG_INT_BITS = 128


class BadInput(ValueError):
    """Input from outside the engine (a record, save, link, scenario, deck code or JSON text) that is refused;
    the message says what is wrong and where, in one short line. Each kind has its own subclass."""


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
