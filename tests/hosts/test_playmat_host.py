"""The playmat's game host (web/py/playmat_host.py) under CPython: the JSON the page gets, undo, the log."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web" / "py"))

import playmat_host  # noqa: E402
from host_calls import ask  # noqa: E402

SCENARIO = {
    "turn": 3, "turn_player": 0, "phase": "main",
    "players": [
        {"hand": ["EBP01-001"], "base": ["ETD01-013"], "souls": {"standing": 1}},
        {"base": ["ETD01-013"], "souls": {"standing": 1}},
    ],
}



def actions(state: dict) -> list[str]:
    """The action texts of the viewer's options."""
    return [option["action"] for option in state["decision"]["options"]]


@pytest.fixture
def host() -> playmat_host.Host:
    return playmat_host.Host()


def test_hello_lists_shipped_decks_and_a_bilingual_catalogue(host: playmat_host.Host) -> None:
    hello = ask(host, "playmat.hello")
    assert hello["ok"] and hello["decks"]
    card = hello["catalog"]["EBP01-001"]
    assert card["name"]["en"] == "Jormuntide Ignis" and card["name"]["ja"]
    assert card["lucky"] is True


def test_errors_come_back_as_readable_json(host: playmat_host.Host) -> None:
    answer = json.loads(playmat_host.call("playmat.new_game", json.dumps({"mode": "computer", "deck0": "EBP01-006x99"})))
    assert answer["ok"] is False and "50" in answer["error"]
    assert json.loads(playmat_host.call("no_such_request"))["ok"] is False


def test_the_log_is_sent_once_and_again_whole_after_undo(host: playmat_host.Host) -> None:
    first = ask(host, "playmat.new_game", {"mode": "computer", "deck0": "bp01-red-green", "deck1": "bp01-blue-purple",
                                    "seed": 9, "first": 0})
    assert first["log_reset"] and first["log"]
    assert all(set(event["text"]) == {"en", "ja"} for event in first["log"])
    after = ask(host, "playmat.act", first["decision"]["options"][0]["action"])
    assert not after["log_reset"]
    sent = {json.dumps(e, sort_keys=True) for e in first["log"]}
    assert not any(json.dumps(e, sort_keys=True) in sent for e in after["log"])
    undone = ask(host, "playmat.undo")
    assert undone["log_reset"]
    assert undone["decision"]["options"] == first["decision"]["options"]
    assert undone["choices"] == first["choices"]


def test_undo_skips_back_over_the_computers_decisions(host: playmat_host.Host) -> None:
    state = ask(host, "playmat.new_game", {"mode": "computer", "deck0": "bp01-red-green", "deck1": "bp01-blue-purple",
                                    "seed": 5, "first": 1})
    human_turns = []
    while len(human_turns) < 3:
        if state["computer_to_act"]:
            state = ask(host, "playmat.computer_step")
            continue
        human_turns.append((state["choices"], state["decision"]["options"]))
        state = ask(host, "playmat.act", state["decision"]["options"][-1]["action"])
    while state["computer_to_act"]:
        state = ask(host, "playmat.computer_step")
    undone = ask(host, "playmat.undo")
    assert (undone["choices"], undone["decision"]["options"]) == human_turns[-1]
    assert not undone["computer_to_act"]


def test_a_concession_is_a_recorded_choice_that_undo_takes_back(host: playmat_host.Host) -> None:
    """1.2.3 concede: the engine records it as a choice, so the host counts it as the human's decision."""
    state = ask(host, "playmat.new_game", {"mode": "computer", "deck0": "bp01-red-green", "deck1": "bp01-blue-purple",
                                    "seed": 5, "first": 0})
    while state["computer_to_act"]:
        state = ask(host, "playmat.computer_step")
    before = state
    conceded = ask(host, "playmat.concede")
    assert conceded["view"]["outcome"] == {"winner": 1 - conceded["human"], "reason": "concede"}
    assert conceded["choices"] == before["choices"] + 1
    undone = ask(host, "playmat.undo")
    assert (undone["choices"], undone["decision"]["options"]) == (before["choices"], before["decision"]["options"])
    assert undone["view"]["outcome"] is None


def test_hand_cards_that_cannot_be_played_say_why(host: playmat_host.Host) -> None:
    state = ask(host, "playmat.new_game", {"mode": "hotseat", "scenario": SCENARIO})
    (card,) = state["view"]["players"][0]["hand"]
    assert f"play {card['id']}" not in actions(state)
    assert "soul" in state["hand_why"][str(card["id"])].lower()


