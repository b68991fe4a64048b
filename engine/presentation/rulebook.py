"""The rules reference: ``cards/rulebook.json``, the rules numbered like the comprehensive rules and explained
in the project's own words in English and Japanese.

Each entry has a number ("9.5.2"), its parent's number (None for a section), a title and a short text in both
languages, optional "see also" numbers and optional search terms. This module loads the file (importlib.resources,
so it works from the wheel in the browser too), looks entries up, walks the tree, searches both languages, and
lists for each rule the cards whose abilities rely on it (``rule_refs``) and the lessons and puzzles that cite it
(every ``"rules"`` list in ``cards/lessons/*.json`` and ``cards/puzzles/*.json``). ``site_data()`` is the whole
reference as the web app's rules page reads it (build.py writes it into the site).
"""
from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from ..model.carddb import CARDS
from .languages import LANGS
from .rule_refs import card_rules, rule_key

CITING_FOLDERS = {"lesson": "lessons", "puzzle": "puzzles"}   # kind -> folder of the cards package


class RuleNotFound(KeyError):
    """No entry has this number."""

    def __str__(self) -> str:
        return f"there is no rule {self.args[0]!r} in the rulebook"


class RulebookError(ValueError):
    """cards/rulebook.json (or a lesson or puzzle file it reads) is malformed."""


@dataclass(frozen=True)
class Entry:
    """One numbered rule with its explanation in both languages."""

    number: str
    parent: str | None
    title: dict[str, str]
    text: dict[str, str]
    see: tuple[str, ...] = ()
    terms: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"number": self.number, "parent": self.parent, "title": dict(self.title), "text": dict(self.text),
                "see": list(self.see), "terms": {lang: list(ws) for lang, ws in self.terms.items()}}


def _text_pair(raw: dict, key: str, number: str) -> dict[str, str]:
    value = raw.get(key)
    if not isinstance(value, dict) or not all(isinstance(value.get(lang), str) and value[lang].strip()
                                              for lang in LANGS):
        raise RulebookError(f"rulebook entry {number}: {key!r} needs non-empty 'en' and 'ja' texts")
    return {lang: value[lang] for lang in LANGS}


def parse_entry(raw: Any) -> Entry:
    """One entry of the file, checked; a RulebookError names what is wrong."""
    if not isinstance(raw, dict) or not isinstance(raw.get("number"), str):
        raise RulebookError(f"rulebook entry without a string 'number': {str(raw)[:80]}")
    number = raw["number"]
    try:
        rule_key(number)
    except ValueError:
        raise RulebookError(f"rulebook entry {number!r}: a number is digits joined by dots, like '9.5.2'") from None
    parent = raw.get("parent")
    if parent is not None and not isinstance(parent, str):
        raise RulebookError(f"rulebook entry {number}: 'parent' is a rule number or null")
    see = raw.get("see", [])
    terms = raw.get("terms", {})
    if not isinstance(see, list) or not all(isinstance(s, str) for s in see):
        raise RulebookError(f"rulebook entry {number}: 'see' is a list of rule numbers")
    if not isinstance(terms, dict) or not all(
            lang in LANGS and isinstance(ws, list) and all(isinstance(w, str) for w in ws) for lang, ws in terms.items()):
        raise RulebookError(f"rulebook entry {number}: 'terms' maps 'en'/'ja' to lists of words")
    return Entry(number, parent, _text_pair(raw, "title", number), _text_pair(raw, "text", number), tuple(see),
                 {lang: tuple(ws) for lang, ws in terms.items()})


def parse(text: str) -> dict[str, Entry]:
    """Entries by number, in rule order, from the file's text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RulebookError(f"cards/rulebook.json is not valid JSON: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
        raise RulebookError("cards/rulebook.json needs an 'entries' list")
    out: dict[str, Entry] = {}
    for raw in data["entries"]:
        e = parse_entry(raw)
        if e.number in out:
            raise RulebookError(f"rulebook entry {e.number} appears twice")
        out[e.number] = e
    return {n: out[n] for n in sorted(out, key=rule_key)}


@cache
def entries() -> dict[str, Entry]:
    """Every entry of cards/rulebook.json by number, sorted by rule number."""
    return parse(resources.files("cards").joinpath("rulebook.json").read_text(encoding="utf-8"))


def entry(number: str) -> Entry:
    """The entry with this number; RuleNotFound when there is none."""
    found = entries().get(str(number).strip())
    if found is None:
        raise RuleNotFound(number)
    return found


def has(number: str) -> bool:
    return str(number).strip() in entries()


@cache
def _children() -> dict[str | None, tuple[str, ...]]:
    kids: dict[str | None, list[str]] = {}
    for e in entries().values():
        kids.setdefault(e.parent, []).append(e.number)
    return {parent: tuple(numbers) for parent, numbers in kids.items()}


def children(number: str | None) -> tuple[str, ...]:
    """The numbers of an entry's direct sub-rules in order (``None``: the sections)."""
    return _children().get(number, ())


def sections() -> tuple[str, ...]:
    return children(None)


def ancestors(number: str) -> list[str]:
    """The numbers from the section down to the entry's parent ("9.5.2" -> ["9", "9.5"])."""
    out: list[str] = []
    parent = entry(number).parent
    while parent is not None:
        out.insert(0, parent)
        parent = entry(parent).parent
    return out


