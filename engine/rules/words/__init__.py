"""Words of the ability vocabulary beyond the core: one module per colour, plus unique named effects."""
from __future__ import annotations

from . import blue, green, purple, red  # noqa: F401  (each registers its words)
