"""Playing a puzzle (engine.clients.puzzle_session): wrong tries are counted, a hint comes from the solver,
undo and restart work, and the shipped solution solves every puzzle at engine level."""
from __future__ import annotations

import copy

import pytest

from engine.clients.puzzle_session import PuzzleError, PuzzleSession
from engine.clients.puzzle_solver import pick_answer, resolve
from engine.persistence.puzzles import parse, shipped

PUZZLES = shipped()


def play_solution(session: PuzzleSession, steps: list) -> None:
    """Follow the shipped steps (a branch step picks the steps for the opponent's answers since the last move)."""
    steps = list(steps)
    while session.status == "playing":
        while steps and isinstance(steps[0], dict):
            steps = list(pick_answer(steps[0], session.answers)) + steps[1:]
        options = session.options()
        if len(options) == 1:
            session.act(options[0])
            continue
        assert resolve(session.game, steps[0]) in options, (steps[0], options)
        session.act(steps.pop(0))


@pytest.mark.parametrize("pid", list(PUZZLES))
def test_the_shipped_solution_solves_the_puzzle_when_played(pid: str) -> None:
    session = PuzzleSession(PUZZLES[pid])
    play_solution(session, PUZZLES[pid].solution)
    state = session.state()
    assert state["status"] == "solved" and state["tries"] == 0 and not state["hint_available"]
    assert PUZZLES[pid].explanation["en"] in state["message"]


def test_a_wrong_try_fails_counts_and_offers_the_solvers_hint() -> None:
    session = PuzzleSession(PUZZLES["p01-burn-the-lucky"], "ja")
    with pytest.raises(PuzzleError):
        session.hint()                       # no hint before a wrong try
    session.act("attack EBP01-009 player")   # the big hit first: the Lucky card cancels it
    state = session.state()
    assert state["status"] == "failed" and state["tries"] == 1 and state["hint_available"]
    assert state["options"] == [] and state["can_undo"]
    hint = session.hint()
    assert hint["undo"] == 1 and resolve(session.game.rewind(0), "attack EBP01-006 player") == hint["action"]
    assert "キツネビ" in hint["label"]
    with pytest.raises(PuzzleError):
        session.act(hint["action"])          # a failed puzzle takes no move until undone
    session.undo()
    assert session.status == "playing" and session.hint()["undo"] == 0
    session.act(session.hint()["action"])
    session.act("attack EBP01-009 player")
    assert session.status == "solved" and session.tries == 1


def test_restart_keeps_the_tries_and_undo_needs_a_move() -> None:
    session = PuzzleSession(PUZZLES["p01-burn-the-lucky"])
    with pytest.raises(PuzzleError, match="Nothing to undo"):
        session.undo()
    session.act("end")
    assert session.status == "failed" and session.tries == 1
    session.restart()
    assert session.status == "playing" and session.tries == 1 and len(session.options()) == 3


def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    session = PuzzleSession(PUZZLES["p01-burn-the-lucky"])
    before = session.state()
    with pytest.raises(PuzzleError):
        session.act("attack 999 player")
    assert session.state() == before


def test_in_a_survive_puzzle_a_missed_block_fails_at_once() -> None:
    """The Lucky card takes the first hit (11.2.2) and the Interrupt the second (9.5); not blocking the third is
    a wrong try, caught before the damage is even dealt."""
    session = PuzzleSession(PUZZLES["p02-three-attackers"])
    assert session.game.decision.kind.value == "block"       # the opponent attacked at once
    session.act("pass")                                      # no block, no Interrupt: the Lucky card saves
    session.act("pass")
    assert session.status == "playing" and session.game.state.players[0].life == 1
    session.act("pass")                                      # second attack: no block...
    session.act("activate ETD01-004 0 cost 0")                # ...the Interrupt stops it
    assert session.status == "playing"
    session.act("pass")                                      # third attack: not blocked
    assert session.status == "failed" and session.tries == 1
    session.undo()
    assert session.hint()["action"].startswith("block")


