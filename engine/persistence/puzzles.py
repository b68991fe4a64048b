"""Puzzle files (``cards/puzzles/<id>.json``): loading and validation with clear errors (docs/puzzles.md)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources
from math import factorial
from typing import Any

from ..model.limits import MAX_TEXT_CHARS, a_number, excerpt
from ..model.safe_json import BadJSON
from ..model.safe_json import loads as safe_loads
from ..presentation.languages import LANGS
from .scenario import BadScenario, build_state

KINDS = ("win-this-turn", "survive")
KEYS = {"id", "kind", "difficulty", "title", "goal", "explanation", "rules", "player", "hidden_decks",
        "scenario", "solution", "themes", "rating", "generated"}
REQUIRED = ("id", "kind", "difficulty", "title", "goal", "explanation", "rules", "scenario", "solution")
ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
RULE = re.compile(r"^\d+(\.\d+)*$")
MAX_ORDERS = 720           # distinct orders of the hidden decks together (each is a world the solver plays)
MAX_STEPS = 200
THEME = re.compile(r"^[a-z]+(-[a-z]+)*$")
DEFAULT_RATING = {1: 1000, 2: 1200, 3: 1400, 4: 1600, 5: 1800}   # a hand-made puzzle's rating by difficulty


class BadPuzzle(ValueError):
    """A puzzle file that cannot be used; the message names the file and the path of what is wrong."""


@dataclass
class Puzzle:
    """One puzzle: a scenario, what to achieve, and the shipped solution (action templates)."""

    id: str
    kind: str
    difficulty: int
    title: dict
    goal: dict
    explanation: dict
    rules: list[str]
    scenario: dict
    solution: list
    solver: int
    hidden_decks: list[int] = field(default_factory=list)
    themes: list[str] = field(default_factory=list)
    rating: int = 0
    generated: dict | None = None

    def summary(self) -> dict:
        """What a puzzle list shows."""
        return {"id": self.id, "kind": self.kind, "difficulty": self.difficulty, "title": dict(self.title),
                "goal": dict(self.goal), "rules": list(self.rules), "themes": list(self.themes),
                "rating": self.rating, "generated": self.generated is not None}


def _fail(name: str, where: str, message: str) -> BadPuzzle:
    return BadPuzzle(f"{name}: {where}: {message}")


def _text(value: Any, name: str, where: str) -> dict:
    if not isinstance(value, dict) or set(value) != set(LANGS):
        raise _fail(name, where, f"expected {{\"en\": TEXT, \"ja\": TEXT}}, got {excerpt(value)}.")
    for lang in LANGS:
        text = value[lang]
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT_CHARS:
            raise _fail(name, f"{where}.{lang}", f"expected text of 1 to {MAX_TEXT_CHARS} characters, "
                                                 f"got {excerpt(text)}.")
    return dict(value)


def _steps(value: Any, name: str, where: str) -> list:
    """A solution: action templates (text) and ``{"answers": {TEMPLATE: [steps], ...}}`` branches."""
    if not isinstance(value, list) or len(value) > MAX_STEPS:
        raise _fail(name, where, f"expected a list of at most {MAX_STEPS} steps, got {excerpt(value)}.")
    for k, step in enumerate(value):
        at = f"{where}[{k}]"
        if isinstance(step, str):
            if not step.strip() or len(step) > 200:
                raise _fail(name, at, f"expected an action text, got {excerpt(step)}.")
        elif isinstance(step, dict) and set(step) == {"answers"} and isinstance(step["answers"], dict) \
                and step["answers"]:
            for template, rest in step["answers"].items():
                _steps(rest, name, f"{at}.answers[{excerpt(template)}]")
        else:
            raise _fail(name, at, f"expected an action text or {{\"answers\": {{...}}}}, got {excerpt(step)}.")
    return value


def _orders(deck: list) -> int:
    """How many distinct orders a deck list has."""
    counts: dict[str, int] = {}
    for entry in deck:
        counts[repr(entry)] = counts.get(repr(entry), 0) + 1
    n = factorial(len(deck))
    for c in counts.values():
        n //= factorial(c)
    return n


def parse(data: Any, name: str = "puzzle") -> Puzzle:
    """A Puzzle from its JSON data (dict or text); BadPuzzle names ``name`` and the path of any fault."""
    if isinstance(data, str | bytes | bytearray):
        try:
            data = safe_loads(data)
        except BadJSON as e:
            raise BadPuzzle(f"{name}: {e}") from None
    if not isinstance(data, dict):
        raise BadPuzzle(f"{name}: a puzzle must be a JSON object, not {excerpt(data)}.")
    for key in data:
        if key not in KEYS:
            raise _fail(name, str(key), f"unknown key (expected one of {', '.join(sorted(KEYS))}).")
    for key in REQUIRED:
        if key not in data:
            raise _fail(name, key, "missing.")
    pid = data["id"]
    if not isinstance(pid, str) or not ID.match(pid) or len(pid) > 80:
        raise _fail(name, "id", f"expected a kebab-case id like \"p01-first-strike\", got {excerpt(pid)}.")
    if data["kind"] not in KINDS:
        raise _fail(name, "kind", f"expected one of {', '.join(KINDS)}, got {excerpt(data['kind'])}.")
    diff = data["difficulty"]
    if not a_number(diff) or not 1 <= diff <= 5:
        raise _fail(name, "difficulty", f"expected a whole number from 1 to 5, got {excerpt(diff)}.")
    rules = data["rules"]
    if not isinstance(rules, list) or not rules or not all(isinstance(r, str) and RULE.match(r) for r in rules):
        raise _fail(name, "rules", f"expected a non-empty list of rule numbers like \"9.5\", got {excerpt(rules)}.")
    scenario = data["scenario"]
    try:
        state, _phase = build_state(scenario)
    except BadScenario as e:
        raise BadPuzzle(f"{name}: scenario: {e}") from None
    turn_player = state.turn_player
    default = turn_player if data["kind"] == "win-this-turn" else 1 - turn_player
    player = data.get("player", default)
    if player not in (0, 1) or isinstance(player, bool):
        raise _fail(name, "player", f"expected 0 or 1, got {excerpt(player)}.")
    if data["kind"] == "win-this-turn" and player != turn_player:
        raise _fail(name, "player", "a win-this-turn puzzle is solved by the turn player.")
    if data["kind"] == "survive" and player == turn_player:
        raise _fail(name, "player", "a survive puzzle is solved by the player whose turn it is not.")
    hidden = data.get("hidden_decks", [])
    if not isinstance(hidden, list) or len(set(map(repr, hidden))) != len(hidden) \
            or not all(h in (0, 1) and not isinstance(h, bool) for h in hidden):
        raise _fail(name, "hidden_decks", f"expected a list of distinct players (0 or 1), got {excerpt(hidden)}.")
    orders = 1
    for h in hidden:
        if "deck" not in scenario.get("players", [{}, {}])[h]:
            raise _fail(name, "hidden_decks", f"player {h}'s deck is hidden, so the scenario must list it.")
        orders *= _orders(scenario["players"][h]["deck"])
    if orders > MAX_ORDERS:
        raise _fail(name, "hidden_decks", f"the hidden decks have {orders} distinct orders; at most {MAX_ORDERS} "
                                          f"(list the deck explicitly and keep it short).")
    themes = data.get("themes", [])
    if not isinstance(themes, list) or len(themes) > 20 or not all(isinstance(t, str) and THEME.match(t)
                                                                   and len(t) <= 40 for t in themes):
        raise _fail(name, "themes", f"expected a list of at most 20 theme words like \"lucky\", got {excerpt(themes)}.")
    rating = data.get("rating", DEFAULT_RATING[diff])
    if not a_number(rating) or not 0 <= rating <= 4000:
        raise _fail(name, "rating", f"expected a whole number from 0 to 4000, got {excerpt(rating)}.")
    generated = data.get("generated")
    if generated is not None and not isinstance(generated, dict):
        raise _fail(name, "generated", f"expected an object (what the generator found), got {excerpt(generated)}.")
    return Puzzle(pid, data["kind"], diff, _text(data["title"], name, "title"), _text(data["goal"], name, "goal"),
                  _text(data["explanation"], name, "explanation"), list(rules), scenario,
                  _steps(data["solution"], name, "solution"), player, list(hidden), list(themes), rating, generated)


def load_file(path: str) -> Puzzle:
    """A puzzle from a file; the file name (without .json) must be the puzzle's id."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise BadPuzzle(f"{path}: cannot read it ({e.strerror}).") from None
    return parse(raw, path)


def shipped() -> dict[str, Puzzle]:
    """The puzzles shipped in ``cards/puzzles`` (hand-made) and ``cards/puzzles/generated`` (mined from games,
    ``engine.clients.puzzle_generator``), by id: hand-made first, each group in order of difficulty then id."""
    found: list[Puzzle] = []
    for where in ("puzzles", "puzzles/generated"):
        folder = resources.files("cards").joinpath(where)
        if not folder.is_dir():
            continue
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".json"):
                puzzle = parse(entry.read_bytes(), f"cards/{where}/{entry.name}")
                if puzzle.id != entry.name[:-5]:
                    raise BadPuzzle(f"cards/{where}/{entry.name}: id: {puzzle.id!r} differs from the file name.")
                found.append(puzzle)
    found.sort(key=lambda p: (p.generated is not None, p.difficulty, p.id))
    return {p.id: p for p in found}
