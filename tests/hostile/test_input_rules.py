"""Issue 7, the rules behind the hostile-input corpus: concession as a recorded choice (1.2.3), record version
compatibility, the bounded JSON reader, the excerpt helper, and the documented limits."""
from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import pytest
from kit import V300, V700, cid, game

import engine
from engine import (
    Action,
    BadRecord,
    BadScenario,
    DeckCodeError,
    Game,
    IllegalAction,
    OutcomeReason,
    UnknownCard,
)
from engine.bench import random_deck
from engine.clients.cli import main as cli
from engine.deck import validate
from engine.model import limits
from engine.model.safe_json import BadJSON, loads
from engine.replay import load, state_hash, verify
from engine.scenario import load as load_scenario

DOCS = Path(__file__).resolve().parents[2] / "docs"


def short_game(seed: int = 4, steps: int = 8) -> Game:
    rng = random.Random(seed)
    g = Game.new(random_deck(rng), random_deck(rng), seed)
    for _ in range(steps):
        g.apply(g.decision.options[0])
    return g


# --- 1.2.3 concession --------------------------------------------------------------------------------------------

def test_1_2_3_a_concession_is_recorded_and_replays_to_the_same_end():
    g = game({"base": [V700]}, {"base": [V300]})
    g.apply(f"attack {cid(g, 0, 'base', V700)} player")
    assert g.decision.player == 1
    g.concede(0)                              # the attacker concedes while the defender decides
    assert g.choices[-1] == "concede 0"
    assert (g.outcome.winner, g.outcome.reason) == (1, OutcomeReason.CONCEDE)
    record = json.loads(json.dumps(g.record()))
    again = load(record)
    assert again.outcome == g.outcome and again.decision is None
    assert verify(record) == (True, state_hash(g))


def test_1_2_3_either_player_may_concede_by_applying_the_choice():
    g = short_game()
    deciding = g.decision.player
    g.apply(f"concede {1 - deciding}")
    assert g.outcome.winner == deciding and g.outcome.reason == OutcomeReason.CONCEDE
    ok, h = verify(g.record())
    assert ok and h == state_hash(g)


def test_1_2_3_rewinding_before_a_concession_takes_it_back():
    g = short_game()
    before = (state_hash(g), g.decision.to_dict())
    g.concede(1)
    back = g.rewind(len(g.choices) - 1)
    assert back.outcome is None and (state_hash(back), back.decision.to_dict()) == before


def test_1_2_3_concession_is_never_a_listed_option_but_is_always_legal():
    g = short_game()
    assert not any(a.verb == "concede" for a in g.decision.options)
    assert g.why_not("concede 0") is None and g.why_not("concede 1") is None
    assert "concede" in g.why_not("concede 2")


def test_1_2_3_conceding_a_finished_game_changes_nothing():
    g = short_game()
    g.concede(0)
    choices, outcome = list(g.choices), g.outcome
    g.concede(1)
    assert (g.choices, g.outcome) == (choices, outcome)
    with pytest.raises(IllegalAction, match="over"):
        g.apply("concede 1")


def test_why_not_gives_the_reason_apply_would_refuse_with():
    g = short_game()
    for bad in (None, 7, Action("attack", (1, "player")), Action("end\n"), "x" * 10_000, "concede 9"):
        reason = g.why_not(bad)
        with pytest.raises(IllegalAction) as refused:
            g.apply(bad)
        assert reason == str(refused.value) and len(reason) < 300
    assert g.why_not(g.decision.options[0]) is None


# --- record versions ---------------------------------------------------------------------------------------------

def test_a_record_of_this_engine_and_card_data_loads_without_warnings():
    assert load(short_game().record()).warnings == []


@pytest.mark.parametrize("key, value, says", [
    ("engine", "0.0.1", "engine 0.0.1"),
    ("cards", "0123456789ab", "card data 0123456789ab"),
])
def test_a_record_from_a_compatible_other_version_loads_with_a_visible_warning(key, value, says):
    g = short_game()
    record = {**g.record(), key: value}
    again = load(record)
    assert len(again.warnings) == 1 and says in again.warnings[0]
    assert state_hash(again) == state_hash(g)
    assert again.rewind(2).warnings == again.warnings


def test_a_record_from_another_major_engine_version_is_refused_with_the_reason():
    with pytest.raises(BadRecord, match=r"engine 1\.0\.0.*replays only records of engine 0\.x"):
        load({**short_game().record(), "engine": "1.0.0"})


def test_a_diverging_replay_from_another_version_says_so():
    record = {**short_game().record(), "engine": "0.0.9"}
    record["choices"] = record["choices"][:2] + ["attack 999 player"]
    with pytest.raises(BadRecord, match="another engine or card data version"):
        load(record)