def test_a_gamble_that_happens_to_pay_is_still_a_wrong_try() -> None:
    """With the deck order hidden, a move is judged by what the player knew before it: resting 3 souls to draw
    (8.5) fails the puzzle even in the order where the draw brings the card that would win."""
    p = PUZZLES["p12-no-gamble"]
    data = copy.deepcopy({"id": p.id, "kind": p.kind, "difficulty": p.difficulty, "title": p.title, "goal": p.goal,
                          "explanation": p.explanation, "rules": p.rules, "scenario": p.scenario,
                          "solution": p.solution, "hidden_decks": p.hidden_decks})
    data["scenario"]["players"][0]["deck"] = ["ETD01-011", "EBP01-013", "EBP01-013"]   # Ignis Breath on top
    session = PuzzleSession(parse(data))
    session.act("souldraw")
    assert [c.number for c in session.game.state.players[0].hand] == ["EBP01-008", "ETD01-011"]
    assert session.status == "failed" and session.tries == 1
    hint = session.hint()
    assert hint["label"] == "Play Sparkit – Hazardous Contact" and hint["undo"] == 1 and "hidden deck" in hint["reason"]


def test_a_win_that_depends_on_the_hidden_order_is_luck_not_a_solution() -> None:
    """11.2.2: with the opponent's deck order hidden, the 2-Strike attack wins in the listed order (no Lucky card
    among the top two) but would be cancelled in others: the session calls it luck and counts a wrong try."""
    p = PUZZLES["p01-burn-the-lucky"]
    data = copy.deepcopy({"id": p.id, "kind": p.kind, "difficulty": p.difficulty, "title": p.title, "goal": p.goal,
                          "explanation": p.explanation, "rules": p.rules, "scenario": p.scenario,
                          "solution": p.solution, "hidden_decks": [1]})
    data["scenario"]["players"][1]["deck"] = ["ETD01-013", "ETD01-013", "ETD01-013", "EBP01-001"]
    session = PuzzleSession(parse(data))
    session.act("attack EBP01-009 player")
    assert session.game.outcome is not None and session.game.outcome.winner == 0
    assert session.status == "failed" and session.tries == 1 and "luck" in session.message


def test_an_order_decision_names_the_abilities_waiting_not_a_number() -> None:
    """10.5: when two of the player's automatic abilities wait at once, the player picks which resolves first;
    the options name the card and each ability (they read "Choose 0" before), in both languages."""
    for lang, card in (("en", "Menasting"), ("ja", "デスティング")):
        session = PuzzleSession(shipped()["p17-scorpion-trade"], lang)
        session.act("attack @menasting @taunter")     # Menasting dies: Retaliate and its graveyard ability wait
        labels = [o["label"] for o in session.state()["options"]]
        assert len(labels) == 2 and all(card in label for label in labels), labels
        assert len(set(labels)) == 2


# --- feedback: the opponent's reply in one line, no stale message, hints worded for one move ------------------------

def test_the_opponents_reply_is_told_in_one_line_after_a_move() -> None:
    session = PuzzleSession(PUZZLES["p03-save-the-stealth"])
    assert session.state()["reply"] == ""
    session.act("attack 21 player")
    reply = session.state()["reply"]
    assert reply.startswith("Lifmunk") and "blocks" in reply and "is destroyed" in reply and "\n" not in reply
    assert "[" not in reply     # no rule references in the line


def test_the_reply_is_told_in_japanese_too_and_names_no_hidden_card() -> None:
    session = PuzzleSession(PUZZLES["p03-save-the-stealth"], "ja")
    session.act("attack 21 player")
    assert "ブロック" in session.state()["reply"]


def test_a_failed_line_says_what_the_opponent_did() -> None:
    session = PuzzleSession(PUZZLES["p13-wumpo-stands-guard"])
    while session.status == "playing":
        session.act(session.options()[0])
    state = session.state()
    assert state["status"] == "failed" and "attacks you" in state["reply"] and "wins" in state["reply"]


def test_move_taken_back_does_not_stay_after_a_new_move() -> None:
    session = PuzzleSession(PUZZLES["p06-ragnahawk-leads"])
    session.act("attack 21 player")
    session.undo()
    assert session.state()["message"] == "Move taken back." and session.state()["reply"] == ""
    session.act("attack 21 player")
    assert session.state()["message"] == "Your move."


def test_the_undo_note_of_a_hint_is_worded_for_one_move() -> None:
    session = PuzzleSession(PUZZLES["p14-two-shields"])
    session.act("attack 21 player")
    hint = session.hint()
    assert hint["undo"] == 1 and "(first take back your last move)" in hint["reason"] and "(s)" not in hint["reason"]
