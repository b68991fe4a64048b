"""Hostile link codes: each is refused with BadLink, a short one-line message saying what is wrong, quickly,
and never runs anything but the engine's own choices (the decoder only reads digits and applies legal options)."""
from __future__ import annotations

import base64
import random
import re
import time
import zlib

import pytest

from engine import CARDS, Game
from engine import __version__ as engine_version
from engine.bench import random_deck
from engine.clients.ai import RandomPlayer
from engine.persistence import links
from engine.persistence.links import _Writer

TIME_LIMIT = 5.0   # seconds: a hang guard on a shared CI core, not a benchmark


def _game(seed: int = 4, stop: int = 150) -> Game:
    rng = random.Random(seed)
    game = Game.new(random_deck(rng), random_deck(rng), seed)
    players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
    while game.decision is not None and len(game.choices) < stop:
        d = game.decision
        game.apply(players[d.player].choose({"decision": {"options": [a.text for a in d.options]}}))
    return game


GOOD = links.encode(_game())
# a damaged link of this version fails a check, names a deck or version this app lacks, or cannot start
DAMAGED = "damaged|does not have|cannot start|version"


def _code(writer: _Writer) -> str:
    n = writer.number()
    return "g" + base64.urlsafe_b64encode(n.to_bytes((n.bit_length() + 7) // 8, "big")).decode().rstrip("=")


VERSION = tuple(int(part) for part in engine_version.split("."))   # links of this engine version


def _header(w: _Writer, scenario: bytes | None = None, seed: int = 1) -> _Writer:
    w.put(0, 1 << 16)
    for part in VERSION:
        w.put_uint(part)
    w.put(links._cards_tag(CARDS.version), 1 << 16)
    if scenario is not None:
        w.put(1, 2)
        w.put_bytes(scenario)
        return w
    w.put(0, 2)
    w.put(0, 3)
    w.put(0, 2)
    w.put_uint(seed)
    for _ in (0, 1):
        w.put(1, 2)
        w.put_uint(2)
    return w


def _with(**fields) -> str:
    w = _header(_Writer(), fields.get("scenario"), fields.get("seed", 1))
    w.put_uint(fields.get("count", 0))
    w.put(fields.get("conceded", 0), 3)
    return _code(w)


def _flip(code: str, index: int) -> str:
    chars = list(code)
    chars[index] = "A" if chars[index] != "A" else "B"
    return "".join(chars)


HOSTILE = {
    "not text": (None, "is text"),
    "a number": (12345, "is text"),
    "a list": (["g"], "is text"),
    "empty": ("", "empty"),
    "format letter only": ("g", "empty"),
    "another format": ("zABCD", "format"),
    "upper-case format": ("GABCD", "format"),
    "percent escapes": ("g%41%42", "characters"),
    "spaces": ("gAB CD", "characters"),
    "standard base64 plus": ("gAB+CD", "characters"),
    "standard base64 slash": ("gAB/CD", "characters"),
    "padding": ("gABCD==", "characters"),
    "script in the code": ("g<script>alert(1)</script>", "characters"),
    "javascript url": ("javascript:alert(1)", "format"),
    "html entity": ("g&lt;b&gt;", "characters"),
    "unicode letters": ("gÅÄÖ", "characters"),
    "zero width space": ("gAB\u200bCD", "characters"),
    "nul byte": ("gAB\x00CD", "characters"),
    "lone surrogate": ("gAB\ud800", "characters"),
    "one base64 char too many": ("g" + "A" * 5, "cut short"),
    "leading zero byte": ("gAAAB", "padding"),
    "size bomb": ("g" + "A" * (links.MAX_LINK_CHARS + 1), "too long"),
    "huge code of 9s": ("g" + "9" * (links.MAX_LINK_CHARS - 1), "damaged|too large|cannot start|does not have"),
    "truncated by half": (GOOD[: len(GOOD) // 2], DAMAGED),
    "truncated by one": (GOOD[:-1], DAMAGED),
    "one more char": (GOOD + "A", DAMAGED),
    "first data char changed": (_flip(GOOD, 1), DAMAGED),
    "middle char changed": (_flip(GOOD, len(GOOD) // 2), DAMAGED),
    "last char changed": (_flip(GOOD, len(GOOD) - 1), DAMAGED),
    "two links glued": (GOOD + GOOD[1:], DAMAGED),
    "reversed": ("g" + GOOD[:0:-1], DAMAGED),
    "huge engine version": (_code((lambda w: (w.put(0, 1 << 16), w.put_uint(10**7), w)[2])(_Writer())), "engine version"),
    "unknown shipped deck": (_code((lambda w: (w.put(0, 1 << 16), [w.put_uint(p) for p in VERSION], w.put(0, 1 << 16), w.put(0, 2), w.put(0, 3), w.put(0, 2), w.put_uint(1), w.put(1, 2), w.put_uint(999), w)[-1])(_Writer())), "shipped deck 999"),
    "seed beyond 2**64": (_code((lambda w: (w.put(0, 1 << 16), [w.put_uint(p) for p in VERSION], w.put(0, 1 << 16), w.put(0, 2), w.put(0, 3), w.put(0, 2), w.put_uint(2**70), w)[-1])(_Writer())), "seed"),
    "too many choices": (_with(count=links.MAX_LINK_CHOICES + 5), "number of choices"),
    "choices beyond the game": (_with(count=links.MAX_LINK_CHOICES), "damaged"),
    "check does not match": (_with(count=0), "check does not match"),
    "concession without choices mismatch": (_with(count=0, conceded=2), "check does not match"),
    "scenario zip bomb": (_with(scenario=zlib.compress(b"[" * 200_000)), "too large|cut short"),
    "scenario not zlib": (_with(scenario=b"not zlib at all"), "not readable"),
    "scenario not json": (_with(scenario=zlib.compress(b"{nope")), "not readable"),
    "scenario nested deep": (_with(scenario=zlib.compress(b"[" * 40 + b"]" * 40)), "nested too deep|cannot start"),
    "scenario not an object": (_with(scenario=zlib.compress(b"[1, 2]")), "cannot start"),
    "scenario with unknown card": (_with(scenario=zlib.compress(b'{"players": [{"hand": ["XX-999"]}, {}]}')), "cannot start"),
    "scenario with script text": (_with(scenario=zlib.compress(b'{"title": "<script>alert(1)</script>", "turn": "x"}')), "cannot start"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_links_are_refused_clearly(name: str) -> None:
    code, mentions = HOSTILE[name]
    t0 = time.perf_counter()
    with pytest.raises(links.BadLink) as caught:
        links.decode(code)
    assert time.perf_counter() - t0 < TIME_LIMIT
    message = str(caught.value)
    assert "\n" not in message and len(message) < 300
    assert re.search(mentions, message, re.I), message


def test_the_corpus_is_large_enough() -> None:
    assert len(HOSTILE) >= 40


def test_the_good_link_decodes() -> None:
    assert len(links.decode(GOOD).game.choices) == 150
