"""Public: the benchmark (random full games per second) and the random legal decks it plays (docs/performance.md)."""
from .clients.bench import COLOURS, random_deck, run

__all__ = ["COLOURS", "random_deck", "run"]
