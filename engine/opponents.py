"""Public: the computer opponents by level name, why each moves as it does, and Strong's hint (docs/computer-levels.md)."""
from .clients.hint import HINT_BUDGET, hint
from .clients.levels import LEVELS
from .clients.opponents import PLAYERS, make_player
from .clients.why import why

__all__ = ["HINT_BUDGET", "LEVELS", "PLAYERS", "hint", "make_player", "why"]
