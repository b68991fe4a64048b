"""Whole-game links: a game (versions, decks, seed, who went first, every choice) as a short URL-safe code.

A code is one letter naming the link format, then base64url (no padding) of one big integer. The integer packs a
sequence of digits, each with its own radix (mixed radix: the first digit is the least significant), so each
field costs about log2(radix) bits:

* a 16-bit check of the game's content (its setup and choice texts), and the engine and card-data versions;
* the setup: who goes first (the rules, player 0 or 1), whether decks were checked, the seed, then each deck as
  the index of a shipped deck or as a card multiset (which colours, then for each card of those colours and
  colourless whether the deck holds it and how many); or a scenario, as zlib-compressed JSON;
* the number of choices and who conceded, if anyone;
* every choice as its index among the legal options of its decision (a decision with one option costs nothing),
  with an 8-bit check of the content so far after every ``CHECK_EVERY`` choices.

Decoding re-executes the game: each decision's options give the radix of its digit. A link made by another
engine or card-data version is replayed up to the last check that still matches; the result says which
version made it and why it stops. Hostile input (bad base64, too long, impossible fields, a size bomb, a wrong
check) raises ``BadLink`` with a short message; nothing from a link is ever run but the engine's own choices.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import cards as card_data

from ..model.carddb import CARDS, UnknownCard
from ..model.limits import (  # noqa: F401  (MAX_LINK_CHARS: this module's name before)
    MAX_LINK_CHARS,
    MAX_LINK_CHOICES,
    MAX_PLAYER_CARDS,
    MAX_SCENARIO_BYTES,
    MAX_SEED,
    excerpt,
)
from ..model.safe_json import BadJSON, loads
from ..model.version import __version__
from ..rules.deck import parse_code
from .inputs import LINK_FORMAT, BadLink, BadRecord, check_input, check_setup, same_major
from .replay import fresh_game
from .scenario import BadScenario

CHECK_EVERY = 64               # choices between two 8-bit checks
# Shipped decks by their index in a link. Append only: an index never changes meaning.
SHIPPED_DECKS = ("bp01-blue-purple", "bp01-red-green", "etd01-red-blue", "etd02-green-purple")
COLOURS = ("red", "blue", "green", "purple")
_VERSION = re.compile(r"([0-9]{1,6})\.([0-9]{1,6})\.([0-9]{1,6})")


@dataclass
class Decoded:
    """A decoded link: the record (as ``engine.replay`` reads it), the game re-executed to its last good
    choice, the versions that made it, warnings, and ``stopped`` (why it stops early) or None."""

    record: dict
    game: Any
    engine: str
    cards: str
    warnings: list[str] = field(default_factory=list)
    stopped: str | None = None


# ---------------------------------------------------------------------------------------------- mixed radix

class _Writer:
    """Digits with their radix, packed into one integer (first digit least significant)."""

    def __init__(self) -> None:
        self.digits: list[tuple[int, int]] = []

    def put(self, digit: int, radix: int) -> None:
        if radix > 1:
            if not 0 <= digit < radix:
                raise ValueError(f"digit {digit} outside radix {radix}")
            self.digits.append((digit, radix))

    def put_uint(self, value: int) -> None:
        """An unbounded whole number, 3 bits per 4-bit digit (small numbers are cheap)."""
        while True:
            more = value >= 8
            self.put((value & 7) | (8 if more else 0), 16)
            value >>= 3
            if not more:
                return

    def put_bytes(self, data: bytes) -> None:
        self.put_uint(len(data))
        for b in data:
            self.put(b, 256)

    def number(self) -> int:
        n = 0
        for digit, radix in reversed(self.digits):
            n = n * radix + digit
        return n


class _Reader:
    """Reads the digits of a ``_Writer`` back, given the same radices in the same order."""

    def __init__(self, n: int) -> None:
        self.n = n

    def get(self, radix: int) -> int:
        if radix <= 1:
            return 0
        self.n, digit = divmod(self.n, radix)
        return digit

    def get_uint(self, limit: int, what: str) -> int:
        value, shift = 0, 0
        while True:
            d = self.get(16)
            value |= (d & 7) << shift
            shift += 3
            if value >= limit:
                raise BadLink(f"The link is damaged: its {what} is too large.")
            if not d & 8:
                return value

    def get_bytes(self, limit: int, what: str) -> bytes:
        size = self.get_uint(limit + 1, what)
        return bytes(self.get(256) for _ in range(size))


# ---------------------------------------------------------------------------------------------- encoding

def encode(game_or_record: Any) -> str:
    """The link code of a game (an ``engine.Game``) or of a record (``game.record()``, or its dict)."""
    record = game_or_record.record() if hasattr(game_or_record, "record") else game_or_record
    setup, choices = record["setup"], list(record["choices"])
    conceded = 0
    if choices and choices[-1].startswith("concede "):
        conceded = 1 + int(choices.pop().split()[1])
    w = _Writer()
    w.put(int.from_bytes(_content_hash(setup, record["choices"]).digest()[:2], "big"), 1 << 16)
    for part in _version_parts(record.get("engine") or __version__):
        w.put_uint(part)
    w.put(_cards_tag(record.get("cards") or CARDS.version), 1 << 16)
    _put_setup(w, setup)
    w.put_uint(len(choices))
    w.put(conceded, 3)
    _put_choices(w, setup, choices)
    n = w.number()
    raw = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return LINK_FORMAT + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _put_setup(w: _Writer, setup: dict) -> None:
    if "scenario" in setup:
        w.put(1, 2)
        text = json.dumps(setup["scenario"], separators=(",", ":"), sort_keys=True, ensure_ascii=False)
        w.put_bytes(zlib.compress(text.encode("utf-8"), 9))
        return
    w.put(0, 2)
    first = setup.get("first")
    w.put(0 if first is None else first + 1, 3)
    w.put(0 if setup.get("check_decks", True) else 1, 2)
    seed = setup["seed"]
    w.put_uint(seed * 2 if seed >= 0 else -seed * 2 - 1)
    shipped = shipped_lists()
    for deck in setup["decks"]:
        key = tuple(sorted(CARDS.canonical(n) for n in deck))
        if key in shipped:
            w.put(1, 2)
            w.put_uint(shipped[key])
        else:
            w.put(0, 2)
            _put_multiset(w, key)


def _put_multiset(w: _Writer, deck: tuple[str, ...]) -> None:
    """Which colours, then for each card of those colours (and colourless) in number order: held, and how many."""
    counts = Counter(deck)
    colours = {CARDS[n].color for n in counts}
    for colour in COLOURS:
        w.put(1 if colour in colours else 0, 2)
    for number in _pool(colours):
        count = counts.get(number, 0)
        w.put(1 if count else 0, 2)
        if count:
            w.put(min(count, 4) - 1, 4)
            if count >= 4:
                w.put_uint(count - 4)


def _put_choices(w: _Writer, setup: dict, choices: list[str]) -> None:
    """Each choice as its index among the options, re-executing the game to know them."""

    game = fresh_game(setup, snapshots=False)
    running = _content_hash(setup, [])
    for i, text in enumerate(choices):
        options = [a.text for a in game.decision.options]
        w.put(options.index(text), len(options))
        game.apply(text)
        running.update(text.encode() + b"\n")
        if (i + 1) % CHECK_EVERY == 0:
            w.put(running.digest()[0], 256)


# ---------------------------------------------------------------------------------------------- decoding

def decode(code: Any) -> Decoded:
    """Read a link code and re-execute its game; raises BadLink for anything that is not a good link.

    A link made by another engine or card-data version whose choices stop matching is returned with the game
    up to its last matching check and ``stopped`` saying which version made it and why it stops there."""

    reader = _Reader(_number(code))
    check = reader.get(1 << 16)
    engine = ".".join(str(reader.get_uint(10**6, "engine version")) for _ in range(3))
    if not same_major(engine):
        raise BadLink(f"This link says engine {engine} made it: it is damaged, or it is from another major version "
                      f"(this app's engine {__version__} opens only its own; the rules may differ).")
    cards_tag = reader.get(1 << 16)
    setup = _get_setup(reader)
    count = reader.get_uint(MAX_LINK_CHOICES + 1, "number of choices")
    conceded = reader.get(3)

    try:
        check_setup(setup)   # the one check of records: rule 6.1 holds whatever the link's decks-checked flag says
        game = fresh_game(setup, snapshots=True)
    except (BadRecord, BadScenario, ValueError) as e:
        raise BadLink(f"The link's game cannot start: {e}") from None
    same = engine == __version__ and cards_tag == _cards_tag(CARDS.version)
    made = f"engine {engine}" + ("" if cards_tag == _cards_tag(CARDS.version) else " with other card data")
    out = Decoded({}, game, engine, f"{cards_tag:04x}")
    if not same:
        out.warnings.append(f"This link was made by {made}; this is engine {__version__}, so it may not replay "
                            "the same.")
    running = _content_hash(setup, [])
    good = 0   # choices known to match (up to the last check passed)
    problem = None
    for i in range(count):
        if game.decision is None:
            problem = f"the game ends after {i} of its {count} choices"
            break
        options = game.decision.options
        text = options[reader.get(len(options))].text
        game.apply(text)
        running.update(text.encode() + b"\n")
        if (i + 1) % CHECK_EVERY == 0:
            if reader.get(256) != running.digest()[0]:
                problem = f"its choices stop matching between decisions {good} and {i + 1}"
                break
            good = i + 1
    else:
        if conceded:
            if game.decision is None:
                problem = "it concedes a game that is already over"
            else:
                game.concede(conceded - 1)
        if problem is None and reader.n:
            problem = "it has data left over after its last choice"
        if problem is None and int.from_bytes(_content_hash(setup, game.choices).digest()[:2], "big") != check:
            problem = "its check does not match the game it describes"
    if problem is not None:
        if same:
            raise BadLink(f"The link is damaged or was altered: {problem}.")
        game = game.rewind(good)
        out.game = game
        out.stopped = (f"This link was made by {made}; this engine ({__version__}) replays it only up to "
                       f"decision {good}: {problem} (the rules or cards have changed since).")
    out.record = game.record()
    return out


def _number(code: Any) -> int:
    """The integer a code carries; BadLink for anything that is not a code of this format."""
    body = check_input(code, "link")[1:]
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise BadLink("The link is damaged: it is not valid base64.") from None
    if raw[:1] == b"\0":
        raise BadLink("The link is damaged: it starts with padding.")
    return int.from_bytes(raw, "big")


def _get_setup(r: _Reader) -> dict:
    if r.get(2):
        data = r.get_bytes(MAX_LINK_CHARS, "scenario")
        return {"scenario": _scenario(data)}
    first = r.get(3)
    check_decks = r.get(2) == 0
    z = r.get_uint(2 * MAX_SEED, "seed")
    seed = z // 2 if z % 2 == 0 else -(z + 1) // 2
    decks = [_get_deck(r, p) for p in (0, 1)]
    setup: dict = {"decks": decks, "seed": seed, "first": None if first == 0 else first - 1}
    if not check_decks:
        setup["check_decks"] = False
    return setup


def _get_deck(r: _Reader, player: int) -> list[str]:
    if r.get(2):
        index = r.get_uint(1 << 16, "deck number")
        lists = {i: numbers for numbers, i in shipped_lists().items()}
        if index not in lists:
            raise BadLink(f"The link names shipped deck {index} for player {player}, which this app does not have: "
                          "the link is damaged or was made by a newer version.")
        return list(lists[index])
    colours = {c for c in COLOURS if r.get(2)}
    deck: list[str] = []
    for number in _pool(colours):
        if r.get(2):
            count = r.get(4) + 1
            if count == 4:
                count += r.get_uint(MAX_PLAYER_CARDS + 1, "card count")
            deck.extend([number] * count)
            if len(deck) > MAX_PLAYER_CARDS:
                raise BadLink(f"The link's deck for player {player} has more than {MAX_PLAYER_CARDS} cards.")
    return deck


def _scenario(data: bytes) -> Any:
    """A scenario's JSON from its compressed bytes, never inflating beyond MAX_SCENARIO_BYTES."""

    inflate = zlib.decompressobj()
    try:
        text = inflate.decompress(data, MAX_SCENARIO_BYTES)
    except zlib.error:
        raise BadLink("The link is damaged: its scenario is not readable.") from None
    if inflate.unconsumed_tail or not inflate.eof:
        raise BadLink(f"The link's scenario is too large or cut short (at most {MAX_SCENARIO_BYTES} bytes).")
    try:
        return loads(text, MAX_SCENARIO_BYTES)
    except BadJSON as e:
        raise BadLink(f"The link's scenario is not readable: {e}") from None


