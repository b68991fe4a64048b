"""Public: deck A against deck B over many seeded games between computer players (docs/computer-levels.md)."""
from .clients.simulate import SimError, play_one, resolve_deck, run, summarise, tasks_for

__all__ = ["SimError", "play_one", "resolve_deck", "run", "summarise", "tasks_for"]
