"""Lessons: data files (``cards/lessons/<id>.json``) that teach a rule on a real board (see docs/lessons.md).

A lesson is a scenario plus steps; each step says what to do (English and Japanese), may highlight cards by
their scenario labels, and expects one taught action, any legal action, a click on the right card (a check
question answered on the board) or just "continue". This module reads and validates lesson files; the runner
that plays them is ``engine.clients.tutor``.
"""
from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import Any

from ..model.limits import MAX_ACTION_CHARS, MAX_TEXT_CHARS, a_number, excerpt
from ..model.safe_json import BadJSON
from ..model.safe_json import loads as safe_loads
from ..presentation.languages import LANGS
from .scenario import LABEL_REF, BadScenario, build_state, labels_of

PATHS = ("course", "shelf")
LESSON_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
RULE_NUMBER = re.compile(r"\d+(\.\d+)*")
ZONE_REF = re.compile(r"(hand|base|life|souls|deck|graveyard|exile|material|ingredient):[01]")
LESSON_KEYS = {"id", "path", "order", "minutes", "title", "summary", "rules", "viewer", "scenario", "opening",
               "steps"}
STEP_KEYS = {"say", "highlight", "expect", "check", "wrong", "explain", "rules", "answers"}
CHECK_KEYS = {"choices", "answer"}
MAX_STEPS = 40
MAX_LIST = 20
ANY = "any"


class BadLesson(ValueError):
    """A lesson file that cannot be used; the message names the file and the path of the fault
    (``damage-check: steps[2].say.ja: ...``)."""


def _fail(where: str, expected: str, value: Any) -> BadLesson:
    return BadLesson(f"{where}: expected {expected}, got {excerpt(value)}.")


def _keys(value: Any, where: str, allowed: set[str], required: tuple[str, ...] = ()) -> dict:
    if not isinstance(value, dict):
        raise _fail(where, "an object", value)
    for key in value:
        if key not in allowed:
            raise BadLesson(f"{where}.{key}: unknown key (expected one of {', '.join(sorted(allowed))}).")
    for key in required:
        if key not in value:
            raise BadLesson(f"{where}.{key}: missing.")
    return value


def _text(value: Any, where: str) -> dict:
    """Text in both languages: ``{"en": "...", "ja": "..."}``, neither empty."""
    _keys(value, where, set(LANGS), LANGS)
    for lang in LANGS:
        t = value[lang]
        if not isinstance(t, str) or not t.strip() or len(t) > MAX_TEXT_CHARS:
            raise _fail(f"{where}.{lang}", f"non-empty text of at most {MAX_TEXT_CHARS} characters", t)
    return value