def test_hotseat_shows_the_board_to_whoever_decides(host: playmat_host.Host) -> None:
    state = ask(host, "playmat.new_game", {"mode": "hotseat", "scenario": SCENARIO})
    attack = next(o for o in actions(state) if o.startswith("attack"))
    assert state["viewer"] == 0 and state["view"]["players"][1]["hand"] is None
    state = ask(host, "playmat.act", attack)
    assert state["decision"]["player"] == 1 == state["viewer"]
    assert state["view"]["players"][0]["hand"] is None
    assert state["view"]["players"][1]["hand"] is not None


def test_the_computer_refuses_to_be_played_for(host: playmat_host.Host) -> None:
    state = ask(host, "playmat.new_game", {"mode": "computer", "deck0": "bp01-red-green", "deck1": "bp01-blue-purple",
                                    "seed": 2, "first": 1, "human": 0})
    while not state["computer_to_act"] and state["decision"]:
        state = ask(host, "playmat.act", state["decision"]["options"][0]["action"])
    # the page learns only that the computer decides: no prompt, no options, no reasons
    assert set(state["decision"]) == {"player", "kind"} and state["decision"]["player"] == 1
    answer = json.loads(playmat_host.call("playmat.act", json.dumps("end")))
    assert answer["ok"] is False and "computer" in answer["error"]
    answer = json.loads(playmat_host.call("playmat.why_not", json.dumps("end")))
    assert answer["ok"] is False and "not your decision" in answer["error"]


def test_hotseat_log_is_sent_again_redacted_for_whoever_takes_the_device(host: playmat_host.Host) -> None:
    """Lines written while one player held the device do not stay for the other (4.6: the hand is hidden)."""
    scenario = {"turn": 3, "turn_player": 0, "players": [
        {"hand": ["EBP01-071"], "deck": ["EBP01-006"] + ["ETD01-008"] * 9, "souls": {"standing": 2}},
        {"base": ["ETD01-013"]}]}
    state = ask(host, "playmat.new_game", {"mode": "hotseat", "scenario": scenario})
    egg = next(o for o in actions(state) if o.startswith("play"))
    state = ask(host, "playmat.act", egg)
    assert state["viewer"] == 0 and any("Foxparks" in e["text"]["en"] for e in state["log"])
    state = ask(host, "playmat.act", "done")
    state = ask(host, "playmat.act", "end")
    assert state["viewer"] == 1 and state["log_reset"] is True
    assert not any("Foxparks" in e["text"]["en"] or "Foxparks" in str(e["data"]) for e in state["log"])
    assert any(e["kind"] == "look" for e in state["log"])


def test_a_request_nested_thousands_deep_is_refused_and_the_host_goes_on(host: playmat_host.Host) -> None:
    """A scenario 5,000 levels deep (as an object or as text) gets a clear error; the host still plays."""
    deep = "[" * 5000 + "]" * 5000
    for payload in ('{"mode": "hotseat", "scenario": ' + deep + "}",
                    json.dumps({"mode": "hotseat", "scenario": deep})):
        playmat_host.HOST = host
        answer = json.loads(playmat_host.call("playmat.new_game", payload))
        assert answer["ok"] is False and "nested too deep" in answer["error"]
    state = ask(host, "playmat.new_game", {"mode": "hotseat", "scenario": SCENARIO})
    assert state["decision"]["player"] == 0


def test_the_search_benchmark_answers_the_same_work_for_the_same_seed() -> None:
    """``playmat.search_bench`` (tools/bench_search_web.py) runs Strong on seeded positions: at a fixed number of
    playouts the same seed gives the same playouts per decision; out-of-range arguments are refused."""
    request = json.dumps({"positions": 2, "seed": 3, "budget_s": None, "playouts": 8})
    first = json.loads(playmat_host.call("playmat.search_bench", request))
    second = json.loads(playmat_host.call("playmat.search_bench", request))
    assert first["ok"] and second["ok"]
    result = first["result"]
    assert result["positions"] == 2 and 0 < result["playouts"] <= 16 and result["playouts_per_s"] > 0
    assert [n for _s, n in result["per_decision"]] == [n for _s, n in second["result"]["per_decision"]]
    assert result["clock_us"] > 0
    for bad in ({"positions": 0}, {"positions": 2, "budget_s": 0}, {"positions": 2, "playouts": 0, "budget_s": None}):
        answer = json.loads(playmat_host.call("playmat.search_bench", json.dumps(bad)))
        assert answer["ok"] is False and "search benchmark" in answer["error"]
