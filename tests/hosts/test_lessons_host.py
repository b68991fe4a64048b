"""The lesson requests (web/py/lessons_host.py) under CPython: the JSON the learn screens and embeds get."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web" / "py"))

import lessons_host  # noqa: E402,F401  (registers the lesson requests)
import playmat_host  # noqa: E402
from host_calls import ask, refused  # noqa: E402

STATE_KEYS = {"id", "step", "steps", "say", "highlight", "options", "view", "feedback", "explain", "finished", "lang"}




@pytest.fixture
def host() -> playmat_host.Host:
    return playmat_host.Host()


def test_lesson_list_gives_every_lesson_with_bilingual_titles(host: playmat_host.Host) -> None:
    listed = ask(host, "lessons.list", {})["lessons"]
    ids = [e["id"] for e in listed]
    assert "damage-check" in ids and "goal-and-turn" in ids
    for entry in listed:
        assert set(entry) == {"id", "path", "order", "minutes", "title", "summary", "rules"}
        assert entry["title"]["en"] and entry["title"]["ja"] and entry["path"] in ("course", "shelf")
    course = [e for e in listed if e["path"] == "course"]
    assert [e["order"] for e in course] == sorted(e["order"] for e in course)


def test_a_lesson_is_played_through_the_requests_to_its_end(host: playmat_host.Host) -> None:
    state = ask(host, "lessons.start", {"id": "damage-check", "lang": "ja"})
    assert STATE_KEYS <= set(state) and state["lang"] == "ja" and state["step"] == 0
    assert state["view"]["you"] == 0 and state["feedback"] is None
    attacker = state["labels"]["attacker"]
    assert attacker in state["highlight"] and "life:1" in state["highlight"]
    assert state["options"] == [{"action": f"attack {attacker} player", "label": state["options"][0]["label"],
                                "kind": "attack", "cards": [attacker]}]
    state = ask(host, "lessons.act", {"action": state["options"][0]["action"]})
    assert state["feedback"]["ok"] and state["explain"]["text"] and state["explain"]["rules"]
    assert state["step"] == 1 and state["view"]["players"][1]["life"] == 3
    assert "lucky" not in state["labels"]   # still hidden in the opponent's deck
    state = ask(host, "lessons.act", {"action": state["options"][0]["action"]})
    lucky = state["labels"]["lucky"]
    assert f"answer {lucky}" in [o["action"] for o in state["options"]]
    state = ask(host, "lessons.act", {"action": f"answer {lucky}"})
    assert state["finished"] and state["feedback"]["ok"] and state["options"] == []


def test_a_wrong_action_gets_feedback_and_leaves_the_lesson_as_it_was(host: playmat_host.Host) -> None:
    start = ask(host, "lessons.start", {"id": "damage-check", "lang": "en"})
    second = start["labels"]["second"]
    state = ask(host, "lessons.act", {"action": f"attack {second} player"})   # legal, but not this step's
    assert state["feedback"]["ok"] is False and state["feedback"]["text"]
    assert state["step"] == 0 and state["view"] == start["view"]
    state = ask(host, "lessons.act", {"action": "attack 424242 player"})
    assert state["feedback"]["ok"] is False and state["step"] == 0
    assert "must be text" in refused(host, "lessons.act", {"action": 7})
    assert ask(host, "lessons.state", {})["step"] == 0


def test_restart_returns_to_the_first_step(host: playmat_host.Host) -> None:
    start = ask(host, "lessons.start", {"id": "damage-check"})
    ask(host, "lessons.act", {"action": start["options"][0]["action"]})
    again = ask(host, "lessons.restart", {})
    assert again["step"] == 0 and again["view"] == start["view"] and again["feedback"] is None


def test_bad_requests_are_refused_and_do_not_disturb_the_running_lesson(host: playmat_host.Host) -> None:
    assert "No lesson is running" in refused(host, "lessons.act", {"action": "next"})
    assert "No lesson is running" in refused(host, "lessons.restart", {})
    ask(host, "lessons.start", {"id": "goal-and-turn"})
    assert "no lesson" in refused(host, "lessons.start", {"id": "no-such-lesson"})
    assert "must be text" in refused(host, "lessons.start", {"id": ["damage-check"]})
    assert "language" in refused(host, "lessons.start", {"id": "damage-check", "lang": "fr"})
    assert "has no field" in refused(host, "lessons.start", {"id": "damage-check", "bogus": 1})
    assert "takes an object" in refused(host, "lessons.act", "next")
    state = ask(host, "lessons.state", {"lang": "ja"})
    assert state["id"] == "goal-and-turn" and state["step"] == 0 and state["lang"] == "ja"
    assert ask(host, "lessons.act", {"action": "next"})["step"] == 1


def test_the_worker_loads_the_lesson_host_and_the_wheel_ships_the_lessons() -> None:
    """The page's worker gets lessons_host.py (web/js/engine.js), imports it (web/py/worker.py), and the engine
    wheel carries cards/lessons/*.json (pyproject.toml package data; build.py refuses a wheel missing a file)."""
    import tomllib

    root = Path(__file__).resolve().parents[2]
    assert '"./py/lessons_host.py": "./lessons_host.py"' in (root / "web/js/engine.js").read_text(encoding="utf-8")
    assert "import lessons_host" in (root / "web/py/worker.py").read_text(encoding="utf-8")
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    assert "lessons/*.json" in data["tool"]["setuptools"]["package-data"]["cards"]
    assert list((root / "cards/lessons").glob("*.json"))