# ---------------------------------------------------------------------------------------------- shared parts

def _content_hash(setup: dict, choices: list[str]) -> Any:
    """A running sha256 of what a link means: its setup (canonical JSON) and then each choice text."""
    h = hashlib.sha256(json.dumps(_canonical_setup(setup), sort_keys=True, separators=(",", ":")).encode())
    for text in choices:
        h.update(text.encode() + b"\n")
    return h


def _canonical_setup(setup: dict) -> dict:
    if "scenario" in setup:
        return {"scenario": setup["scenario"]}
    out = {"decks": [sorted(CARDS.canonical(n) for n in d) for d in setup["decks"]], "seed": setup["seed"],
           "first": setup.get("first")}
    if setup.get("check_decks", True) is False:
        out["check_decks"] = False
    return out


def _version_parts(version: str) -> tuple[int, int, int]:
    m = _VERSION.match(version) if isinstance(version, str) else None
    return (int(m[1]), int(m[2]), int(m[3])) if m else (0, 0, 0)


def _cards_tag(version: str) -> int:
    """16 bits of the card data version (a hex digest)."""
    try:
        return int(version[:4], 16)
    except (TypeError, ValueError):
        return 0


def _pool(colours: set[str]) -> list[str]:
    """The card numbers a deck of these colours may hold, in number order (colourless always)."""
    return sorted(n for n, d in CARDS.items() if d.color in colours or d.color == "colorless")