def test_cli_replay_prints_version_warnings_and_still_checks_the_state(tmp_path, capsys):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({**short_game().record(), "cards": "0123456789ab"}))
    assert cli(["replay", str(path)]) == 0
    out = capsys.readouterr()
    assert "matches" in out.out
    assert out.err.startswith("warning: ") and "card data" in out.err


# --- the bounded JSON reader ---------------------------------------------------------------------------------------

def test_safe_json_reads_what_json_reads():
    text = json.dumps(short_game().record())
    assert loads(text) == json.loads(text)
    assert loads(text.encode("utf-16")) == json.loads(text)


def test_safe_json_depth_bound_is_exact_and_brackets_in_strings_do_not_count():
    assert loads("[" * 32 + "]" * 32, max_depth=32)
    with pytest.raises(BadJSON, match="deep"):
        loads("[" * 33 + "]" * 33, max_depth=32)
    inside = "[{" * 500 + '"\\' + "9" * 100        # brackets, an escaped quote and backslash, long digits
    assert loads(json.dumps({"a": inside})) == {"a": inside}


def test_safe_json_size_bound():
    assert loads("[1]", max_size=3) == [1]
    with pytest.raises(BadJSON, match="large"):
        loads("[1] ", max_size=3)


def test_safe_json_names_the_path_of_a_duplicate_key():
    with pytest.raises(BadJSON, match=r'^\[1\]\.a: duplicate key "a"'):
        loads('[{}, {"a": 1, "a": 2}]')


def test_safe_json_refuses_in_a_bounded_time():
    t0 = time.perf_counter()
    for text in ("[" * 4_000_000, "[]," * 1_500_000, '"' + "x" * 4_000_000, "1" * 4_000_000):
        with pytest.raises(BadJSON):
            loads(text)
    # generous: a quadratic reader takes minutes here, a linear one well under a second
    assert time.perf_counter() - t0 < 30.0


# --- quoting input in messages -------------------------------------------------------------------------------------

@pytest.mark.parametrize("value, shown", [
    ("no", '"no"'),
    ("x" * 1000, '"' + "x" * 39 + "…"),
    pytest.param(10 ** 5000, "a number of about 5001 digits", id="huge-int"),
    (-7, "-7"),
    (None, "null"),
    (True, "true"),
    (b"\xff" * 100, repr(b"\xff" * 41)[:40] + "…"),
    ([[[[1]]]], "[[[…]]]"),
    ({"a": 1, "b": 2, "c": 3, "d": 4}, '{"a": 1, "b": 2, "c": 3, …}'),
    ("\ud800", '"\\ud800"'),
    ("a\nb", '"a\\nb"'),
])
def test_excerpt_quotes_at_most_a_short_printable_line(value, shown):
    text = limits.excerpt(value)
    assert text == shown
    assert len(text) <= limits.EXCERPT_CHARS + 1 and "\n" not in text
    text.encode("utf-8")


def test_deck_validate_lists_unknown_numbers_briefly():
    t0 = time.perf_counter()
    problems = validate([f"NOPE-{i}" for i in range(100_000)] + [10 ** 5000, None])
    assert time.perf_counter() - t0 < 2.0
    assert all(len(p) < 300 for p in problems)
    assert problems[0].startswith("Unknown card numbers: NOPE-0, NOPE-1")


# --- documented errors and limits ----------------------------------------------------------------------------------

def test_the_input_errors_are_value_errors_exported_from_engine():
    for error in (IllegalAction, BadRecord, BadScenario, DeckCodeError, BadJSON):
        assert issubclass(error, ValueError) and error.__name__ in engine.__all__
    assert issubclass(UnknownCard, KeyError) and "UnknownCard" in engine.__all__


def test_every_limit_is_documented_with_its_value():
    doc = (DOCS / "engine-api.md").read_text(encoding="utf-8")
    names = [n for n in dir(limits) if n.isupper() and not n.startswith("_")]
    assert len(names) >= 12
    for name in names:
        value = getattr(limits, name)
        shown = f"2\\*\\*{value.bit_length() - 1}" if value > 2 ** 20 and value & (value - 1) == 0 else f"{value:_}"
        assert re.search(rf"`{name}` \| {shown} \|", doc), name


def test_scenario_text_is_read_by_the_bounded_reader():
    data = {"turn": 4, "players": [{"hand": [V300]}, {}]}
    g = load_scenario(json.dumps(data))
    assert g.state.turn == 4 and g.setup == {"scenario": data}
    with pytest.raises(BadScenario, match=r"players\[0\]\.hand\[0\]: unknown card number"):
        load_scenario(b'{"players": [{"hand": ["NOPE-1"]}, {}]}')
