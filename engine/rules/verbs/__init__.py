"""The core vocabulary of card abilities: effect verbs by family, and the conditions, filters and amounts they use."""
from __future__ import annotations

# Importing a family registers its words. How a word reads is card text (engine.presentation.cardtext); words of
# one colour's cards are in engine/rules/words/, triggers, continuous effects and keywords in modules of their own.
from . import amounts, cards, choosing, conditions, filters, players, structure  # noqa: F401
