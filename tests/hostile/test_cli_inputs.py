"""Issue 7 at the command line: ``python -m engine ...`` given hostile files or arguments prints one line
``error: ...`` on stderr and exits non-zero, quickly, never a traceback."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hostile_kit import TIME_LIMIT, check_message

from engine import Game
from engine.bench import random_deck
from engine.clients.cli import main as cli

ROOT = Path(__file__).resolve().parents[2]
V300 = "ETD01-013"


def a_record() -> dict:
    rng = random.Random(2)
    g = Game.new(random_deck(rng), random_deck(rng), 2)
    g.apply(g.decision.options[0])
    return g.record()


def record_with(**kv) -> str:
    return json.dumps({**a_record(), **kv})


def setup_with(**kv) -> str:
    r = a_record()
    r["setup"].update(kv)
    return json.dumps(r)


# (id, argv with FILE standing for the written file, file content (str, bytes or None = no file), mentions)
CASES = [
    ("replay-missing-file", ["replay", "FILE"], None, r"no such file"),
    ("replay-directory", ["replay", "DIR"], None, r"directory"),
    ("replay-bad-utf8", ["replay", "FILE"], b'{"format": \xff}', r"UTF-8"),
    ("replay-bad-utf16", ["replay", "FILE"], b"\xff\xfe{\x00\x00\xd8}\x00", r"UTF-16"),
    ("replay-nested-100000", ["replay", "FILE"], "[" * 100_000 + "]" * 100_000, r"deep"),
    ("replay-5000-digit-seed", ["replay", "FILE"], setup_with(seed=1).replace('"seed": 1', '"seed": ' + "9" * 5000),
     r"digits"),
    ("replay-first-5", ["replay", "FILE"], setup_with(first=5), r"setup\.first"),
    ("replay-one-deck", ["replay", "FILE"], setup_with(decks=[[V300] * 50]), r"setup\.decks"),
    ("replay-too-large", ["replay", "FILE"], " " * 6_000_000 + "{}", r"large"),
    ("replay-empty-file", ["replay", "FILE"], "", r"JSON"),
    ("replay-engine-9", ["replay", "FILE"], record_with(engine="9.0.0"), r"engine"),
    ("replay-a-list", ["replay", "FILE"], "[1, 2]", r"record"),
    ("scenario-night-string", ["scenario", "FILE"], '{"night": "false"}', r"night"),
    ("scenario-duplicate-key", ["scenario", "FILE"], '{"turn": 3, "turn": 4}', r"duplicate"),
    ("scenario-300-card-deck", ["scenario", "FILE"], json.dumps({"players": [{"deck": [V300] * 300}, {}]}),
     r"players\[0\]\.deck"),
    ("scenario-million-card-deck", ["scenario", "FILE"], json.dumps({"players": [{"deck": [V300] * 1_000_000}, {}]}),
     r"large"),
    ("scenario-a-list", ["scenario", "FILE"], "[]", r"object"),
    ("scenario-bad-utf8", ["scenario", "FILE"], b"\xc3\x28", r"UTF-8"),
    ("selfplay-zero-games", ["selfplay", "--games", "0"], None, r"games"),
    ("selfplay-games-word", ["selfplay", "--games", "abc"], None, r"games"),
    ("bench-negative-games", ["bench", "--games", "-1"], None, r"games"),
    ("selfplay-5000-digit-seed", ["selfplay", "--seed", "9" * 5000], None, r"seed"),
    ("unknown-command", ["frobnicate"], None, r"frobnicate"),
    ("no-command", [], None, r"required"),
    ("replay-without-file", ["replay"], None, r"file"),
    ("replay-deck-breaks-6-1", ["replay", "FILE"], setup_with(decks=[[V300] * 50, [V300] * 50]),
     r"setup\.decks\[0\] breaks the deck-construction rules \(6\.1\)"),
    ("replay-flag-off-200-card-deck", ["replay", "FILE"], setup_with(check_decks=False, decks=[[V300] * 200] * 2),
     r"6\.1.*exactly 50"),
    ("replay-not-json", ["replay", "FILE"], "this is not JSON", r"not JSON"),
    ("replay-nan-seed", ["replay", "FILE"], setup_with(seed=1).replace('"seed": 1', '"seed": NaN'), r"NaN"),
    ("replay-illegal-choice", ["replay", "FILE"], record_with(choices=["fly to the moon"]), r"illegal"),
    ("replay-proto-key", ["replay", "FILE"], record_with(__proto__={}), r"unknown key"),
    ("scenario-truncated", ["scenario", "FILE"], '{"players": [{"hand": ["ETD01-013"', r"JSON"),
    ("scenario-unknown-card", ["scenario", "FILE"], '{"players": [{"hand": ["XXX-1"]}, {}]}', r"unknown card"),
    ("scenario-label-too-long", ["scenario", "FILE"],
     json.dumps({"players": [{"base": [{"card": V300, "label": "a" * 41}]}, {}]}), r"label"),
    ("simulate-bad-deck-code", ["simulate", "XYZx99", "bp01-red-green", "--games", "1"], None, r"XYZx99"),
    ("simulate-deck-breaks-6-1", ["simulate", f"{V300}x50", "bp01-red-green", "--games", "1"], None, r"6\.1"),
    ("simulate-huge-copies", ["simulate", f"{V300}x1000000000", "bp01-red-green"], None, r"copies|at most"),
    ("simulate-games-zero", ["simulate", "bp01-red-green", "bp01-red-green", "--games", "0"], None, r"games"),
    ("simulate-jobs-100000", ["simulate", "bp01-red-green", "bp01-red-green", "--jobs", "100000"], None, r"jobs"),
    ("simulate-budget-nan", ["simulate", "bp01-red-green", "bp01-red-green", "--budget", "nan"], None, r"budget"),
    ("simulate-budget-inf", ["simulate", "bp01-red-green", "bp01-red-green", "--budget", "1e999"], None, r"budget"),
    ("simulate-level-unknown", ["simulate", "bp01-red-green", "bp01-red-green", "--level", "god"], None, r"level"),
    ("simulate-one-deck", ["simulate", "bp01-red-green"], None, r"deck_b"),
    ("ladder-random-decks-word", ["ladder", "--random-decks", "abc"], None, r"random-decks"),
    ("ladder-random-decks-huge", ["ladder", "--random-decks", "9" * 40], None, r"random-decks"),
    ("ladder-playouts-zero", ["ladder", "--playouts", "0"], None, r"playouts"),
    ("ladder-jobs-negative", ["ladder", "--jobs", "-3"], None, r"jobs"),
    ("ladder-budget-text", ["ladder", "--budget", "soon"], None, r"budget"),
    ("ladder-unknown-player", ["ladder", "--players", "normal,wizard"], None, r"players"),
    ("ladder-games-huge", ["ladder", "--games", "9" * 5000], None, r"games"),
    ("puzzle-unknown-id", ["puzzle", "no-such-puzzle"], None, r"no shipped puzzle has this id"),
    ("puzzle-malformed-file", ["puzzle", "FILE"], '{"id": 5', r"JSON"),
    ("puzzle-unknown-option", ["puzzle", "--bogus"], None, r"bogus"),
    ("puzzle-nothing", ["puzzle"], None, r"puzzle"),
]


def write(tmp_path: Path, content: str | bytes | None) -> Path:
    path = tmp_path / "input.json"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    elif isinstance(content, bytes):
        path.write_bytes(content)
    return path


def argv_for(args: list[str], tmp_path: Path, content) -> list[str]:
    path = write(tmp_path, content)
    return [str(path) if a == "FILE" else str(tmp_path) if a == "DIR" else a for a in args]


def check_cli_error(code: int, err: str, mentions: str) -> None:
    assert code != 0
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err[:500]
    assert lines[0].startswith("error: "), lines[0][:200]
    check_message(lines[0], mentions)


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_cli_refuses_hostile_input_in_one_line(case, tmp_path, capsys):
    _, args, content, mentions = case
    argv = argv_for(args, tmp_path, content)
    t0 = time.perf_counter()
    try:
        code = cli(argv)
    except SystemExit as e:   # argparse exits; the code is what the shell sees
        code = e.code
    assert time.perf_counter() - t0 < TIME_LIMIT
    out = capsys.readouterr()
    check_cli_error(code, out.err, mentions)
    assert out.out == ""


SUBPROCESS_CASES = [
    ("scenario-lone-surrogate-card", ["scenario", "FILE"], '{"players": [{"hand": ["\\udcff"]}, {}]}',
     r"players\[0\]\.hand\[0\]"),
    ("replay-nested", ["replay", "FILE"], "[" * 100_000, r"deep"),
    ("selfplay-games-word", ["selfplay", "--games", "x" * 5000], None, r"games"),
    ("replay-deck-breaks-6-1", ["replay", "FILE"], setup_with(decks=[[V300] * 50, [V300] * 50]), r"6\.1"),
    ("puzzle-unknown-id", ["puzzle", "no-such-puzzle"], None, r"no shipped puzzle"),
    ("simulate-bad-deck-code", ["simulate", "XYZx99", "bp01-red-green"], None, r"XYZx99"),
]


@pytest.mark.parametrize("case", SUBPROCESS_CASES, ids=[c[0] for c in SUBPROCESS_CASES])
def test_cli_process_prints_one_line_and_exits_non_zero(case, tmp_path):
    """The real process: output encodes (no lone surrogates echoed) and there is no traceback."""
    _, args, content, mentions = case
    argv = argv_for(args, tmp_path, content)
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run([sys.executable, "-m", "engine", *argv], cwd=ROOT, capture_output=True, text=True,
                          encoding="utf-8", errors="replace", timeout=60, env=env)
    check_cli_error(done.returncode, done.stderr, mentions)


def test_cli_corpus_size():
    assert len(CASES) + len(SUBPROCESS_CASES) >= 25
