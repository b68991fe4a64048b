"""Public: the benchmarks (random full games per second, Strong's playouts per second) and the random legal decks
they play (docs/performance.md)."""
from .clients.bench import COLOURS, random_deck, run, search_positions, search_run

__all__ = ["COLOURS", "random_deck", "run", "search_positions", "search_run"]
