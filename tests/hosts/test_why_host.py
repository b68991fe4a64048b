"""The page's answer to the computer's move says why it made it (web/py/playmat_host.py ``computer_step``): in
its ``computer_why`` and on the log line of that move, in English and Japanese, kept when the log is sent again
and in the save (a resumed game shows them again)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web" / "py"))

import playmat_host  # noqa: E402
import saves_host  # noqa: E402, F401  (every state carries its save)
from host_calls import ask  # noqa: E402

GAME = {"mode": "computer", "deck0": "bp01-red-green", "deck1": "bp01-blue-purple", "seed": 9, "first": 0}


def play_until(host: playmat_host.Host, moves: int) -> list[dict]:
    """Play (the human takes its first option) until the computer has made ``moves`` moves; their answers."""
    state = ask(host, "playmat.new_game", GAME)
    answers = []
    while len(answers) < moves and not state["view"]["outcome"]:
        if state["computer_to_act"]:
            state = ask(host, "playmat.computer_step")
            answers.append(state)
        else:
            state = ask(host, "playmat.act", state["decision"]["options"][0]["action"])
    return answers


def test_each_move_of_the_computer_comes_with_why_in_both_languages() -> None:
    host = playmat_host.Host()
    answers = play_until(host, 12)
    assert len(answers) == 12
    for answer in answers:
        why = answer["computer_why"]
        assert why["key"].startswith("why.") and why["text"]["en"] and why["text"]["ja"]
    shown = [line for answer in answers for event in answer["log"] for line in event.get("why", [])]
    told = [answer["computer_why"]["text"] for answer in answers]
    # every line reaches the log, at its own move or (a move that logged nothing the player sees) the next one
    assert shown and all(line in told for line in shown) and len(shown) + len(host.why_waiting) == len(told)
    assert any(event["kind"] == "play" and event.get("why") for answer in answers for event in answer["log"])


def test_a_human_move_carries_no_why_and_the_log_sent_again_keeps_the_lines() -> None:
    host = playmat_host.Host()
    answers = play_until(host, 8)
    state = ask(host, "playmat.undo")       # the log is sent again from the start, redacted anew
    assert state["log_reset"] and state.get("computer_why") is None
    resent = [line for event in state["log"] for line in event.get("why", [])]
    told = [answer["computer_why"]["text"] for answer in answers]
    assert resent and all(line in told for line in resent)


def test_a_resumed_save_shows_the_why_lines_at_the_same_log_lines() -> None:
    host = playmat_host.Host()
    play_until(host, 8)
    state = ask(host, "playmat.state")
    save = state["saved"]["save"]
    assert save["whys"] and all(len(lines) >= 1 for lines in save["whys"].values())
    before = [(event["text"], event.get("why")) for event in ask(host, "playmat.undo")["log"]]
    # the save of the undone game keeps only the lines of the moves it keeps: resume it in a fresh page
    again = ask(playmat_host.Host(), "saves.resume", ask(host, "playmat.state")["saved"]["save"])["state"]
    assert [(event["text"], event.get("why")) for event in again["log"]] == before
    assert any(why for _, why in before)
