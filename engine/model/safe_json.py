"""JSON from outside the engine, parsed within bounds: ``loads(text, max_size, max_depth)``.

Before ``json.loads`` runs, a cheap scan (regular expressions, no Python loop per character) checks the size,
the nesting depth and the length of number literals, so a hostile text cannot exhaust the recursion limit,
Python's int-string conversion limit or the memory. Then it refuses what ``json`` would accept silently:
duplicate keys (named by their path, e.g. ``players[1].life``), ``NaN``/``Infinity``, numbers that overflow to
infinity, and strings holding lone surrogates (they cannot be printed or saved as UTF-8).
"""
from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any

from .limits import MAX_JSON_DEPTH, MAX_JSON_SIZE, MAX_NUMBER_DIGITS, BadInput, excerpt


class BadJSON(BadInput):
    """Text that is not acceptable JSON for the engine; the message says why (and where, when it can)."""


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_NUMBER_DIGITS + 1},}}")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,39}")
_ENCODINGS = {"utf-8": "UTF-8", "utf-8-sig": "UTF-8", "utf-16": "UTF-16", "utf-16-le": "UTF-16",
              "utf-16-be": "UTF-16", "utf-32": "UTF-32", "utf-32-le": "UTF-32", "utf-32-be": "UTF-32"}


class _Duplicated(dict):
    """An object in which a key appeared twice (the hook cannot know its path; the walk afterwards does)."""

    key: str = ""


def loads(text: str | bytes | bytearray, max_size: int = MAX_JSON_SIZE, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Parse JSON ``text`` (bytes are decoded as UTF-8, -16 or -32 like ``json.loads``); raises BadJSON."""
    if isinstance(text, bytes | bytearray):
        if len(text) > max_size:
            raise BadJSON(f"The text is too large: {len(text)} bytes (at most {max_size}).")
        text = _decode(bytes(text))
    elif not isinstance(text, str):
        raise BadJSON(f"Expected JSON text, got {excerpt(text)}.")
    if len(text) > max_size:
        raise BadJSON(f"The text is too large: {len(text)} characters (at most {max_size}).")
    _scan(text, max_depth)
    flags = {"duplicate": False}

    def pairs(items: list[tuple[str, Any]]) -> dict:
        obj = dict(items)
        if len(obj) == len(items):
            return obj
        flags["duplicate"] = True
        dup = _Duplicated(obj)
        seen: set[str] = set()
        dup.key = next(k for k, _ in items if k in seen or seen.add(k))
        return dup

    try:
        data = json.loads(text, object_pairs_hook=pairs, parse_constant=_constant, parse_float=_float)
    except json.JSONDecodeError as e:
        raise BadJSON(f"Not JSON: {e.msg} (line {e.lineno}, column {e.colno}).") from None
    except (RecursionError, ValueError) as e:  # belt and braces: the scan should have caught these
        if isinstance(e, BadJSON):
            raise
        raise BadJSON(f"Not acceptable JSON: {excerpt(str(e), 80)}") from None
    if flags["duplicate"] or _SURROGATE_ESCAPE.search(text):
        _walk(data, "")
    return data


def _decode(raw: bytes) -> str:
    detect = getattr(json, "detect_encoding", None)   # what json.loads uses for bytes (not a documented name)
    encoding = detect(raw) if detect else "utf-8-sig"
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as e:
        name = _ENCODINGS.get(encoding, encoding)
        raise BadJSON(f"The text is not valid {name} (bad bytes at byte {e.start}).") from None


def _scan(text: str, max_depth: int) -> None:
    """Depth and number length, counted outside strings, in C-speed passes."""
    outside = _STRING.sub('""', text)
    if _LONG_NUMBER.search(outside):
        raise BadJSON(f"The text has a number with more than {MAX_NUMBER_DIGITS} digits.")
    brackets = _NOT_BRACKET.sub("", outside)
    if brackets and max(accumulate(map(_STEP.__getitem__, brackets))) > max_depth:
        raise BadJSON(f"The text is nested too deep (more than {max_depth} levels).")


def _constant(name: str) -> Any:
    raise BadJSON(f"{name} is not a JSON number.")


def _float(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        raise BadJSON(f"The number {excerpt(literal)} is too large.")
    return value


def path_to(path: str, key: str | int) -> str:
    """``path`` extended by an index (``[3]``) or a key (``.name``, or ``["odd key"]``)."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    if _KEY.fullmatch(key):
        return f"{path}.{key}" if path else key
    return f"{path}[{excerpt(key)}]"


def _walk(value: Any, path: str) -> None:
    """Name the first duplicate key or lone surrogate by its path (depth is already bounded)."""
    if isinstance(value, dict):
        if isinstance(value, _Duplicated):
            raise BadJSON(f"{path_to(path, value.key)}: duplicate key {excerpt(value.key)}.")
        for k, v in value.items():
            _text(k, path_to(path, k))
            _walk(v, path_to(path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _walk(v, path_to(path, i))
    elif isinstance(value, str):
        _text(value, path or "the text")


def _text(value: str, path: str) -> None:
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise BadJSON(f"{path}: text with a lone surrogate, {excerpt(value)}.") from None
