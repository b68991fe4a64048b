"""The catalogue of sentences a player reads besides card text and the log: why an action is not possible now,
and what a decision asks. Each message key has a form in every language (``engine.model.message.Msg``).

The sentences are data: one file per language, ``catalogue/<lang>.json``, holding ``messages`` (key ->
template) and ``glue`` (the pieces said around them). A template is a ``str.format`` template. Whole numbers
accept a plural spec: ``{n:card|cards}`` says "1 card" or "3 cards" (Japanese forms simply write ``{n}枚``).
Parameters named ``card...`` are card numbers, said as the card's name; ``counter``, ``zone``, ``keyword`` and
``colour`` are said with the words of ``engine.presentation.words``; ``choice``, ``may``, ``steps`` and
``skill`` are ability data said by the language's card-text module (``cardtext.<lang>.PHRASES``); a list of
``Msg`` is said item by item; ``ability`` is ``[card number, ability index]``, said as the text the engine
generates for that ability.
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ..model.carddb import CARDS
from ..model.message import RENDER, Msg
from .cardtext import texts
from .languages import LANGS, known
from .words import color_name, counter_name, keyword_name, zone_name


def _load(lang: str) -> dict[str, Any]:
    """The catalogue file of one language: ``messages`` (key -> template) and ``glue`` (the pieces around them)."""
    text = resources.files(__package__).joinpath("catalogue", f"{lang}.json").read_text(encoding="utf-8")
    return json.loads(text)


FILES: dict[str, dict[str, Any]] = {lang: _load(lang) for lang in LANGS}
# key -> {language: template}, every key in every language (``tests/test_messages.py`` checks the parity)
CATALOGUE: dict[str, dict[str, str]] = {
    key: {lang: FILES[lang]["messages"].get(key, "") for lang in LANGS}
    for key in dict.fromkeys(k for lang in LANGS for k in FILES[lang]["messages"])}
GLUE: dict[str, dict[str, str]] = {lang: FILES[lang]["glue"] for lang in LANGS}
# parts of sentences (an option's label, an item of a list): said as they are, never capitalised
PARTS = ("part.",)


class _Count(int):
    """A whole number that formats with its noun: ``format(_Count(3), "card|cards") == "3 cards"``."""

    def __format__(self, spec: str) -> str:
        if "|" in spec:
            one, many = spec.split("|", 1)
            return f"{int(self)} {one if self == 1 else many}"
        return format(int(self), spec)


def _card_name(number: Any, lang: str) -> str:
    try:
        return CARDS[number].full_name_in(lang)
    except (KeyError, TypeError):
        return str(number)


_ABILITY_TEXT: dict[tuple[str, int, str], str] = {}


def ability_text(ref: Any, lang: str) -> str:
    """The generated text of ability ``[number, index]`` (cached: prompts are made at every choice)."""
    try:
        number, index = ref
        key = (number, int(index), lang)
    except (TypeError, ValueError):
        return ""
    text = _ABILITY_TEXT.get(key)
    if text is None:
        try:
            text = CARDS[number].abilities[index].text(lang)
        except (KeyError, IndexError, TypeError):
            text = ""
        _ABILITY_TEXT[key] = text
    return text


class _Word(str):
    """A word that formats in lower case on request: ``format(_Word("Red"), "lower") == "red"``."""

    def __format__(self, spec: str) -> str:
        return self.lower() if spec == "lower" else format(str(self), spec)


def _param(name: str, value: Any, lang: str) -> Any:
    """One parameter as said in ``lang``."""
    phrase = texts(lang).PHRASES.get(name)
    if phrase is not None:
        return phrase(value)
    if isinstance(value, list) and value and all(isinstance(v, Msg) for v in value):
        return GLUE[lang]["list_separator"].join(v.text(lang) for v in value)
    if name.startswith("card"):
        return _card_name(value, lang)
    if name == "counter":
        return counter_name(value, lang)
    if name == "zone":
        return zone_name(value, lang)
    if name == "keyword":
        return keyword_name(value, lang)
    if name == "colour":
        return _Word(color_name(value, lang))
    if name == "target":   # an attack's target: a card number, or None for the attacked player
        return GLUE[lang]["you"] if value is None else _card_name(value, lang)
    if isinstance(value, int) and not isinstance(value, bool):
        return _Count(value)
    return value


def render(key: str, params: dict, lang: str = "en") -> str:
    """Message ``key`` with ``params`` in ``lang`` (the default language for an unknown one); an unknown key
    is said as itself, so a missing entry shows up instead of breaking the game."""
    lang = known(lang)
    forms = CATALOGUE.get(key)
    if forms is None:
        return key
    glue = GLUE[lang]
    values = {name: _param(name, value, lang) for name, value in params.items() if name != "ability"}
    text = forms[lang].format(**values)
    if glue.get("capitalise") and text[:1].islower() and not key.startswith(PARTS):
        text = text[0].upper() + text[1:]
    ability = ability_text(params.get("ability"), lang) if params.get("ability") else ""
    if ability:
        text += glue["ability_suffix"].format(ability=ability)
    return text


RENDER["message"] = render
