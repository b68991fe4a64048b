"""PyScript worker entry point of the embed page's puzzle frames: only the host modules such a frame calls."""

import puzzles_host  # noqa: F401  (registers the puzzle requests)
from playmat_host import call  # noqa: F401  (exported to the page below)

__export__ = ["call"]