_SHIPPED: dict[tuple[str, ...], int] | None = None


def shipped_lists() -> dict[tuple[str, ...], int]:
    """Each shipped deck's sorted card list → its index in SHIPPED_DECKS."""
    global _SHIPPED
    if _SHIPPED is None:
        _SHIPPED = {}
        decks = card_data.decks()
        for index, key in enumerate(SHIPPED_DECKS):
            if key in decks:
                try:
                    _SHIPPED[tuple(sorted(CARDS.canonical(n) for n in parse_code(decks[key]["code"])))] = index
                except (UnknownCard, ValueError):
                    continue
    return _SHIPPED



# ---------------------------------------------------------------------------------------------- moments and labels

# A link may carry, after its code, fields separated by ".": the decision to open at ("a44"), who played
# ("c0"/"c1": against the computer, the human in seat 0 or 1; "h": two people at one screen), the names the
# players typed ("n" + base64url of "NAME0\nNAME1") and "p" (open the position to play it, not to watch it).
# base64url has no ".", so a code and its fields never mix. Each field is checked here, with its limits.
MAX_LABEL_CHARS = 24           # one player's typed name
MAX_FIELDS_CHARS = 120         # all the fields together
_FIELD = re.compile(r"a(0|[1-9][0-9]{0,5})|c[01]|h|p|n[A-Za-z0-9_-]{1,80}")


