"""Lessons for the page: the host's side of the learn screens and embeds (see docs/lessons.md).

One lesson is played at a time per host, through ``engine.clients.tutor.Tutor``; every answer is a LessonState
(the current step's text, highlights, the viewer's options, the board view, feedback and explanation). A bad
lesson id, language or action raises HostError and never disturbs the lesson being played.
"""

from __future__ import annotations

from typing import Any

from playmat_host import request
from protocol import HostError, R
from state_json import learn_options

from engine.lessons import BadLesson, Tutor, catalogue, lesson_ids
from engine.presentation.languages import LANGS


def _tutor(host) -> Any:
    tutor = getattr(host, "lesson", None)
    if tutor is None:
        raise HostError("No lesson is running: start one first.")
    return tutor


def _argument(argument: Any, keys: tuple[str, ...]) -> dict:
    if argument is None:
        argument = {}
    if not isinstance(argument, dict):
        raise HostError("The request needs a JSON object.")
    unknown = sorted(set(argument) - set(keys))
    if unknown:
        raise HostError(f"Unknown key {unknown[0]!r} (expected {', '.join(keys) or 'none'}).")
    return argument


def _shown(tutor, lang: str | None = None) -> dict:
    """The lesson's state for the page, its options' cards as data."""
    return learn_options(tutor.state(lang), tutor.game.decision)


@request(R.LESSON_LIST)
def lesson_list(host, argument: Any) -> dict:
    """Every shipped lesson's id, path (course or shelf), order, minutes, titles, summaries and rules."""
    _argument(argument, ())
    return {"lessons": catalogue()}


@request(R.LESSON_START)
def lesson_start(host, argument: Any) -> dict:
    """Start a lesson at its first step: ``{"id": "damage-check", "lang": "en"}``."""
    argument = _argument(argument, ("id", "lang"))
    lesson_id, lang = argument.get("id"), argument.get("lang", "en")
    if lang not in LANGS:
        raise HostError(f"Unknown language {lang!r}: use \"en\" or \"ja\".")
    if not isinstance(lesson_id, str) or lesson_id not in lesson_ids():
        raise HostError(f"There is no lesson {lesson_id!r}.")
    try:
        tutor = Tutor(lesson_id, lang)
    except BadLesson as e:
        raise HostError(str(e)) from None
    host.lesson = tutor
    return _shown(tutor)


@request(R.LESSON_ACT)
def lesson_act(host, argument: Any) -> dict:
    """The viewer's action, ``{"action": "attack 12 player"}``: the new state, with ``feedback`` saying whether
    it was taken (a refused action changes nothing else)."""
    argument = _argument(argument, ("action", "lang"))
    tutor = _tutor(host)
    action = argument.get("action")
    if not isinstance(action, str):
        raise HostError("The action must be text, e.g. \"attack 12 player\".")
    tutor.act(action)
    return _shown(tutor, argument.get("lang") if argument.get("lang") in LANGS else None)


@request(R.LESSON_RESTART)
def lesson_restart(host, argument: Any) -> dict:
    """The running lesson again from its first step."""
    argument = _argument(argument, ("lang",))
    tutor = _tutor(host)
    tutor.restart()
    return _shown(tutor, argument.get("lang") if argument.get("lang") in LANGS else None)


@request(R.LESSON_STATE)
def lesson_state(host, argument: Any) -> dict:
    """The running lesson's state as it is (e.g. after the language changed: ``{"lang": "ja"}``)."""
    argument = _argument(argument, ("lang",))
    lang = argument.get("lang")
    if lang is not None and lang not in LANGS:
        raise HostError(f"Unknown language {lang!r}: use \"en\" or \"ja\".")
    return _shown(_tutor(host), lang)
