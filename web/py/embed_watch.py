"""PyScript worker entry point of the embed page's replay and link frames: only the host modules such a frame calls."""

import replays_host  # noqa: F401  (registers the replay requests, which also open links)
from playmat_host import call  # noqa: F401  (exported to the page below)

__export__ = ["call"]
