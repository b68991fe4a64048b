"""Public: puzzle files and a puzzle session (moves, the opponent's best answers, undo, hints) (docs/puzzles.md)."""
from .clients.puzzle_session import PuzzleError, PuzzleSession
from .persistence.puzzles import BadPuzzle, Puzzle, load_file, parse, shipped

__all__ = ["BadPuzzle", "Puzzle", "PuzzleError", "PuzzleSession", "load_file", "parse", "shipped"]
