"""Proving a puzzle and reporting it: solvable or not, the winning first moves, whether its written solution works."""
from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field

from ..model.limits import excerpt
from ..persistence.puzzles import BadPuzzle, Puzzle, load_file, shipped
from ..rules.game import Game
from .args import Parser, one_line
from .puzzle_solver import CARDLESS_VERBS, Solver, World, check_solution, initial_worlds


# --- a report ------------------------------------------------------------------------------------------------------
@dataclass
class Report:
    """What ``analyse`` found about a puzzle (``text()`` is what the command line prints)."""

    id: str
    solvable: bool
    lines: int
    pitfalls: int
    winning_first: list[str]
    first_options: int
    solution_ok: bool
    solution_problems: list[str]
    nodes: int
    seconds: float
    strategy: list[str] = field(default_factory=list)

    @property
    def trivial(self) -> bool:
        """Nothing to get wrong: no decision on the winning lines has a losing option."""
        return self.solvable and self.pitfalls == 0

    def text(self) -> str:
        first = (f"winning first moves {len(self.winning_first)} of {self.first_options}" if self.first_options
                 else "the opponent moves first")
        head = (f"{self.id}: {'solvable' if self.solvable else 'NO SOLUTION'}; {self.lines} winning lines; "
                f"{self.pitfalls} pitfalls; {first}; shipped solution {'works' if self.solution_ok else 'FAILS'}; "
                f"{self.nodes} positions in {self.seconds:.2f} s")
        out = [head]
        if self.winning_first:
            out.append("winning first moves: " + "; ".join(self.winning_first))
        if self.strategy:
            out.append("a winning strategy:")
            out.extend("  " + line for line in self.strategy)
        if self.trivial:
            out.append("warning: trivial (no decision on the winning lines can go wrong)")
        out.extend(f"solution problem: {p}" for p in self.solution_problems)
        return "\n".join(out)


def describe(game: Game, text: str) -> str:
    """An action text with card ids shown as ``id:number`` (for reports)."""
    words = []
    verb = text.split()[0]
    for w in text.split():
        card = game.state.find(int(w)) if w.isdigit() and verb not in CARDLESS_VERBS else None
        words.append(f"{w}:{card.number}" if card is not None else w)
    return " ".join(words)


def revealed(before: Game, after: Game) -> str:
    """The cards turned over or drawn between two positions of one line (for reports of hidden decks)."""
    seen = []
    for e in after.state.log[len(before.state.log):]:
        if e.kind == "damage_check_card":
            seen.append(e.data["number"])
        elif e.kind == "draw":
            seen.extend(c.number for i in e.data.get("cards", ()) if (c := after.state.find(i)) is not None)
    hand = [c.number for c in after.state.players[0].hand + after.state.players[1].hand]
    return ", ".join(seen) or f"hands {hand}"


def strategy_lines(solver: Solver, worlds: list[World], limit: int = 80, depth: int = 0) -> list[str]:
    """One winning strategy as indented lines: the solver's first winning move, every answer of the opponent."""
    out: list[str] = []

    def walk(worlds: list[World], indent: int, d: int) -> None:
        if len(out) >= limit:
            return
        game = worlds[0].game
        if solver.outcome(game) is not None:
            return
        dec = game.decision
        mine = dec.player == solver.me
        options = solver.options(worlds)
        if len(options) == 1:
            for part in solver.after(worlds, options[0]):
                walk(part, indent, d + 1)
            return
        for text in options:
            r = solver.child_value(worlds, text, d)
            if mine and not r.win:
                continue
            out.append("  " * indent + ("" if mine else "(opponent) ") + describe(game, text))
            parts = solver.after(worlds, text)
            for part in parts:
                step = 0 if mine else 1
                if len(parts) > 1 and solver.outcome(part[0].game) is None:   # a hidden deck: what was seen
                    out.append("  " * (indent + step) + f"[if you see: {revealed(game, part[0].game)}]")
                    step += 1
                walk(part, indent + step, d + 1)
            if mine:
                return

    walk(worlds, 0, depth)
    return out


def analyse(puzzle: Puzzle, strategy: bool = True) -> Report:
    """Prove a puzzle: is it solvable, how many winning lines, which first moves win, does the solution work."""
    t0 = time.perf_counter()
    solver = Solver(puzzle)
    worlds = initial_worlds(puzzle)
    root = solver.solve(worlds)
    winning: list[str] = []
    first = 0
    if worlds[0].game.decision.player == solver.me:
        ranked = solver.ranked(worlds)
        first = len(ranked)
        winning = [describe(worlds[0].game, t) for t, r in ranked if r.win]
    lines = strategy_lines(solver, worlds) if strategy and root.win else []
    check = check_solution(puzzle)
    return Report(puzzle.id, root.win, root.lines, root.pitfalls, winning, first, check.ok, check.problems,
                  solver.nodes, time.perf_counter() - t0, lines)


# --- command line ------------------------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    """``python -m engine puzzle FILE|ID ... | --all``: prove puzzles and print what the search found.

    Exit status 0 when every puzzle is solvable and its shipped solution works, 1 otherwise, 2 on bad input.
    """
    ap = Parser(prog="python -m engine puzzle", description=main.__doc__,
                epilog="python -m engine puzzle generate --help: mine new puzzles from computer games")
    ap.add_argument("puzzles", nargs="*", help="puzzle files, or ids of shipped puzzles")
    ap.add_argument("--all", action="store_true", help="every shipped puzzle (cards/puzzles)")
    ap.add_argument("--quiet", action="store_true", help="one line per puzzle, no strategy")
    args = ap.parse_args(argv)
    try:
        known = shipped()
        chosen = list(known.values()) if args.all else []
        for name in args.puzzles:
            if name not in known and not os.path.exists(name):
                raise BadPuzzle(f"{excerpt(name)}: no shipped puzzle has this id and there is no such file "
                                f"(ids: {', '.join(list(known)[:5])}{', …' if len(known) > 5 else ''}).")
            chosen.append(known[name] if name in known else load_file(name))
    except BadPuzzle as e:
        print(f"error: {one_line(str(e))}", file=sys.stderr)
        return 2
    if not chosen:
        ap.error("name puzzle files or ids, or use --all")
    ok = True
    for puzzle in chosen:
        report = analyse(puzzle, strategy=not args.quiet)
        print(report.text().splitlines()[0] if args.quiet else report.text())
        ok = ok and report.solvable and report.solution_ok
    return 0 if ok else 1
