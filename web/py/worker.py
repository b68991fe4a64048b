"""PyScript worker entry point: exports the game host's ``call`` to the page (``worker.sync.call``)."""

import gc

import decks_host  # noqa: F401  (registers the gallery and deck builder requests)
import hint_host  # noqa: F401  (registers the Strong level's hints)
import lessons_host  # noqa: F401  (registers the lesson requests)
import links_host  # noqa: F401  (registers the share requests)
import puzzles_host  # noqa: F401  (registers the puzzle requests)
import replays_host  # noqa: F401  (registers the replay requests)
import saves_host  # noqa: F401  (registers the saves requests)
import simulate_host  # noqa: F401  (registers the deck builder's simulation)
from playmat_host import call  # noqa: F401  (exported to the page below)

__export__ = ["call"]

# Everything imported so far lives as long as the page: move it out of the collector's way. Python 3.14's
# incremental collector otherwise rescans this heap a slice at a time during Strong's searches (about a tenth
# of the worker's time in a search, against a twentieth in CPython 3.11; see docs/web.md).
gc.freeze()
