"""PyScript worker entry point: exports the game host's ``call`` to the page (``worker.sync.call``)."""

import decks_host  # noqa: F401  (registers the gallery and deck builder requests)
import hint_host  # noqa: F401  (registers the Strong level's hints)
import lessons_host  # noqa: F401  (registers the lesson requests)
import puzzles_host  # noqa: F401  (registers the puzzle requests)
import saves_host  # noqa: F401  (registers the saves, replay and share requests)
import simulate_host  # noqa: F401  (registers the deck builder's simulation)
from playmat_host import call  # noqa: F401  (exported to the page below)

__export__ = ["call"]
