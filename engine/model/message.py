"""Sentences for a player (reasons an action is illegal, decision prompts) that can be said in any language.

A ``Msg`` is a ``str``: its value is the English sentence, so code that compares or prints reasons keeps working.
It also keeps its message key and parameters, so ``msg.text("ja")`` says it in Japanese. The catalogue of
sentences lives in the presentation layer (``engine.presentation.messages``), which fills the ``RENDER`` slot;
the rules only name a key and its parameters.

Parameter conventions (the catalogue relies on them): a parameter whose name starts with ``card`` holds a card
number (said as that card's name in the language asked for); ``choice``, ``may`` and ``steps`` hold ability
data (a choose step, the steps of an optional part or of a mode) and ``skill`` an ability's data, said by the
language's card text; a list of ``Msg`` is said item by item; whole numbers may be said with a noun in its right
number. Parameters are JSON data and never words of a language: the rules name what to say, the presentation
layer says it.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

# filled by engine.presentation.messages: render(key, params, lang) -> str
RENDER: dict[str, Callable[[str, dict, str], str]] = {}


# Sentences already said, by key and parameters: the rules ask for the same few reasons and prompts at every
# decision, and a Msg is immutable (its params are read-only by convention), so one instance serves them all.
MEMO_SIZE = 4096
_MEMO: dict[tuple | str, Msg] = {}


class Msg(str):
    """A player-facing sentence: English as a ``str``, with its ``key`` and ``params`` for other languages."""

    key: str
    params: dict

    def __new__(cls, key: str, **params: Any) -> Msg:
        if not params:   # most prompts ("prompt.main", "prompt.quick"): the key alone names the sentence
            hit = _MEMO.get(key)
            if hit is not None:
                return hit
            memo: Any = key
        else:
            memo = (key, *params.items())
            try:
                hit = _MEMO.get(memo)
            except TypeError:       # a parameter that cannot be hashed (a phrase in both languages): not kept
                memo = hit = None
            if hit is not None:
                return hit
        render = RENDER.get("message")
        self = super().__new__(cls, render(key, params, "en") if render else key)
        self.key = key
        self.params = params
        if memo is not None and render is not None:
            if len(_MEMO) >= MEMO_SIZE:
                _MEMO.clear()
            _MEMO[memo] = self
        return self

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang``; the English value when no catalogue is installed."""
        render = RENDER.get("message")
        return render(self.key, self.params, lang) if render and lang != "en" else str(self)

    def to_dict(self) -> dict:
        """The key and parameters (JSON-able), for a client that says the sentence itself."""
        return {"key": self.key, "params": self.params}

    def __reduce__(self) -> tuple:
        return (_rebuild, (self.key, self.params))


def _rebuild(key: str, params: dict) -> Msg:
    return Msg(key, **params)


def say(text: Any, lang: str) -> str:
    """Any reason or prompt in ``lang``: a ``Msg`` in that language, other text as it is."""
    return text.text(lang) if isinstance(text, Msg) else ("" if text is None else str(text))
