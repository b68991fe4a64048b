"""Puzzles mined from games (engine.clients.puzzle_generator): at least 100 ship, each file round-trips and its
claimed solution wins against every answer (the proof of every shipped puzzle is in test_puzzle_solver), the
proof's facts in the file are what the search finds again, and a real game's position survives the trip to a
scenario."""
from __future__ import annotations

import json
import random
from importlib import resources

import pytest

from engine.clients import puzzle_generator as gen
from engine.clients.puzzle_solver import Solver, check_solution
from engine.persistence.puzzles import BadPuzzle, parse, shipped
from engine.persistence.scenario import build_state
from engine.presentation import rulebook

GENERATED = {pid: p for pid, p in shipped().items() if p.generated is not None}
FOLDER = resources.files("cards").joinpath("puzzles/generated")


def test_at_least_a_hundred_generated_puzzles_ship_beside_the_hand_made_ones() -> None:
    assert len(GENERATED) >= 100
    assert len(shipped()) - len(GENERATED) >= 19
    kinds = {p.kind for p in GENERATED.values()}
    assert kinds == {"win-this-turn", "survive"}
    assert {p.difficulty for p in GENERATED.values()} >= {2, 3, 4}


def _file(pid: str) -> dict:
    return json.loads(FOLDER.joinpath(f"{pid}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("pid", sorted(GENERATED)[:3])
def test_a_generated_file_round_trips_and_its_solution_wins(pid: str) -> None:
    data = _file(pid)
    puzzle = parse(json.dumps(data, ensure_ascii=False), pid)
    again = parse(json.loads(json.dumps(data)), pid)
    assert puzzle == again and puzzle.id == pid and puzzle.themes == data["themes"] and puzzle.rating == data["rating"]
    assert check_solution(puzzle).ok
    facts = data["generated"]
    result = Solver(puzzle).solve()
    assert result.win and result.lines == facts["winning_lines"] and result.pitfalls == facts["pitfalls"] > 0
    for lang in ("en", "ja"):
        assert str(facts["winning_lines"]) in puzzle.explanation[lang]


def test_every_generated_puzzle_has_themes_a_rating_and_both_languages() -> None:
    for p in GENERATED.values():
        assert set(p.themes) <= set(gen.THEMES), p.id
        assert 0 < p.rating < 4000 and p.difficulty == gen.difficulty_of(p.rating), p.id
        assert all(p.explanation[lang] and p.goal[lang] and p.title[lang] for lang in ("en", "ja")), p.id
        assert p.generated["normal_miss"] in (0.0, 0.5, 1.0), p.id
        assert all(rulebook.has(rule) for rule in p.rules), (p.id, p.rules)


def test_a_generated_file_with_a_broken_field_is_refused() -> None:
    data = _file(sorted(GENERATED)[0])
    data["themes"] = ["Lucky Pals"]
    with pytest.raises(BadPuzzle, match="themes"):
        parse(data, "broken")
    data["themes"], data["rating"] = [], "high"
    with pytest.raises(BadPuzzle, match="rating"):
        parse(data, "broken")


def test_the_generator_makes_the_same_puzzle_again_from_its_position() -> None:
    """Reproducible: the shipped puzzle's position, given to the generator again, gives the same file."""
    pid = sorted(GENERATED)[0]
    data = _file(pid)
    origin = {"seed": data["generated"]["seed"], "game": data["generated"]["game"], "levels": data["generated"]["levels"],
              "number": data["title"]["en"].split("#")[1].split(":")[0], "life_changed_by": data["generated"]["life_changed_by"]}
    again = gen.make_puzzle(pid, data["kind"], data["scenario"], origin)
    assert again == data


def test_a_real_position_survives_the_trip_to_a_scenario() -> None:
    states = gen.main_phase_starts(7, ("normal", "normal"), random.Random(7))
    assert len(states) > 4
    written = 0
    for state in states:
        try:
            sc = gen.to_scenario(state)
        except gen.Reject:
            continue
        rebuilt, phase = build_state(sc)
        assert phase == "main" and rebuilt.turn == state.turn and rebuilt.turn_player == state.turn_player
        for before, after in zip(state.players, rebuilt.players, strict=True):
            assert (after.life, after.souls_standing, after.souls_rested, after.material, after.ingredient) == \
                (before.life, before.souls_standing, before.souls_rested, before.material, before.ingredient)
            for zone in ("hand", "base", "graveyard", "exile"):
                assert [(c.number, c.rested, c.damage) for c in after.zone(zone)] == \
                    [(c.number, c.rested, c.damage) for c in before.zone(zone)]
            assert [c.number for c in after.deck] == [c.number for c in before.deck][:gen.DECK_KEEP]
        written += 1
    assert written > 0


def test_a_position_that_is_not_a_puzzle_is_rejected() -> None:
    """The hand-made p01 with 3 life for the opponent cannot be won: the generator refuses it."""
    p = shipped()["p01-burn-the-lucky"]
    sc = json.loads(json.dumps(p.scenario))
    sc["players"][1]["life"] = 5
    with pytest.raises(gen.Reject, match="not solvable"):
        gen.make_puzzle("x", "win-this-turn", sc, {"seed": 0, "game": 0, "levels": [], "number": "0",
                                                  "life_changed_by": 0})


def test_the_command_with_a_seed_writes_the_shipped_files_again(tmp_path, capsys) -> None:
    """End to end: ``python -m engine puzzle generate --seed 1 --limit 1`` writes g1-001 byte for byte."""
    assert gen.main(["--seed", "1", "--limit", "1", "--budget", "300", "--out", str(tmp_path), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "1 puzzles kept" in out and "positions searched" in out
    assert (tmp_path / "g1-001.json").read_bytes() == FOLDER.joinpath("g1-001.json").read_bytes()


def test_bad_options_and_an_unwritable_folder_are_refused(tmp_path, capsys) -> None:
    for bad in (["--budget", "0"], ["--budget", "nan"], ["--budget", "inf"], ["--limit", "0"], ["--seed", "x"]):
        with pytest.raises(SystemExit) as stop:
            gen.main(bad)
        assert stop.value.code == 2
        assert capsys.readouterr().err.count("\n") == 1, bad     # one line, no usage or traceback
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert gen.main(["--limit", "1", "--out", str(blocker / "sub")]) == 2
    assert "cannot write the puzzles" in capsys.readouterr().err