def _rules(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or len(value) > MAX_LIST:
        raise _fail(where, f"a list of at most {MAX_LIST} rule numbers", value)
    for k, rule in enumerate(value):
        if not isinstance(rule, str) or not RULE_NUMBER.fullmatch(rule):
            raise _fail(f"{where}[{k}]", "a rule number like \"9.6\"", rule)
    return value


def _refs(text: str, where: str, known: set[str]) -> None:
    """Every ``@label`` in a text must label a card of the scenario."""
    for match in LABEL_REF.finditer(text):
        if match.group(1) not in known:
            raise BadLesson(f"{where}: no card of the scenario is labelled {excerpt(match.group(1))}.")


def _action(value: Any, where: str, known: set[str]) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_ACTION_CHARS:
        raise _fail(where, "an action text like \"attack @fox player\"", value)
    _refs(value, where, known)
    return value


def _actions(value: Any, where: str, known: set[str]) -> list[str]:
    if not isinstance(value, list) or not value or len(value) > MAX_LIST:
        raise _fail(where, f"a list of 1 to {MAX_LIST} action texts", value)
    return [_action(a, f"{where}[{k}]", known) for k, a in enumerate(value)]


def _pointer(value: Any, where: str, known: set[str]) -> str:
    """A thing to point at: ``@label`` or a zone ``hand:0`` (player 0's hand), ``life:1``..."""
    if isinstance(value, str) and ZONE_REF.fullmatch(value):
        return value
    if isinstance(value, str) and LABEL_REF.fullmatch(value):
        _refs(value, where, known)
        return value
    raise _fail(where, "\"@label\" or a zone like \"hand:0\", \"base:1\" or \"life:1\"", value)


def _step(data: Any, where: str, known: set[str]) -> dict:
    _keys(data, where, STEP_KEYS, ("say",))
    _text(data["say"], f"{where}.say")
    for key in ("wrong", "explain"):
        if key in data:
            _text(data[key], f"{where}.{key}")
    _rules(data.get("rules", []), f"{where}.rules")
    highlight = data.get("highlight", [])
    if not isinstance(highlight, list) or len(highlight) > MAX_LIST:
        raise _fail(f"{where}.highlight", f"a list of at most {MAX_LIST} cards or zones", highlight)
    for k, h in enumerate(highlight):
        _pointer(h, f"{where}.highlight[{k}]", known)
    if "expect" in data and "check" in data:
        raise BadLesson(f"{where}: a step expects an action or asks a check question, not both.")
    expect = data.get("expect")
    if isinstance(expect, list):
        _actions(expect, f"{where}.expect", known)
    elif expect is not None and expect != ANY:
        _action(expect, f"{where}.expect", known)
    if "answers" in data:
        if "expect" not in data:
            raise BadLesson(f"{where}.answers: only a step that expects an action has answers to it.")
        _actions(data["answers"], f"{where}.answers", known)
    if "check" in data:
        check = _keys(data["check"], f"{where}.check", CHECK_KEYS, ("choices", "answer"))
        choices = check["choices"]
        if not isinstance(choices, list) or not 2 <= len(choices) <= MAX_LIST:
            raise _fail(f"{where}.check.choices", f"a list of 2 to {MAX_LIST} cards or zones", choices)
        for k, c in enumerate(choices):
            _pointer(c, f"{where}.check.choices[{k}]", known)
        if len(set(choices)) != len(choices):
            raise BadLesson(f"{where}.check.choices: a choice is listed twice.")
        answer = check["answer"]
        answers = answer if isinstance(answer, list) else [answer]
        if not answers or any(a not in choices for a in answers):
            raise _fail(f"{where}.check.answer", "one of the choices (or a list of them)", answer)
    return data


def validate(data: Any, name: str = "lesson") -> dict:
    """``data`` if it is a well-formed lesson, else BadLesson naming ``name`` and the path of the fault."""
    try:
        return _validate(data)
    except BadLesson as e:
        raise BadLesson(f"{name}: {e}") from None


def _validate(data: Any) -> dict:
    _keys(data, "lesson", LESSON_KEYS, ("id", "path", "order", "title", "summary", "scenario", "steps"))
    if not isinstance(data["id"], str) or not LESSON_ID.fullmatch(data["id"]) or len(data["id"]) > 60:
        raise _fail("id", "a kebab-case id like \"damage-check\"", data["id"])
    if data["path"] not in PATHS:
        raise _fail("path", "\"course\" or \"shelf\"", data["path"])
    for key, lo, hi in (("order", 1, 999), ("minutes", 1, 30)):
        value = data.get(key, 1)
        if not a_number(value) or not lo <= value <= hi:
            raise _fail(key, f"a whole number from {lo} to {hi}", value)
    _text(data["title"], "title")
    _text(data["summary"], "summary")
    _rules(data.get("rules", []), "rules")
    if data.get("viewer", 0) not in (0, 1) or isinstance(data.get("viewer", 0), bool):
        raise _fail("viewer", "0 or 1", data.get("viewer"))
    try:
        state, _start = build_state(data["scenario"])
    except BadScenario as e:
        raise BadLesson(f"scenario.{e}" if not str(e).startswith("A scenario") else f"scenario: {e}") from None
    known = set(labels_of(state))
    if "opening" in data:
        _actions(data["opening"], "opening", known)
    steps = data["steps"]
    if not isinstance(steps, list) or not 1 <= len(steps) <= MAX_STEPS:
        raise _fail("steps", f"a list of 1 to {MAX_STEPS} steps", steps)
    for k, step in enumerate(steps):
        _step(step, f"steps[{k}]", known)
    if "check" not in steps[-1]:
        raise BadLesson(f"steps[{len(steps) - 1}]: the last step must be a check question answered on the board.")
    return data


def _folder() -> Any:
    return resources.files("cards").joinpath("lessons")


@cache
def lesson_ids() -> tuple[str, ...]:
    """The ids of the shipped lessons (file names without ``.json``), sorted."""
    folder = _folder()
    if not folder.is_dir():
        return ()
    return tuple(sorted(e.name[:-5] for e in folder.iterdir() if e.name.endswith(".json")))


def load(lesson_id: str) -> dict:
    """The shipped lesson with this id, validated (BadLesson for an unknown id or a broken file).

    The result is shared: treat it as read-only."""
    if not isinstance(lesson_id, str) or lesson_id not in lesson_ids():
        raise BadLesson(f"There is no lesson {excerpt(lesson_id)}.")
    return _load(lesson_id)


@cache
def _load(lesson_id: str) -> dict:
    text = _folder().joinpath(f"{lesson_id}.json").read_text(encoding="utf-8")
    try:
        data = safe_loads(text)
    except BadJSON as e:
        raise BadLesson(f"{lesson_id}: {e}") from None
    lesson = validate(data, lesson_id)
    if lesson["id"] != lesson_id:
        raise BadLesson(f"{lesson_id}: id: the file is named {lesson_id}.json but its id is {excerpt(lesson['id'])}.")
    return lesson


def catalogue() -> list[dict]:
    """Every shipped lesson's summary, the course first in its order, then the shelf."""
    out = []
    for lesson_id in lesson_ids():
        lesson = load(lesson_id)
        out.append({"id": lesson["id"], "path": lesson["path"], "order": lesson["order"],
                    "minutes": lesson.get("minutes", 1), "title": dict(lesson["title"]),
                    "summary": dict(lesson["summary"]), "rules": list(lesson.get("rules", []))})
    out.sort(key=lambda e: (PATHS.index(e["path"]), e["order"], e["id"]))
    return out
