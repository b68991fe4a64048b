"""Every shipped puzzle is proven by the exhaustive search (engine.clients.puzzle_solver): it has a solution, the
shipped solution wins against every answer of the opponent (and every order of a hidden deck), and the number of
winning lines is reported. Wrong lines and unsolvable positions are found to fail."""
from __future__ import annotations

import copy

import pytest

from engine.clients.puzzle_proof import analyse
from engine.clients.puzzle_solver import Solver, check_solution, initial_worlds, resolve
from engine.persistence.puzzles import parse, shipped

PUZZLES = shipped()


def test_at_least_twelve_puzzles_ship_with_rising_difficulty() -> None:
    hand_made = [p for p in PUZZLES.values() if p.generated is None]
    assert len(hand_made) >= 12
    difficulties = [p.difficulty for p in hand_made]
    assert difficulties == sorted(difficulties) and difficulties[0] < difficulties[-1]


@pytest.mark.parametrize("pid", list(PUZZLES))
def test_the_search_proves_the_puzzle_and_its_shipped_solution(pid: str) -> None:
    report = analyse(PUZZLES[pid], strategy=False)
    print(report.text())   # the count of winning lines, shown with -s
    assert report.solvable, report.text()
    assert report.lines > 0
    assert report.solution_ok, report.solution_problems
    # not trivial: somewhere on the winning lines a move loses (pitfalls count those decisions)
    assert report.pitfalls > 0 and not report.trivial


def test_the_wrong_order_of_attacks_fails_11_2_2() -> None:
    """11.2.2: the Lucky Pal on top cancels the first hit, so the 2-Strike Pal must not attack first."""
    puzzle = PUZZLES["p01-burn-the-lucky"]
    check = check_solution(puzzle, ["attack EBP01-009 player", "attack EBP01-006 player"])
    assert not check.ok
    assert any("goal is missed" in p for p in check.problems)
    assert check_solution(puzzle).ok


def test_a_step_that_is_not_legal_is_reported() -> None:
    check = check_solution(PUZZLES["p01-burn-the-lucky"], ["attack EBP01-001 player"])
    assert not check.ok and "is not legal" in check.problems[0]


def test_an_unsolvable_position_has_no_solution() -> None:
    """One life more and no attack order wins: the search says so."""
    data = _data("p01-burn-the-lucky")
    data["scenario"]["players"][1]["life"] = 3
    puzzle = parse(data)
    result = Solver(puzzle).solve()
    assert not result.win and result.lines == 0
    report = analyse(puzzle)
    assert not report.solvable and not report.solution_ok


def test_a_survive_puzzle_fails_without_the_interrupt_9_5() -> None:
    """9.5: without the Interrupt card in hand the third attack gets through."""
    data = _data("p02-three-attackers")
    data["scenario"]["players"][0]["hand"] = []
    assert not Solver(parse(data)).solve().win


def test_hidden_deck_order_means_every_order_must_win() -> None:
    """With the opponent's deck order hidden, the Lucky card may be anywhere: p01's plan no longer forces a win
    (the solver must win in every world), though it wins in the world where the Lucky card is on top."""
    data = _data("p01-burn-the-lucky")
    data["hidden_decks"] = [1]
    puzzle = parse(data)
    assert len(initial_worlds(puzzle)) == 4      # the Lucky card in any of 4 places
    assert not Solver(puzzle).solve().win


def _data(pid: str) -> dict:
    p = PUZZLES[pid]
    return copy.deepcopy({"id": p.id, "kind": p.kind, "difficulty": p.difficulty, "title": p.title, "goal": p.goal,
                          "explanation": p.explanation, "rules": p.rules, "scenario": p.scenario,
                          "solution": p.solution})


@pytest.mark.parametrize("pid", ["p01-burn-the-lucky", "p03-save-the-stealth", "p09-strip-the-interrupt",
                                 "p14-two-shields"])
def test_memoisation_changes_no_result(pid: str) -> None:
    """The memo (a canonical key of the state at main-phase decisions) only saves work: the same value, the
    same count of winning lines and pitfalls as a search without it."""
    memo, plain = Solver(PUZZLES[pid]), Solver(PUZZLES[pid], memoise=False)
    assert memo.solve() == plain.solve()
    assert memo.nodes <= plain.nodes


def test_positions_reached_in_another_order_share_a_key() -> None:
    """Playing A then B or B then A gives the same position with other card ids and another order in the base:
    one memo entry. Damage on one of them keeps the positions apart."""
    from engine.clients.puzzle_solver import state_key
    from engine.persistence.scenario import load

    scenario = {"players": [{"hand": ["ETD01-013", "EBP01-006"], "souls": {"standing": 4}}, {}]}
    keys = []
    for first, second in (("ETD01-013", "EBP01-006"), ("EBP01-006", "ETD01-013")):
        game = load(scenario, snapshots=False)
        for number in (first, second):
            game.apply(resolve(game, f"play {number}"))
        keys.append(state_key(game.state))
    assert keys[0] == keys[1]
    game.state.players[0].base[0].damage = 100
    assert state_key(game.state) != keys[0]


def test_templates_name_cards_by_number_label_or_id() -> None:
    """A solution step names a card by its number, its scenario label (``@name``) or its id; the first legal
    option that fits is taken, and a template that fits none gives None."""
    from engine.clients.puzzle_solver import matches
    from engine.persistence.scenario import load

    game = load({"players": [{"base": [{"card": "ETD01-013", "label": "small"}, "EBP01-009"]}, {}]}, snapshots=False)
    small, univolt = (c.id for c in game.state.players[0].base)
    assert resolve(game, "attack @small player") == f"attack {small} player"
    assert resolve(game, "attack EBP01-009 player") == f"attack {univolt} player"
    assert resolve(game, f"attack {univolt} player") == f"attack {univolt} player"
    assert resolve(game, "attack @nobody player") is None
    assert resolve(game, "attack EBP01-001 player") is None
    assert not matches("attack EBP01-009", f"attack {univolt} player", {})
