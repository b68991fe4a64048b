"""The computer's levels, hints and deck simulation as the page asks for them (web/py/hint_host.py,
web/py/simulate_host.py, the level of web/py/playmat_host.py), under CPython."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web" / "py"))

import computer_player  # noqa: E402
import hint_host  # noqa: E402,F401  (registers "hint")
import playmat_host  # noqa: E402
import simulate_host  # noqa: E402,F401  (registers "simulate_*")
from host_calls import ask, refused  # noqa: E402

from engine.clients.levels import BeginnerBot, NormalBot  # noqa: E402
from engine.clients.search import StrongBot  # noqa: E402

GAME = {"mode": "computer", "deck0": "bp01-red-green", "deck1": "bp01-blue-purple", "seed": 9, "first": 0}
# the computer (player 1) at a fight in its main phase: two attackers against a rested Pal and the player
FIGHT = {"turn": 4, "turn_player": 1, "phase": "main", "players": [
    {"base": [{"card": "ETD01-013", "rested": True}], "hand": ["ETD01-014"], "souls": {"standing": 2}},
    {"base": ["EBP01-037", "ETD02-001"], "hand": ["ETD01-013"], "souls": {"standing": 3}}]}




@pytest.fixture
def host() -> playmat_host.Host:
    return playmat_host.Host()


@pytest.mark.parametrize(("level", "kind"), [("beginner", BeginnerBot), ("normal", NormalBot), ("strong", StrongBot)])
def test_the_start_screens_level_makes_the_computer(host, level, kind) -> None:
    state = ask(host, "playmat.new_game", {**GAME, "level": level})
    assert state["level"] == level and type(host.computer) is kind


def test_normal_is_the_default_and_an_unknown_level_is_refused(host) -> None:
    assert ask(host, "playmat.new_game", GAME)["level"] == "normal"
    assert "unknown level" in refused(host, "playmat.new_game", {**GAME, "level": "grandmaster"})


def test_strong_in_the_host_keeps_its_budget_and_tells_the_page_nothing_of_its_thinking(host) -> None:
    """Whether Strong searched depends on its hidden options: the page gets only the pace of each answer, from
    the level and the public kind of decision; the thinking (``computer.last``) stays in the worker."""
    host.new_game({"mode": "computer", "scenario": FIGHT, "level": "strong"})
    host.computer.budget_s = 0.2          # the browser's 1 s, shortened for the test
    searched = []
    state = ask(host, "playmat.state")
    while state["computer_to_act"]:
        kind = state["decision"]["kind"]
        assert state["computer_pace"] == computer_player.computer_pace("strong", state["decision"])
        assert state["computer_pace"]["search"] == (kind in ("main", "block", "quick", "redraw", "pal_limit", "effect"))
        state = ask(host, "playmat.computer_step")
        last = host.computer.last
        assert last["seconds"] < 0.2 + 0.5    # the budget plus one playout's overrun (a shared CI core)
        assert state["computer_last"] is None
        if last["searched"]:
            searched.append(last)
    assert searched and all(last["playouts"] >= 1 for last in searched)


def test_the_pace_of_the_computers_answers_depends_on_public_facts_only() -> None:
    pace = computer_player.computer_pace
    assert pace("strong", {"player": 1, "kind": "quick"}) == {"ms": computer_player.STRONG_PACE_MS, "search": True}
    assert computer_player.STRONG_PACE_MS > computer_player.STRONG_BUDGET * 1000
    # a choice inside an effect (the other player sees only "effect") may be searched: it takes the pace too
    assert pace("strong", {"player": 1, "kind": "effect"}) == {"ms": computer_player.STRONG_PACE_MS, "search": True}
    assert pace("strong", {"player": 1, "kind": "redraw"}) == {"ms": computer_player.STRONG_PACE_MS, "search": True}
    assert pace("strong", {"player": 1, "kind": "first"}) == {"ms": computer_player.PACE_FLOOR_MS, "search": False}
    for level in ("beginner", "normal"):
        for kind in ("main", "quick", "block", "effect", "first"):
            assert pace(level, {"player": 1, "kind": kind}) == {"ms": computer_player.PACE_FLOOR_MS, "search": False}


def test_the_computers_thinking_is_shown_once_the_game_is_over(host) -> None:
    host.new_game({"mode": "computer", "scenario": FIGHT, "level": "strong"})
    host.computer.budget_s = 0.05
    state = ask(host, "playmat.computer_step")
    assert state["computer_last"] is None
    while state["computer_to_act"]:
        state = ask(host, "playmat.computer_step")
    state = ask(host, "playmat.concede")
    assert state["view"]["outcome"] is not None and state["computer_last"] is not None


def test_a_hint_is_one_of_the_humans_options_with_a_reason(host) -> None:
    state = ask(host, "playmat.new_game", GAME)
    h = ask(host, "playmat.hint", {"budget": 0.1})
    assert h["action"] in [o["action"] for o in state["decision"]["options"]] and h["kind"] == state["decision"]["kind"]
    assert h["reason"]["en"] and h["reason"]["ja"]


def test_hints_only_for_the_humans_decision_in_games_against_the_computer(host) -> None:
    ask(host, "playmat.new_game", {"mode": "computer", "scenario": FIGHT})
    assert "not your decision" in refused(host, "playmat.hint")
    ask(host, "playmat.new_game", {**GAME, "mode": "hotseat"})
    assert "against the computer" in refused(host, "playmat.hint")
    ask(host, "playmat.new_game", GAME)
    assert "budget" in refused(host, "playmat.hint", {"budget": 99})


def test_simulation_plays_every_shipped_deck_from_both_seats_in_steps(host) -> None:
    progress = ask(host, "simulate.start", {"deck": "etd01-red-blue", "games": 2})
    shipped = host.decks()
    assert progress == {"done": 0, "total": 2 * len(shipped), "finished": False}
    steps = 0
    while not progress["finished"]:
        progress = ask(host, "simulate.step")
        steps += 1
        assert progress["done"] <= progress["total"]
    assert steps >= 1 and progress["done"] == progress["total"]
    rows = progress["results"]
    assert [r["deck"] for r in rows] == list(shipped)
    for r in rows:
        assert r["games"] == 2 and r["wins"] + r["losses"] <= 2
        assert 0 <= r["interval"][0] <= r["win_rate"] <= r["interval"][1] <= 1 and r["avg_turns"] > 0


def test_simulation_refuses_bad_requests_and_can_be_cancelled(host) -> None:
    assert "no simulation" in refused(host, "simulate.step")
    assert "games per opponent" in refused(host, "simulate.start", {"deck": "etd01-red-blue", "games": 1})
    assert "unknown simulation level" in refused(host, "simulate.start", {"deck": "etd01-red-blue", "level": "strong"})
    assert refused(host, "simulate.start", {"deck": "EBP01-006x99"})
    ask(host, "simulate.start", {"deck": "etd01-red-blue", "games": 2})
    assert ask(host, "simulate.cancel") == {"cancelled": True}
    assert "no simulation" in refused(host, "simulate.step")
