"""Puzzle solver: an exhaustive AND-OR search over the engine's legal options (docs/puzzles.md).

The solver's side picks one option (OR), every answer of the opponent must be covered (AND), and so must every
order of a deck the puzzle declares hidden: a search node is the set of *worlds* (one game per possible deck
order) that the solver cannot tell apart from what it has seen. An option of the solver is applied in every
world at once (the solver cannot see which world it is in); the worlds are then split by what the solver sees
(its view), and each part must be won. An opponent option is tried in every world where it is legal, so the
opponent may as well know the hidden order.

Games are branched without copying a running game (the engine's flow is a generator): a world keeps the state
copied at its last main-phase decision (an *anchor*, from which ``Game(..., "resume_main")`` resumes) and the
choices made since. Results are memoised on a canonical key of the worlds' states at main-phase decisions.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..model.actions import Action
from ..model.state import Card, State
from ..persistence.puzzles import Puzzle
from ..persistence.scenario import load as load_scenario
from ..presentation.view import view as view_of
from ..rules.game import Game

MAX_LINE = 300          # decisions in one line of play before the search gives up (a loop in the cards)
CARDLESS_VERBS = ("mode", "x", "concede", "name")   # verbs whose arguments are not card ids


class SolverError(RuntimeError):
    """The search cannot go on (a line too long, or a budget spent)."""


# --- worlds ------------------------------------------------------------------------------------------------------
@dataclass
class World:
    """One possible game: a copy at the last main-phase decision (or the scenario) plus the choices since."""

    game: Game
    anchor: State | None
    scenario: dict
    tail: list[str] = field(default_factory=list)

    def fork(self) -> World:
        """An independent copy of this world's game at the same decision."""
        if self.anchor is None:
            game = load_scenario(self.scenario, snapshots=False)
        else:
            game = resume(self.anchor.clone())
        for text in self.tail:
            game.apply(text)
        return World(game, self.anchor, self.scenario, list(self.tail))

    def apply(self, action: Action | str) -> None:
        self.game.apply(action)
        self.tail.append(action.text if isinstance(action, Action) else action)
        d = self.game.decision
        if d is not None and d.kind == "main":
            self.anchor = self.game.state.clone()
            self.tail = []


def resume(state: State) -> Game:
    """A game at the main-phase decision ``state`` was copied at."""
    return Game(state, {"scenario": "puzzle search"}, "resume_main", snapshots=False, origin=lambda: state)


def deck_orders(deck: list[Any]) -> list[list[Any]]:
    """Every distinct order of a deck list (entries compared by their JSON text), each once, without walking
    the orders of identical cards."""
    counts: dict[str, int] = {}
    entries: dict[str, Any] = {}
    for e in deck:
        key = json.dumps(e, sort_keys=True)
        counts[key] = counts.get(key, 0) + 1
        entries.setdefault(key, e)
    out: list[list[Any]] = []

    def grow(prefix: list[Any]) -> None:
        if len(prefix) == len(deck):
            out.append(list(prefix))
            return
        for key in entries:
            if counts[key]:
                counts[key] -= 1
                prefix.append(entries[key])
                grow(prefix)
                prefix.pop()
                counts[key] += 1

    grow([])
    return out


def initial_worlds(puzzle: Puzzle) -> list[World]:
    """One world per combination of orders of the hidden decks (just the scenario when none is hidden)."""
    scenarios = [puzzle.scenario]
    for p in puzzle.hidden_decks:
        grown = []
        for sc in scenarios:
            for order in deck_orders(sc["players"][p]["deck"]):   # listed: the puzzle loader checks it
                copy = json.loads(json.dumps(sc))
                copy["players"][p]["deck"] = order
                grown.append(copy)
        scenarios = grown
    return [World(load_scenario(sc, snapshots=False), None, sc) for sc in scenarios]


