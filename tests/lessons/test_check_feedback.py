"""A lesson's check never shows its answer or a verdict before the reader acts: the praise, the explanation and
the events of the step before it are not shown with the check; a wrong answer to the check then gets its own
feedback, and the right one its praise."""
from __future__ import annotations

import pytest

from engine.clients.tutor import Tutor, step_kind
from engine.persistence import lessons

WITH_CHECKS = [lid for lid in lessons.lesson_ids()
               if any(step_kind(step) == "check" for step in lessons.load(lid)["steps"])]


def taught(tutor: Tutor) -> str:
    step = tutor.current()
    if step_kind(step) == "check":
        answer = step["check"]["answer"]
        return f"answer {tutor._point(answer[0] if isinstance(answer, list) else answer)}"
    return tutor.options()[0]["action"]


def test_some_lessons_end_with_a_check() -> None:
    assert len(WITH_CHECKS) >= 3


@pytest.mark.parametrize("lesson_id", WITH_CHECKS)
def test_a_check_is_shown_without_the_last_steps_praise_or_explanation(lesson_id: str) -> None:
    tutor = Tutor(lesson_id, "en")
    checks = 0
    while not tutor.finished:
        state = tutor.state()
        if state["kind"] == "check":
            checks += 1
            assert state["feedback"] is None and state["explain"] is None and state["events"] == [], state["step"]
            right = taught(tutor)
            wrong = [o["action"] for o in state["options"] if o["action"] != right]
            if wrong:
                tutor.act(wrong[0])
                refused = tutor.state()
                assert refused["feedback"] == {**refused["feedback"], "ok": False} and refused["step"] == state["step"]
                assert refused["feedback"]["text"]
        tutor.act(taught(tutor))
    assert checks
    # the check's own verdict once answered
    assert tutor.state()["feedback"]["ok"] is True


def test_an_action_step_still_shows_the_praise_of_the_step_before() -> None:
    tutor = Tutor("damage-check", "en")
    tutor.act(taught(tutor))
    state = tutor.state()
    assert state["kind"] == "expect" and state["feedback"]["ok"] is True and state["events"]
