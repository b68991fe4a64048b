"""Public: the benchmarks (random games per second, Strong's playouts per second) and their random decks (docs/performance.md)."""
from .clients.bench import COLOURS, random_deck, run, search_positions, search_run

__all__ = ["COLOURS", "random_deck", "run", "search_positions", "search_run"]