# --- keys --------------------------------------------------------------------------------------------------------
def state_key(state: State) -> tuple:
    """A canonical key of a state at a main-phase decision: card ids are replaced by where the card is, so the
    same position reached in another order (the cards then have other ids) has the same key."""
    zone_names = ("deck", "hand", "base", "graveyard", "exile")
    turn = state.turn

    def facts(c: Card) -> tuple:
        return (c.number, c.rested, c.damage, c.entered_turn - turn, c.assigned_turn - turn, repr(sorted(c.tags.items())))

    # the deck keeps its order; in the other zones order does not matter, so the cards are sorted by what they are
    zones = {(p.index, z): (list(p.zone(z)) if z == "deck" else sorted(p.zone(z), key=facts))
             for p in state.players for z in zone_names}
    where = {c.id: (i, z, k) for (i, z), cards in zones.items() for k, c in enumerate(cards)}

    def at(card_id: Any) -> Any:
        if isinstance(card_id, Card):
            card_id = card_id.id
        return where.get(card_id, ("gone", card_id)) if isinstance(card_id, int) else card_id

    players = []
    for p in state.players:
        rows = tuple(tuple((*facts(c), at(c.exiled_by)) for c in zones[(p.index, z)]) for z in zone_names)
        players.append((rows, p.life, p.soul_deck, p.souls_standing, p.souls_rested, p.material, p.ingredient,
                        p.souldraw_turn - state.turn, p.cards_played))
    effects = tuple(sorted(repr((e.kind, at(e.target), e.player, e.value, e.until_turn, at(e.source_id),
                                 e.while_source, e.until_stand_of, e.uses)) for e in state.effects))
    used = tuple(sorted(repr((at(u[0]), *u[1:])) if isinstance(u, tuple) and u else repr(u) for u in state.used))
    delayed = tuple(sorted(repr({k: at(v) for k, v in d.items()}) for d in state.delayed))
    return (state.turn, state.turn_player, state.phase, tuple(players), effects, used, delayed,
            repr(sorted(map(repr, state.end_fired))), hash(state.rng.getstate()), bool(state.pending),
            state.battle is None)


def observation(game: Game, me: int) -> str:
    """What the solver's side sees (its view without the log): worlds that look alike stay together."""
    v = dict(view_of(game, me, log_tail=0))
    v.pop("log", None)
    return json.dumps(v, sort_keys=True, default=str)


# --- the search --------------------------------------------------------------------------------------------------
@dataclass
class Result:
    """What the search found at one node: ``win`` (the solver's side can force the goal); ``lines``, the
    distinct lines of play that win (each answer of the opponent counted apart, the solver keeping to winning
    moves); ``pitfalls``, the solver's decisions on those lines where some option loses (0: nothing to get
    wrong, a trivial puzzle)."""

    win: bool
    lines: int
    pitfalls: int = 0


LOST = Result(False, 0, 0)


