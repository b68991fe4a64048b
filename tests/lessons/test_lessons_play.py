"""Every shipped lesson (cards/lessons/*.json) is valid, bilingual, cites known rules and is played to its end
through the lesson runner (engine.clients.tutor), with wrong actions refused on the way."""
from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

from engine.clients.tutor import Tutor, step_kind
from engine.model.abilities import KEYWORDS
from engine.model.state import state_digest
from engine.persistence import lessons
from engine.presentation.rule_refs import RULE_TITLES
from engine.presentation.words import keyword_name

IDS = lessons.lesson_ids()
ENGINE = Path(__file__).resolve().parents[2] / "engine"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def known_rules() -> set[str]:
    """The rulebook's numbers when it is shipped (cards/rulebook.json); until then, the numbers the engine itself
    cites (rule titles and the rule numbers its log events carry)."""
    book = resources.files("cards").joinpath("rulebook.json")
    if book.is_file():
        data = json.loads(book.read_text(encoding="utf-8"))
        return {entry["number"] for entry in data["entries"]}
    cited = set(RULE_TITLES)
    for path in ENGINE.rglob("*.py"):
        cited.update(re.findall(r"emit\([^,]+, \"[a-z_]+\", \"(\d+(?:\.\d+)*)\"", path.read_text(encoding="utf-8")))
    return cited


def texts(lesson: dict):
    """Every bilingual text of a lesson with its path."""
    for key in ("title", "summary"):
        yield key, lesson[key]
    for k, step in enumerate(lesson["steps"]):
        for key in ("say", "wrong", "explain"):
            if key in step:
                yield f"steps[{k}].{key}", step[key]


def cited_rules(lesson: dict) -> set[str]:
    return set(lesson.get("rules", [])).union(*(step.get("rules", []) for step in lesson["steps"]))


def play_taught(tutor: Tutor) -> None:
    """Play the lesson as taught: the expected action, the right answer, or "continue"."""
    while not tutor.finished:
        step = tutor.current()
        before = tutor.step
        options = tutor.options()
        assert options, f"{tutor.lesson['id']} step {before}: the viewer has nothing to do"
        if step_kind(step) == "check":
            answer = step["check"]["answer"]
            first = answer[0] if isinstance(answer, list) else answer
            action = f"answer {tutor._point(first)}"
        else:
            action = options[0]["action"]
        feedback = tutor.act(action)
        assert feedback["ok"], (tutor.lesson["id"], before, action, feedback)
        assert tutor.step == before + 1


def test_lessons_are_shipped_with_a_course_of_eight_to_ten_and_a_shelf() -> None:
    catalogue = lessons.catalogue()
    course = [e for e in catalogue if e["path"] == "course"]
    assert 8 <= len(course) <= 10, [e["id"] for e in course]
    assert [e["order"] for e in course] == sorted({e["order"] for e in course}), "course orders are distinct"
    assert 15 <= sum(e["minutes"] for e in course) <= 25
    assert any(e["path"] == "shelf" for e in catalogue)


@pytest.mark.parametrize("lesson_id", IDS)
def test_lesson_is_valid_and_bilingual(lesson_id: str) -> None:
    lesson = lessons.load(lesson_id)
    for where, text in texts(lesson):
        assert text["en"].strip() and not JAPANESE.search(text["en"]), (lesson_id, where)
        assert JAPANESE.search(text["ja"]), (lesson_id, where)


@pytest.mark.parametrize("lesson_id", IDS)
def test_every_rule_a_lesson_cites_is_a_known_rule_number(lesson_id: str) -> None:
    unknown = cited_rules(lessons.load(lesson_id)) - known_rules()
    assert not unknown, (lesson_id, sorted(unknown))


@pytest.mark.parametrize("lesson_id", IDS)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_lesson_is_played_to_its_end_through_the_runner(lesson_id: str, lang: str) -> None:
    tutor = Tutor(lesson_id, lang)
    seen_highlights = 0
    while not tutor.finished:
        seen_highlights += len(tutor.highlight())   # every highlighted label resolves to a card now
        state = tutor.state()
        assert state["say"] == tutor.current()["say"][lang]
        json.dumps(state)   # the page gets JSON
        before = tutor.step
        play_taught_one(tutor)
        assert tutor.step == before + 1
    state = tutor.state()
    assert state["finished"] and state["options"] == [] and state["step"] == len(tutor.steps)
    assert seen_highlights > 0


def play_taught_one(tutor: Tutor) -> None:
    step = tutor.current()
    if step_kind(step) == "check":
        answer = step["check"]["answer"]
        action = f"answer {tutor._point(answer[0] if isinstance(answer, list) else answer)}"
    else:
        action = tutor.options()[0]["action"]
    assert tutor.act(action)["ok"], (tutor.lesson["id"], tutor.step, action, tutor.feedback)


