"""The rules layer: zones, events and triggers, continuous effects, costs, damage, keywords, effect verbs, rule
actions, battle, playing cards and the turn loop. Importing it registers the whole vocabulary and loads the cards.
"""
from __future__ import annotations

from ..model.carddb import CARDS
from . import continuous_words, keywords, trigger_words, verbs, words  # noqa: F401  (register the vocabulary)
from .checks import check_losses, check_timing, destroyed, resolve_trigger, rule_actions  # noqa: F401

CARDS.load()