def fold(text: str) -> str:
    """Text as search compares it: NFKC (full-width letters and digits become plain) and case-folded."""
    return unicodedata.normalize("NFKC", text).casefold()


def _haystack(e: Entry) -> tuple[str, str, str]:
    """(title words, terms, body) of an entry in both languages, folded, for ranking matches."""
    titles = " ".join(e.title[lang] for lang in LANGS)
    terms = " ".join(w for ws in e.terms.values() for w in ws)
    texts = " ".join(e.text[lang] for lang in LANGS)
    return fold(titles), fold(terms), fold(texts)


def search(query: str, lang: str | None = None) -> list[str]:
    """Numbers of the entries matching every word of ``query`` (case-insensitive, English or Japanese).

    A query that is a rule number finds that entry and its sub-rules. Entries whose title matches come first,
    then those matched by their search terms, then by their text; rule order within each group. ``lang``
    limits titles and texts to one language (search terms of both languages always count).
    """
    words = fold(query).split()
    if not words:
        return []
    ranked: list[tuple[int, tuple[int, ...], str]] = []
    for e in entries().values():
        if len(words) == 1 and (e.number == words[0] or e.number.startswith(words[0] + ".")):
            ranked.append((0, rule_key(e.number), e.number))
            continue
        if lang in LANGS:
            title, terms, text = fold(e.title[lang]), _haystack(e)[1], fold(e.text[lang])
        else:
            title, terms, text = _haystack(e)
        everything = " ".join((title, terms, text))
        if not all(w in everything for w in words):
            continue
        rank = 1 if all(w in title for w in words) else 2 if any(w in terms for w in words) else 3
        ranked.append((rank, rule_key(e.number), e.number))
    return [number for _rank, _key, number in sorted(ranked)]


@cache
def _cards_by_rule() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for number in sorted(CARDS):
        for rule in card_rules(CARDS[number]):
            out.setdefault(rule, []).append(number)
    return {rule: tuple(numbers) for rule, numbers in out.items()}


def cards_using(number: str) -> tuple[str, ...]:
    """Card numbers whose abilities rely on this rule (``rule_refs.card_rules``), by card number."""
    return _cards_by_rule().get(str(number).strip(), ())


def rules_in(data: Any) -> Iterator[str]:
    """Every rule number in a ``"rules"`` list anywhere in a lesson or puzzle (the file and each step)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "rules" and isinstance(value, list):
                yield from (str(r) for r in value)
            else:
                yield from rules_in(value)
    elif isinstance(data, list):
        for item in data:
            yield from rules_in(item)


@cache
def citing_files() -> tuple[dict[str, Any], ...]:
    """Every lesson and puzzle shipped in the cards package: {"kind", "id", "title", "rules"} (rules sorted)."""
    out: list[dict[str, Any]] = []
    root = resources.files("cards")
    for kind, folder in CITING_FOLDERS.items():
        place = root.joinpath(folder)
        if not place.is_dir():
            continue
        for item in sorted(place.iterdir(), key=lambda p: p.name):
            if not item.name.endswith(".json"):
                continue
            try:
                data = json.loads(item.read_text(encoding="utf-8"))
            except json.JSONDecodeError as error:
                raise RulebookError(f"cards/{folder}/{item.name} is not valid JSON: {error}") from None
            if not isinstance(data, dict):
                raise RulebookError(f"cards/{folder}/{item.name}: a {kind} file holds one JSON object")
            title = data.get("title") if isinstance(data.get("title"), dict) else {}
            rules = sorted(set(rules_in(data)), key=lambda r: rule_key(r) if _numeric(r) else (10**6,))
            out.append({"kind": kind, "id": str(data.get("id") or item.name[:-5]),
                        "title": {lang: str(title.get(lang) or data.get("id") or item.name[:-5]) for lang in LANGS},
                        "rules": rules})
    return tuple(out)


def _numeric(rule: str) -> bool:
    return all(part.isdigit() for part in rule.split("."))


def citations(number: str) -> list[dict[str, Any]]:
    """The lessons and puzzles citing this rule: [{"kind", "id", "title": {en, ja}}], lessons first."""
    number = str(number).strip()
    return [{"kind": f["kind"], "id": f["id"], "title": f["title"]} for f in citing_files() if number in f["rules"]]


def page(number: str) -> dict[str, Any]:
    """Everything the rules page shows for one entry (both languages): the entry, its place in the tree, its
    sub-rules, "see also" entries, cards and lessons/puzzles."""
    e = entry(number)
    brief = lambda n: {"number": n, "title": dict(entry(n).title)}  # noqa: E731
    return {**e.as_json(), "ancestors": [brief(n) for n in ancestors(number)],
            "children": [brief(n) for n in children(number)], "see": [brief(n) for n in e.see if has(n)],
            "cards": list(cards_using(number)), "citations": citations(number)}


def site_data() -> dict[str, Any]:
    """The whole reference for the web app: entries (with their children, cards and citations) and the names
    of the cards they list, in both languages."""
    listed = sorted({c for n in entries() for c in cards_using(n)})
    return {
        "entries": [{**e.as_json(), "children": list(children(e.number)), "cards": list(cards_using(e.number)),
                     "citations": citations(e.number)} for e in entries().values()],
        "cards": {n: {lang: CARDS[n].full_name_in(lang) for lang in LANGS} for n in listed},
    }
