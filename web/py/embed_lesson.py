"""PyScript worker entry point of the embed page's lesson frames: only the host modules such a frame calls."""

import lessons_host  # noqa: F401  (registers the lesson requests)
from playmat_host import call  # noqa: F401  (exported to the page below)

__export__ = ["call"]
