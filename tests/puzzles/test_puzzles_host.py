"""The puzzle requests of the page (web/py/puzzles_host.py) under CPython: the JSON shapes of the learn contract."""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web" / "py"))

import playmat_host  # noqa: E402
import puzzles_host  # noqa: E402, F401  (registers the requests)


def call(method: str, argument: object = None) -> dict:
    return json.loads(playmat_host.call(method, json.dumps(argument)))


def ask(method: str, argument: object = None) -> dict:
    answer = call(method, argument)
    assert answer["ok"], answer
    return answer["result"]


def test_the_list_names_every_puzzle_with_bilingual_titles() -> None:
    puzzles = ask("puzzles.list", {})["puzzles"]
    assert puzzles[0]["id"] == "p01-burn-the-lucky"
    for p in puzzles:
        assert set(p) == {"id", "kind", "difficulty", "title", "goal", "rules", "themes", "rating", "generated"}
        assert p["kind"] in ("win-this-turn", "survive") and 1 <= p["difficulty"] <= 5
        assert p["title"]["en"] and p["title"]["ja"] and p["goal"]["ja"]


def test_a_puzzle_is_played_with_a_wrong_try_a_hint_undo_and_a_solve() -> None:
    state = ask("puzzles.start", {"id": "p01-burn-the-lucky", "lang": "en"})
    assert state["status"] == "playing" and state["tries"] == 0 and not state["hint_available"]
    assert state["view"]["you"] == 0 and state["lang"] == "en"
    labels = {o["label"]: o["action"] for o in state["options"]}
    univolt = next(a for label, a in labels.items() if "Univolt" in label)
    state = ask("puzzles.act", {"action": univolt})
    assert state["status"] == "failed" and state["tries"] == 1 and state["hint_available"]
    hint = ask("puzzles.hint", {})
    assert set(hint) >= {"action", "label", "reason"} and "Foxparks" in hint["label"]
    state = ask("puzzles.undo", {})
    assert state["status"] == "playing"
    state = ask("puzzles.act", {"action": hint["action"]})
    state = ask("puzzles.act", {"action": univolt})
    assert state["status"] == "solved" and state["tries"] == 1
    state = ask("puzzles.restart", {})
    assert state["status"] == "playing" and state["tries"] == 1


def test_bad_requests_come_back_as_readable_errors_and_change_nothing() -> None:
    ask("puzzles.start", {"id": "p01-burn-the-lucky", "lang": "ja"})
    before = ask("puzzles.restart", {})
    for method, argument, words in [("puzzles.start", {"id": "nope"}, "unknown puzzle"),
                                    ("puzzles.start", {"id": "p01-burn-the-lucky", "lang": "fr"}, "unknown language"),
                                    ("puzzles.act", {"action": "attack 999 player"}, "not one of"),
                                    ("puzzles.act", {}, "action"),
                                    ("puzzles.act", "attack", "object"),
                                    ("puzzles.undo", {}, "Nothing to undo"),
                                    ("puzzles.hint", {}, "after a wrong try")]:
        answer = call(method, argument)
        assert answer["ok"] is False and words in answer["error"], (method, answer)
    assert ask("puzzles.restart", {})["options"] == before["options"]


def test_labels_of_visible_cards_come_with_the_state() -> None:
    state = ask("puzzles.start", {"id": "p04-taunt-first", "lang": "en"})
    assert state["labels"]["taunter"] in [c["id"] for c in state["view"]["players"][1]["base"]]
    assert f"attack {state['labels']['foxparks']} {state['labels']['taunter']}" in [o["action"] for o in state["options"]]
