"""Lesson files are checked before use: every fault is refused with a message naming the lesson and the path
(docs/lessons.md)."""
from __future__ import annotations

import copy

import pytest

from engine.clients.tutor import Tutor
from engine.persistence.lessons import BadLesson, load, validate
from engine.presentation.action_labels import action_label

GOOD = {
    "id": "tiny", "path": "shelf", "order": 1, "minutes": 1,
    "title": {"en": "Tiny", "ja": "小さい"}, "summary": {"en": "A tiny lesson.", "ja": "小さなレッスン。"},
    "rules": ["9.2"],
    "scenario": {"players": [{"base": [{"card": "ETD02-016", "label": "att"}]},
                             {"base": [{"card": "ETD01-013", "label": "foe", "rested": True}]}]},
    "steps": [
        {"say": {"en": "Read.", "ja": "読む。"}},
        {"say": {"en": "Attack.", "ja": "アタック。"}, "highlight": ["@att", "life:1"],
         "expect": "attack @att player", "explain": {"en": "Done.", "ja": "完了。"}, "rules": ["9.2"]},
        {"say": {"en": "Which?", "ja": "どれ？"}, "check": {"choices": ["@att", "@foe"], "answer": "@att"}},
    ],
}


def with_(path: tuple, value) -> dict:
    data = copy.deepcopy(GOOD)
    node = data
    for key in path[:-1]:
        node = node[key]
    if value is KeyError:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


def test_a_good_lesson_validates_and_plays() -> None:
    tutor = Tutor(copy.deepcopy(GOOD), "ja")
    assert tutor.options() == [{"action": "next", "label": "次へ"}]
    tutor.act("next")
    assert tutor.act(tutor.options()[0]["action"])["ok"]
    assert tutor.game.state.players[1].life == 8
    assert not tutor.act(f"answer {tutor._point('@foe')}")["ok"]
    assert tutor.act(f"answer {tutor._point('@att')}")["ok"]
    assert tutor.finished


BAD = [
    (("id",), "Tiny", "id: expected a kebab-case id"),
    (("path",), "road", "path: expected \"course\" or \"shelf\""),
    (("order",), 0, "order: expected a whole number from 1 to 999"),
    (("minutes",), 31, "minutes: expected a whole number from 1 to 30"),
    (("title",), {"en": "Only English"}, "title.ja: missing"),
    (("summary", "ja"), "", "summary.ja: expected non-empty text"),
    (("title", "fr"), "Titre", "title.fr: unknown key"),
    (("rules",), ["rule 9"], r"rules\[0\]: expected a rule number"),
    (("viewer",), 2, "viewer: expected 0 or 1"),
    (("viewer",), True, "viewer: expected 0 or 1"),
    (("scenario", "players", 0, "life"), "ten", r"scenario\.players\[0\]\.life: expected a whole number"),
    (("steps",), [], "steps: expected a list of 1 to 40 steps"),
    (("steps", 0, "say"), KeyError, r"steps\[0\]\.say: missing"),
    (("steps", 0, "shout"), {"en": "x", "ja": "x"}, r"steps\[0\]\.shout: unknown key"),
    (("steps", 1, "highlight"), ["@nobody"], r"steps\[1\]\.highlight\[0\]: no card of the scenario is labelled"),
    (("steps", 1, "highlight"), ["hand:2"], r"steps\[1\]\.highlight\[0\]: expected \"@label\" or a zone"),
    (("steps", 1, "expect"), "attack @ghost player", r"steps\[1\]\.expect: no card of the scenario is labelled"),
    (("steps", 1, "expect"), 5, r"steps\[1\]\.expect: expected an action text"),
    (("steps", 1, "expect"), [], r"steps\[1\]\.expect: expected a list of 1 to 20 action texts"),
    (("steps", 0, "answers"), ["pass"], r"steps\[0\]\.answers: only a step that expects an action"),
    (("steps", 1, "check"), {"choices": ["@att", "@foe"], "answer": "@att"}, r"steps\[1\]: a step expects an action"),
    (("steps", 2, "check", "answer"), "@nobody", r"steps\[2\]\.check\.answer: expected one of the choices"),
    (("steps", 2, "check", "choices"), ["@att"], r"steps\[2\]\.check\.choices: expected a list of 2 to 20"),
    (("steps", 2, "check", "choices"), ["@att", "@att"], r"steps\[2\]\.check\.choices: a choice is listed twice"),
    (("steps", 2, "check"), KeyError, r"steps\[2\]: the last step must be a check question"),
    (("opening",), ["attack @ghost player"], r"opening\[0\]: no card of the scenario is labelled"),
    (("extra",), 1, "lesson.extra: unknown key"),
]


@pytest.mark.parametrize(("path", "value", "message"), BAD, ids=[m for _, _, m in BAD])
def test_a_broken_lesson_is_refused_with_its_path(path, value, message) -> None:
    with pytest.raises(BadLesson, match="^tiny: " + message if path != ("id",) else message):
        validate(with_(path, value), "tiny")


def test_a_lesson_that_is_not_an_object_or_an_unknown_id_is_refused() -> None:
    with pytest.raises(BadLesson, match="lesson: expected an object"):
        validate([1, 2])
    with pytest.raises(BadLesson, match="There is no lesson"):
        load("no-such-lesson")
    with pytest.raises(BadLesson, match="There is no lesson"):
        load(["damage-check"])


def test_a_scripted_answer_that_is_illegal_is_a_broken_lesson() -> None:
    data = with_(("steps", 1, "answers"), ["block @foe"])   # the foe is resting: it cannot block
    tutor = Tutor(data)
    tutor.act("next")
    with pytest.raises(BadLesson, match=r"steps\[1\]\.answers: .* is not legal now"):
        tutor.act(tutor.options()[0]["action"])


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(BadLesson, match="Unknown language"):
        Tutor(copy.deepcopy(GOOD), "fr")


def test_action_labels_name_cards_in_both_languages() -> None:
    tutor = Tutor(copy.deepcopy(GOOD))
    att = tutor._point("@att")
    assert action_label(tutor.game, f"attack {att} player", "en") == \
        "Incineram – Lurking Stalker attacks your opponent"
    assert "ヘルゴート" in action_label(tutor.game, f"attack {att} player", "ja")
    assert action_label(tutor.game, "end", "ja") == "メインフェイズを終える"
