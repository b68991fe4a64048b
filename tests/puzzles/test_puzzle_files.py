"""Puzzle files are validated on load (engine.persistence.puzzles): a broken file is refused with a message that
names the file and the place of the fault."""
from __future__ import annotations

import json

import pytest

from engine.persistence.puzzles import BadPuzzle, load_file, parse, shipped

GOOD = {
    "id": "x-test", "kind": "win-this-turn", "difficulty": 1,
    "title": {"en": "T", "ja": "T"}, "goal": {"en": "G", "ja": "G"}, "explanation": {"en": "E", "ja": "E"},
    "rules": ["11.2.2"], "scenario": {"players": [{"base": ["EBP01-006"]}, {"life": 1}]},
    "solution": ["attack EBP01-006 player"],
}


def broken(**changes) -> dict:
    data = json.loads(json.dumps(GOOD))
    for key, value in changes.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    return data


def test_a_good_puzzle_loads() -> None:
    puzzle = parse(GOOD)
    assert puzzle.solver == 0 and puzzle.summary()["title"]["ja"] == "T"


@pytest.mark.parametrize(("changes", "message"), [
    ({"kind": "mate-in-two"}, "x: kind: expected one of win-this-turn, survive"),
    ({"difficulty": 6}, "x: difficulty: expected a whole number from 1 to 5"),
    ({"difficulty": True}, "x: difficulty"),
    ({"id": "Bad Id"}, "x: id: expected a kebab-case id"),
    ({"goal": {"en": "only English"}}, "x: goal: expected {\"en\": TEXT, \"ja\": TEXT}"),
    ({"title": {"en": "", "ja": "T"}}, "x: title.en: expected text"),
    ({"rules": ["nine"]}, "x: rules: expected a non-empty list of rule numbers"),
    ({"solution": [3]}, "x: solution[0]: expected an action text"),
    ({"solution": [{"answers": {"*": "pass"}}]}, "x: solution[0].answers[\"*\"]: expected a list"),
    ({"explanation": None}, "x: explanation: missing."),
    ({"colour": "red"}, "x: colour: unknown key"),
    ({"scenario": {"players": [{"life": "ten"}, {}]}}, "x: scenario: players[0].life: expected a whole number"),
    ({"scenario": {"players": [{"base": ["NOPE-1"]}, {}]}}, "x: scenario: players[0].base[0]: unknown card number"),
    ({"player": 1}, "x: player: a win-this-turn puzzle is solved by the turn player."),
    ({"kind": "survive", "player": 0}, "x: player: a survive puzzle is solved by the player whose turn it is not."),
    ({"hidden_decks": [1, 1]}, "x: hidden_decks: expected a list of distinct players"),
    ({"hidden_decks": [1], "scenario": {"players": [{}, {"deck": [f"EBP01-0{n:02}" for n in range(1, 10)]}]}},
     "x: hidden_decks: the hidden decks have 362880 distinct orders"),
])
def test_a_broken_puzzle_is_refused_with_a_clear_error(changes: dict, message: str) -> None:
    with pytest.raises(BadPuzzle) as error:
        parse(broken(**changes), "x")
    assert str(error.value).startswith(message), str(error.value)


def test_bad_json_and_missing_files_are_refused(tmp_path) -> None:
    with pytest.raises(BadPuzzle, match="x: .*"):
        parse('{"id": "a", "id": "b"}', "x")
    with pytest.raises(BadPuzzle, match="must be a JSON object"):
        parse("[1]", "x")
    with pytest.raises(BadPuzzle, match="cannot read it"):
        load_file(str(tmp_path / "none.json"))
    path = tmp_path / "p.json"
    path.write_text(json.dumps(GOOD))
    assert load_file(str(path)).id == "x-test"


def test_shipped_puzzles_are_named_by_their_id_and_cite_rules() -> None:
    for pid, puzzle in shipped().items():
        assert puzzle.id == pid and puzzle.rules
        assert all(puzzle.goal[lang] and puzzle.explanation[lang] for lang in ("en", "ja"))


def test_a_hidden_deck_must_be_listed() -> None:
    with pytest.raises(BadPuzzle, match="x: hidden_decks: player 1's deck is hidden, so the scenario must list it"):
        parse(broken(hidden_decks=[1]), "x")