@dataclass(frozen=True)
class Moment:
    """What a link says beyond its game: the decision to open at (None: the end), who played (``mode``
    "computer" with ``human``, or "hotseat"; None if it does not say), typed names, and whether to play on."""

    code: str
    at: int | None = None
    mode: str | None = None
    human: int = 0
    names: tuple[str, str] | None = None
    play: bool = False


def with_moment(code: str, at: int | None = None, mode: str | None = None, human: int = 0,
                names: Any = None, play: bool = False) -> str:
    """A code with its fields (see ``Moment``); ``names`` are two typed names, kept only if both are valid."""
    fields = []
    if at is not None:
        fields.append(f"a{int(at)}")
    if mode == "computer":
        fields.append(f"c{1 if human == 1 else 0}")
    elif mode == "hotseat":
        fields.append("h")
    if names is not None:
        fields.append("n" + base64.urlsafe_b64encode("\n".join(_checked_names(names)).encode()).decode().rstrip("="))
    if play:
        fields.append("p")
    return ".".join([code, *fields])


def read_moment(text: Any) -> Moment:
    """Split a link into its code and its fields; BadLink (with a short reason) for any field it does not know
    or that breaks its limits. The code itself is checked by ``decode``."""
    if not isinstance(text, str):
        raise BadLink(f"A link code is text, not {excerpt(text)}.")
    code, _, rest = text.partition(".")
    if not rest:
        return Moment(code)
    if len(rest) > MAX_FIELDS_CHARS:
        raise BadLink(f"The link's fields after its code are too long ({len(rest)} characters, at most "
                      f"{MAX_FIELDS_CHARS}).")
    found: dict[str, Any] = {}
    for field_text in rest.split("."):
        if not _FIELD.fullmatch(field_text):
            raise BadLink(f"The link has a field it does not know: {excerpt(field_text)}.")
        key = "c" if field_text[0] in "ch" else field_text[0]
        if key in found:
            raise BadLink(f"The link says {excerpt(field_text)} twice.")
        found[key] = field_text
    names = _read_names(found["n"][1:]) if "n" in found else None
    mode = {"c0": ("computer", 0), "c1": ("computer", 1), "h": ("hotseat", 0)}.get(found.get("c", ""), (None, 0))
    return Moment(code, int(found["a"][1:]) if "a" in found else None, mode[0], mode[1], names, "p" in found)


def check_moment(moment: Moment, choices: int) -> None:
    """A decision to open at must be one of the game's: 0 (the start) to ``choices`` (the end)."""
    if moment.at is not None and moment.at > choices:
        raise BadLink(f"The link opens at decision {moment.at}, but its game has only {choices} decisions.")


def _read_names(data: str) -> tuple[str, str]:
    try:
        text = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)).decode("utf-8")
    except (binascii.Error, ValueError):
        raise BadLink("The link's player names are damaged.") from None
    try:
        return _checked_names(text.split("\n"))
    except ValueError as e:
        raise BadLink(f"The link's player names are not usable: {e}") from None


def _checked_names(names: Any) -> tuple[str, str]:
    if not isinstance(names, (list, tuple)) or len(names) != 2:
        raise ValueError("expected two names")
    out = []
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise ValueError("a name is empty")
        if len(name) > MAX_LABEL_CHARS:
            raise ValueError(f"a name is longer than {MAX_LABEL_CHARS} characters")
        if any(ch < " " or ch == "\x7f" for ch in name):
            raise ValueError("a name holds control characters")
        out.append(name.strip())
    return out[0], out[1]