@pytest.mark.parametrize("lesson_id", IDS)
def test_wrong_actions_are_refused_without_breaking_the_lesson(lesson_id: str) -> None:
    tutor = Tutor(lesson_id)
    refused = 0
    while not tutor.finished:
        step = tutor.current()
        kind = step_kind(step)
        wrongs = ["attack 99999 player", "", "bogus", "answer 99999"]
        if kind == "expect" and step["expect"] != "any":
            taught = {o["action"] for o in tutor.options()}
            wrongs += [a.text for a in tutor.game.decision.options if a.text not in taught][:3]
        if kind == "check":
            right = set(tutor._answers(step))
            wrongs += [o["action"] for o in tutor.options() if o["action"] not in right]
        for wrong in wrongs:
            before = (tutor.step, len(tutor.game.choices), state_digest(tutor.game.state))
            feedback = tutor.act(wrong)
            assert not feedback["ok"] and feedback["text"], (lesson_id, tutor.step, wrong)
            assert (tutor.step, len(tutor.game.choices), state_digest(tutor.game.state)) == before
            refused += 1
        play_taught_one(tutor)
    assert refused
    assert not tutor.act("next")["ok"]   # a finished lesson refuses everything


@pytest.mark.parametrize("lesson_id", IDS)
def test_restart_goes_back_to_the_same_first_position(lesson_id: str) -> None:
    tutor = Tutor(lesson_id)
    first = (tutor.state()["view"], tutor.highlight())
    play_taught(tutor)
    tutor.restart()
    assert tutor.step == 0 and not tutor.finished and tutor.feedback is None
    assert (tutor.state()["view"], tutor.highlight()) == first


def test_goal_lesson_ends_with_a_win_on_life() -> None:
    """11.3: the lesson's last attack brings the opponent's life to 0 and the game ends in the viewer's favour."""
    tutor = Tutor("goal-and-turn")
    play_taught(tutor)
    assert tutor.game.outcome.winner == 0 and tutor.game.outcome.reason.value == "life"


def test_damage_check_lesson_shows_a_lucky_pal_cancelling_damage() -> None:
    """11.2.2.2: the second attack turns over a Lucky Pal first, and no life is lost."""
    tutor = Tutor("damage-check")
    tutor.act(tutor.options()[0]["action"])
    assert tutor.game.state.players[1].life == 3
    tutor.act(tutor.options()[0]["action"])
    assert tutor.game.state.players[1].life == 3
    assert any("Lucky" in e["text"] for e in tutor.events)


# Each topic the course and shelf must teach (issue 10), by the rule that governs it.
TOPICS = {
    "the five phases": "7.1", "paying souls": "10.4.3", "rest 3 souls: draw": "8.5", "deploying": "12.3.2",
    "the 5-Pal limit": "4.4.5.2", "the damage check": "11.2.2", "a Lucky Pal stops it": "11.2.2.2",
    "Pal against Pal": "9.6", "damage heals at end of turn": "7.6.3", "only rested Pals are targets": "9.2.3",
    "Assault": "12.15", "blocking": "9.4.2", "the quick step": "9.5", "Interrupt": "12.8", "assigning": "5.17",
    "Material and Ingredient": "5.13", "Butcher": "5.16", "Nocturnal": "12.13", "losing": "11.3",
    "Brave": "12.6", "Serious": "12.7", "Taunt": "12.10", "Stealth": "12.11", "Vigilance": "12.9",
    "Breakthrough": "12.14", "Retaliate": "12.12",
}


def test_every_topic_of_the_course_and_shelf_is_taught_by_a_lesson() -> None:
    taught = set().union(*(cited_rules(lessons.load(i)) for i in IDS))
    assert not {topic for topic, rule in TOPICS.items() if rule not in taught}


def test_keyword_lessons_use_the_keywords_printed_names_in_both_languages() -> None:
    """A keyword lesson is titled with the keyword's name as cards print it (the card text's keyword names)."""
    keyword_lessons = [i for i in IDS if i.removeprefix("keyword-") in KEYWORDS]
    assert len(keyword_lessons) >= 7
    for lesson_id in keyword_lessons:
        word = lesson_id.removeprefix("keyword-")
        assert lessons.load(lesson_id)["title"] == {"en": keyword_name(word, "en"), "ja": keyword_name(word, "ja")}


JAPANESE_ONLY = re.compile(r"[A-Za-z]{3,}")


@pytest.mark.parametrize("lesson_id", ["souls", "damage-check", "blocking"])
def test_japanese_lessons_say_reasons_and_events_in_japanese_and_call_the_learner_you(lesson_id: str) -> None:
    """A refusal in a Japanese lesson gives the engine's reason in Japanese, and the lesson's log names the
    learner's seat as the learner ("あなた") rather than by player number."""
    tutor = Tutor(lesson_id, "ja")
    illegal = [a.text for a, _ in tutor.game.decision.rejections()]
    if illegal:
        feedback = tutor.act(illegal[0])
        assert not feedback["ok"] and not JAPANESE_ONLY.search(feedback["text"]), feedback["text"]
    play_taught(tutor)
    texts = [e["text"] for e in tutor.events]
    assert all("Player" not in t and "プレイヤー" not in t for t in texts), texts
