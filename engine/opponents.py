"""Public: the computer opponents by level name, why they move as they do, and the Strong level's hint for a learner
(docs/computer-levels.md)."""
from .clients.hint import HINT_BUDGET, hint
from .clients.levels import LEVELS
from .clients.opponents import PLAYERS, make_player
from .clients.why import why

__all__ = ["HINT_BUDGET", "LEVELS", "PLAYERS", "hint", "make_player", "why"]