@dataclass
class Solver:
    """An AND-OR search for one puzzle. ``solve()`` proves the start position; ``nodes`` counts positions."""

    puzzle: Puzzle
    budget_nodes: int = 2_000_000
    memoise: bool = True
    memo: dict = field(default_factory=dict)
    nodes: int = 0

    @property
    def me(self) -> int:
        return self.puzzle.solver

    def outcome(self, game: Game) -> bool | None:
        """True/False when a world has reached the goal / failed it for good, None while play goes on."""
        st = game.state
        if st.turn != self.puzzle.scenario.get("turn", 3):
            # the turn is over (a game that ends keeps the turn it ended in): a survive puzzle is solved, a
            # win-this-turn puzzle failed, even if the opponent then decks out in the draw phase
            return self.puzzle.kind == "survive"
        if st.outcome is not None:
            return st.outcome.winner == self.me
        return None

    def solve(self, worlds: list[World] | None = None) -> Result:
        """Whether the solver's side wins from these worlds (the puzzle's start when None)."""
        return self.node(worlds if worlds is not None else initial_worlds(self.puzzle), 0)

    def node(self, worlds: list[World], depth: int) -> Result:
        """The value of a set of worlds the solver cannot tell apart (all at the same kind of decision)."""
        done = self.outcome(worlds[0].game)
        if done is not None:
            return Result(True, 1, 0) if done else LOST
        if depth > MAX_LINE:
            raise SolverError(f"a line of play went beyond {MAX_LINE} decisions")
        d = worlds[0].game.decision
        key = None
        if d.kind == "main" and self.memoise:
            key = (d.player, tuple(sorted(state_key(w.game.state) for w in worlds)))
            if key in self.memo:
                return self.memo[key]
        self.nodes += 1
        if self.nodes > self.budget_nodes:
            raise SolverError(f"the search went beyond {self.budget_nodes} positions")
        result = self.choose(worlds, depth) if d.player == self.me else self.answer(worlds, depth)
        if key is not None:
            self.memo[key] = result
        return result

    def options(self, worlds: list[World]) -> list[str]:
        """The option texts of the pending decision in any of the worlds, in the engine's order."""
        seen: dict[str, None] = {}
        for w in worlds:
            for a in w.game.decision.options:
                seen.setdefault(a.text, None)
        return list(seen)

    def after(self, worlds: list[World], text: str) -> list[list[World]]:
        """The worlds after ``text`` (where it is legal), split by what the solver's side then sees."""
        parts: dict[str, list[World]] = {}
        for w in worlds:
            if not any(a.text == text for a in w.game.decision.options):
                continue
            child = w.fork()
            child.apply(text)
            obs = observation(child.game, self.me) if len(worlds) > 1 else ""
            parts.setdefault(obs, []).append(child)
        return list(parts.values())

    def child_value(self, worlds: list[World], text: str, depth: int) -> Result:
        """AND over the parts the option splits the worlds into (each part is a distinct line)."""
        return self.all_of([part for part in self.after(worlds, text)], depth)

    def all_of(self, nodes: list[list[World]], depth: int) -> Result:
        lines = pitfalls = 0
        for worlds in nodes:
            r = self.node(worlds, depth + 1)
            if not r.win:
                return LOST
            lines += r.lines
            pitfalls += r.pitfalls
        return Result(True, lines, pitfalls)

    def choose(self, worlds: list[World], depth: int) -> Result:
        """OR node: the solver's side wins if one option wins; lines add up over the winning options."""
        options = self.options(worlds)
        results = [self.child_value(worlds, text, depth) for text in options]
        won = [r for r in results if r.win]
        if not won:
            return LOST
        # a pitfall: a move that loses here; ending the main phase early is no temptation, so it does not count
        trap = 1 if any(not r.win and t != "end" for t, r in zip(options, results, strict=True)) else 0
        return Result(True, sum(r.lines for r in won), trap + sum(r.pitfalls for r in won))

    def answer(self, worlds: list[World], depth: int) -> Result:
        """AND node: every answer of the opponent must be won."""
        lines = pitfalls = 0
        for text in self.options(worlds):
            r = self.child_value(worlds, text, depth)
            if not r.win:
                return LOST
            lines += r.lines
            pitfalls += r.pitfalls
        return Result(True, lines, pitfalls)

    def ranked(self, worlds: list[World], depth: int = 0) -> list[tuple[str, Result]]:
        """Each option of the pending decision with its value (for hints and the opponent's replies)."""
        return [(text, self.child_value(worlds, text, depth)) for text in self.options(worlds)]


# --- matching action templates (card numbers and labels instead of ids) ------------------------------------------
def card_names(game: Game) -> dict[int, set[str]]:
    """Every card id of the game with the words a template may use for it: its number and ``@label``."""
    labels = getattr(game.state, "labels", None) or {}
    out: dict[int, set[str]] = {}
    for p in game.state.players:
        for zname in ("deck", "hand", "base", "graveyard", "exile", "resolution"):
            for c in p.zone(zname):
                words = {c.number, str(c.id)}
                label = labels.get(c.id) if isinstance(labels, dict) else None
                if label is None:
                    label = c.tags.get("label") if isinstance(c.tags, dict) else None
                if label:
                    words.add("@" + str(label))
                out[c.id] = words
    return out


