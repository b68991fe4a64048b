"""The presentation layer: card text, narration of the log and what one player may see (views, secrecy).

Importing it fills the model's text slots, so ``ability.text()``, ``card.text()`` and ``event.text()`` work."""
from __future__ import annotations

from . import messages, narrate, text  # noqa: F401  (install the renderers)