def matches(template: str, text: str, names: dict[int, set[str]]) -> bool:
    """Whether an action text fits a template whose card arguments may be numbers or ``@labels``."""
    want, got = template.split(), text.split()
    if len(want) != len(got):
        return False
    for w, g in zip(want, got, strict=True):
        if w == g:
            continue
        if g.isdigit() and w in names.get(int(g), ()):
            continue
        return False
    return True


def resolve(game: Game, template: str) -> str | None:
    """The first legal option of the pending decision that fits the template, or None."""
    if game.decision is None:
        return None
    names = card_names(game)
    for a in game.decision.options:
        if matches(template, a.text, names):
            return a.text
    return None


# --- checking the shipped solution --------------------------------------------------------------------------------
@dataclass
class SolutionCheck:
    ok: bool
    problems: list[str]
    leaves: int


def named(game: Game, text: str) -> tuple[str, dict[int, set[str]]]:
    """An action text with the names of its cards as they are now (cards get new ids when they move, so an
    action is matched against templates with the names it had when it was taken)."""
    names = card_names(game)
    return text, {int(w): names[int(w)] for w in text.split() if w.isdigit() and int(w) in names}


def pick_answer(step: dict, opponent: list[tuple[str, dict]]) -> list | None:
    """The steps of a branch step for the opponent's actions since the solver's last step (each from
    ``named``): those under the first template that fits one of them, else under ``"*"``, else None."""
    for template, rest in step["answers"].items():
        if template != "*" and any(matches(template, text, names) for text, names in opponent):
            return rest
    return step["answers"].get("*")


def check_solution(puzzle: Puzzle, steps: list | None = None, limit: int = 20) -> SolutionCheck:
    """Play the shipped solution (or ``steps``) against every opponent answer and every hidden deck order.

    A solver decision with one option is taken without a step; an object step ``{"answers": {TEMPLATE: [...],
    "*": [...]}}`` continues with the steps under the first template that fits an action of the opponent since
    the solver's previous step (docs/puzzles.md).
    """
    solver = Solver(puzzle)
    problems: list[str] = []
    leaves = 0

    def walk(worlds: list[World], steps: list, opponent: list[tuple[str, dict]], path: list[str], depth: int) -> None:
        nonlocal leaves
        if len(problems) >= limit:
            return
        game = worlds[0].game
        where = " / ".join(path) or "the start"
        done = solver.outcome(game)
        if done is not None:
            leaves += 1
            if not done:
                problems.append(f"after {where}: the goal is missed")
            return
        if depth > MAX_LINE:
            problems.append(f"after {where}: too long")
            return
        d = game.decision
        if d.player != puzzle.solver:
            for text in solver.options(worlds):
                for part in solver.after(worlds, text):
                    walk(part, steps, [*opponent, named(game, text)], [*path, f"(opponent) {text}"], depth + 1)
            return
        if all(len(w.game.decision.options) == 1 for w in worlds):
            text = d.options[0].text
            for part in solver.after(worlds, text):
                walk(part, steps, opponent, [*path, text], depth + 1)
            return
        while steps and isinstance(steps[0], dict):
            chosen = pick_answer(steps[0], opponent)
            if chosen is None:
                problems.append(f"after {where}: no answer listed for {[t for t, _ in opponent] or 'the start'}")
                return
            steps = list(chosen) + list(steps[1:])
        if not steps:
            problems.append(f"after {where}: the solution has no more steps")
            return
        text = resolve(game, steps[0])
        if text is None:
            problems.append(f"after {where}: step {steps[0]!r} is not legal")
            return
        for part in solver.after(worlds, text):
            walk(part, steps[1:], [], [*path, text], depth + 1)

    walk(initial_worlds(puzzle), list(puzzle.solution if steps is None else steps), [], [], 0)
    return SolutionCheck(not problems, problems, leaves)
